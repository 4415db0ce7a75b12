import { useEffect, useRef, useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, UI } from '@ayar/contract';
import type { UsersByNameItem } from '@ayar/contract';
import { apiRequest } from '../../../lib/api.ts';

export interface UserAutocompleteValue {
  id: string;
  name: string;
}

export interface UserAutocompleteProps {
  label: string;
  value: UserAutocompleteValue | null;
  /** The chosen workshop, or null as soon as the text no longer names one (SPEC.md 4). */
  onChange: (value: UserAutocompleteValue | null) => void;
  /** Only workshops with this status (0, 1 or 5). */
  status?: number;
  placeholder?: string;
}

const DEBOUNCE_MS = 250;
const KEEP_OPEN_ON_OUTSIDE_CLICK: Record<string, unknown> = { closeOnClickOutside: false };

/**
 * The admin's workshop-name autocomplete (GET /Manage/UsersByName): suggestions after a short pause in
 * typing, chosen with the mouse or the arrow keys and Enter. Typing clears the chosen workshop, and the
 * list closes 500 ms after the field loses focus (SPEC.md 9), so a click on a suggestion still lands.
 */
export function UserAutocomplete({ label, value, onChange, status, placeholder }: UserAutocompleteProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [shownValue, setShownValue] = useState(value);
  const closeTimer = useRef<number | undefined>(undefined);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  // A value set from outside (a reset, a loaded filter) replaces the text.
  if ((value?.id ?? null) !== (shownValue?.id ?? null)) {
    setShownValue(value);
    if (value) setText(value.name);
    else if (shownValue && text === shownValue.name) setText('');
  }

  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const searching = debounced.length >= 1 && (!value || value.name !== text);
  const suggestions = useQuery<UsersByNameItem[]>({
    queryKey: ['workshops', 'usersByName', debounced, status ?? null],
    queryFn: ({ signal }) =>
      apiRequest<UsersByNameItem[]>(ROUTES.manage.usersByName, {
        query: { name: debounced, status },
        background: true,
        signal,
      }),
    enabled: searching,
    staleTime: 10_000,
  });

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const items = searching ? (suggestions.data ?? []) : [];
  const choose = (item: UsersByNameItem) => {
    window.clearTimeout(closeTimer.current);
    setText(item.name);
    setShownValue(item);
    onChange(item);
    combobox.closeDropdown();
  };

  return (
    <Combobox
      store={combobox}
      // Combobox hands these to its Popover at run time; its type leaves them out. The blur timer below
      // closes the list instead, 500 ms after the click outside.
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
          placeholder={placeholder ?? 'نام آزمایشگاه را بنویسید'}
          value={text}
          autoComplete="off"
          rightSection={suggestions.isFetching ? <Loader size={16} /> : null}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            if (value) {
              setShownValue(null);
              onChange(null);
            }
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            if (text.trim()) combobox.openDropdown();
          }}
          onBlur={() => {
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => combobox.closeDropdown(), UI.autocompleteCloseMs);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label={`پیشنهادهای ${label}`}>
          {items.map((item) => (
            <Combobox.Option value={item.id} key={item.id}>
              {item.name}
            </Combobox.Option>
          ))}
          {items.length === 0 && (
            <Combobox.Empty>
              <Text size="sm" c="dimmed">
                {suggestions.isFetching || debounced !== text.trim()
                  ? 'در حال جستجو…'
                  : 'آزمایشگاهی پیدا نشد'}
              </Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
