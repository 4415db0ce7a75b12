import { useEffect, useRef, useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, UI, toPersianDigits } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { apiRequest } from '../../../lib/api.ts';

export interface CustomerAutocompleteProps {
  label: string;
  value: CustomerSearchItem | null;
  /** The chosen customer, or null as soon as the text no longer names one. */
  onChange: (value: CustomerSearchItem | null) => void;
  error?: string;
  withAsterisk?: boolean;
  placeholder?: string;
}

const DEBOUNCE_MS = 200;
const KEEP_OPEN_ON_OUTSIDE_CLICK: Record<string, unknown> = { closeOnClickOutside: false };

/**
 * The workshop's customer picker (GET /Customer/CustomersByName): suggestions as the name is typed
 * (ي/ك, half-spaces and digits don't matter), with each customer's code and mobile to tell namesakes
 * apart; arrow keys and Enter or a tap choose. The list closes 500 ms after the field loses focus.
 */
export function CustomerAutocomplete({
  label,
  value,
  onChange,
  error,
  withAsterisk,
  placeholder,
}: CustomerAutocompleteProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [shownId, setShownId] = useState(value?.id ?? null);
  const closeTimer = useRef<number | undefined>(undefined);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    if (value) setText(value.name);
  }

  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const searching = !value || value.name !== text;
  const suggestions = useQuery<CustomerSearchItem[]>({
    queryKey: ['customers', 'byName', debounced],
    queryFn: ({ signal }) =>
      apiRequest<CustomerSearchItem[]>(ROUTES.customer.customersByName, {
        query: { name: debounced },
        background: true,
        signal,
      }),
    enabled: searching && combobox.dropdownOpened,
    staleTime: 10_000,
  });
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const items = searching ? (suggestions.data ?? []) : [];
  const choose = (item: CustomerSearchItem) => {
    window.clearTimeout(closeTimer.current);
    setText(item.name);
    setShownId(item.id);
    onChange(item);
    combobox.closeDropdown();
  };

  return (
    <Combobox
      store={combobox}
      {...KEEP_OPEN_ON_OUTSIDE_CLICK}
      onOptionSubmit={(id) => {
        const item = items.find((i) => i.id === id);
        if (item) choose(item);
      }}
      withinPortal
    >
      <Combobox.Target>
        <TextInput
          label={label}
          withAsterisk={withAsterisk}
          placeholder={placeholder ?? 'نام، کد یا موبایل مشتری را بنویسید'}
          value={text}
          error={error}
          autoComplete="off"
          rightSection={suggestions.isFetching ? <Loader size={16} /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (value) {
              setShownId(null);
              onChange(null);
            }
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            if (searching) combobox.openDropdown();
          }}
          onClick={() => {
            if (searching) combobox.openDropdown();
          }}
          onBlur={() => {
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => combobox.closeDropdown(), UI.autocompleteCloseMs);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label={`پیشنهادهای ${label}`} mah={280} style={{ overflowY: 'auto' }}>
          {items.map((item) => (
            <Combobox.Option value={item.id} key={item.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{item.name}</Text>
                <Text size="xs" c="dimmed">
                  <Ltr>{toPersianDigits(item.code)}</Ltr>
                  {item.mobile ? (
                    <>
                      {' · '}
                      <Ltr>{toPersianDigits(item.mobile)}</Ltr>
                    </>
                  ) : null}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {items.length === 0 && (
            <Combobox.Empty>
              <Text size="sm" c="dimmed">
                {suggestions.isFetching || debounced !== text.trim() ? 'در حال جستجو…' : 'مشتری‌ای پیدا نشد'}
              </Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
