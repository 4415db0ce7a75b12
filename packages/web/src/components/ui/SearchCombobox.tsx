import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { UI } from '@ayar/contract';

/** What a search combobox offers and keeps: an id to choose by and the name the field shows. */
export interface SearchComboboxItem {
  id: string;
  name: string;
}

export interface SearchComboboxProps<T extends SearchComboboxItem> {
  label: string;
  value: T | null;
  /** The chosen item, or null as soon as the text no longer names one. */
  onChange: (value: T | null) => void;
  placeholder: string;
  error?: string;
  withAsterisk?: boolean;
  /** The cache key of one search, so each screen's searches share and refresh as their feature's do. */
  queryKey: (text: string) => QueryKey;
  /** The suggestions for the trimmed text; `signal` cancels a search the typing has outrun. */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  /** The pause in typing before a search, so a word typed is one request rather than one a letter. */
  debounceMs: number;
  /** What the list says when a search finds nothing. */
  nothingFound: string;
  renderOption?: (item: T) => ReactNode;
  /** The list's height before it scrolls, for searches that return long lists; unset, it grows. */
  maxListHeight?: number;
  /**
   * An empty field suggests too (a list to browse): it then searches only while the list is open, or
   * every empty field would search as soon as it shows, and a click on the field reopens the list.
   */
  suggestWhenEmpty?: boolean;
}

// Combobox hands these to its Popover at run time; its type leaves them out. The blur timer below
// closes the list instead, UI.autocompleteCloseMs after the click outside, so a click on a suggestion
// still lands (SPEC.md 9).
const KEEP_OPEN_ON_OUTSIDE_CLICK: Record<string, unknown> = { closeOnClickOutside: false };

/**
 * A text field that suggests items from the server as it is typed: the search waits for a pause in
 * typing, arrow keys and Enter or a tap choose, and typing again clears the choice.
 */
export function SearchCombobox<T extends SearchComboboxItem>({
  label,
  value,
  onChange,
  placeholder,
  error,
  withAsterisk,
  queryKey,
  search,
  debounceMs,
  nothingFound,
  renderOption = (item) => item.name,
  maxListHeight,
  suggestWhenEmpty = false,
}: SearchComboboxProps<T>) {
  const [text, setText] = useState(value?.name ?? '');
  const [shownValue, setShownValue] = useState(value);
  const closeTimer = useRef<number | undefined>(undefined);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // A value set from outside (a reset, a loaded filter) replaces the text; one cleared from outside
  // empties the name it showed, for a field that names nobody chosen would mislead.
  if ((value?.id ?? null) !== (shownValue?.id ?? null)) {
    setShownValue(value);
    if (value) setText(value.name);
    else if (shownValue && text === shownValue.name) setText('');
  }

  const [debounced] = useDebouncedValue(text.trim(), debounceMs);
  const searching = (suggestWhenEmpty || debounced.length >= 1) && (!value || value.name !== text);
  const suggestions = useQuery<T[]>({
    queryKey: queryKey(debounced),
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: searching && (!suggestWhenEmpty || combobox.dropdownOpened),
    staleTime: 10_000,
  });
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // A refused form takes the focus here to show why; the list would open over that message.
  useEffect(() => {
    if (error) combobox.closeDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new message closes the list
  }, [error]);

  const items = searching ? (suggestions.data ?? []) : [];
  const choose = (item: T) => {
    window.clearTimeout(closeTimer.current);
    setText(item.name);
    setShownValue(item);
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
          placeholder={placeholder}
          value={text}
          error={error}
          autoComplete="off"
          rightSection={suggestions.isFetching ? <Loader size={16} /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (value) {
              setShownValue(null);
              onChange(null);
            }
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            if (!error && (suggestWhenEmpty ? searching : text.trim())) combobox.openDropdown();
          }}
          onClick={
            suggestWhenEmpty
              ? () => {
                  if (searching) combobox.openDropdown();
                }
              : undefined
          }
          onBlur={() => {
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => combobox.closeDropdown(), UI.autocompleteCloseMs);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options
          aria-label={`پیشنهادهای ${label}`}
          mah={maxListHeight}
          style={maxListHeight === undefined ? undefined : { overflowY: 'auto' }}
        >
          {items.map((item) => (
            <Combobox.Option value={item.id} key={item.id}>
              {renderOption(item)}
            </Combobox.Option>
          ))}
          {items.length === 0 && (
            <Combobox.Empty>
              <Text size="sm" c="dimmed">
                {suggestions.isFetching || debounced !== text.trim() ? 'در حال جستجو…' : nothingFound}
              </Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
