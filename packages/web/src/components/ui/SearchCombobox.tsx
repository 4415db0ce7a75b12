import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import type { ComboboxStore } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
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
  /**
   * The query of one search for the trimmed text, from a query module (`lib/queries/`), so each
   * screen's searches share a cache and refresh as their feature's do; its `signal` cancels a search
   * the typing has outrun.
   */
  searchQuery: (text: string) => { queryKey: QueryKey; queryFn?: QueryFunction<T[], QueryKey> };
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
// still lands (docs/product.md §4.9).
const KEEP_OPEN_ON_OUTSIDE_CLICK: Record<string, unknown> = { closeOnClickOutside: false };

/**
 * The list of suggestions, and beside it what the list says while it is empty: a listbox may hold
 * only options (axe's aria-required-children, WCAG 1.3.1), so the "searching…" and "nothing found"
 * text is a status next to an empty list, not a child of it.
 */
function Suggestions<T extends SearchComboboxItem>({
  label,
  items,
  renderOption,
  maxListHeight,
  emptyText,
}: {
  label: string;
  items: T[];
  renderOption: (item: T) => ReactNode;
  maxListHeight: number | undefined;
  emptyText: string;
}) {
  return (
    <>
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
      </Combobox.Options>
      {items.length === 0 && (
        <Combobox.Empty role="status">
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        </Combobox.Empty>
      )}
    </>
  );
}

/**
 * The field's text and the choice it shows. A value set from outside (a reset, a loaded filter)
 * replaces the text; one cleared from outside empties the name it showed, for a field that names
 * nobody chosen would mislead.
 */
function useChoiceText<T extends SearchComboboxItem>(value: T | null) {
  const [text, setText] = useState(value?.name ?? '');
  const [shownValue, setShownValue] = useState(value);
  if ((value?.id ?? null) !== (shownValue?.id ?? null)) {
    setShownValue(value);
    if (value) setText(value.name);
    else if (shownValue && text === shownValue.name) setText('');
  }
  return { text, setText, setShownValue };
}

/**
 * The list closes UI.autocompleteCloseMs after the field loses focus, so a click on a suggestion still
 * lands (docs/product.md §9); and when a refused form takes the focus here to show why, for the list would
 * open over that message.
 */
function useClosingList(combobox: ComboboxStore, error: string | undefined) {
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (error) combobox.closeDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new message closes the list
  }, [error]);
  return {
    cancel: () => window.clearTimeout(closeTimer.current),
    closeLater: () => {
      window.clearTimeout(closeTimer.current);
      closeTimer.current = window.setTimeout(() => combobox.closeDropdown(), UI.autocompleteCloseMs);
    },
  };
}

/**
 * The suggestions for the text once typing pauses, while the text names no chosen item; an empty field
 * suggests too when asked, but only while its list is open.
 */
function useSuggestions<T extends SearchComboboxItem>(
  text: string,
  value: T | null,
  listOpen: boolean,
  args: { searchQuery: SearchComboboxProps<T>['searchQuery']; debounceMs: number; suggestWhenEmpty: boolean },
) {
  const { suggestWhenEmpty } = args;
  const [debounced] = useDebouncedValue(text.trim(), args.debounceMs);
  const searching = (suggestWhenEmpty || debounced.length >= 1) && (!value || value.name !== text);
  const suggestions = useQuery<T[], Error, T[], QueryKey>({
    ...args.searchQuery(debounced),
    enabled: searching && (!suggestWhenEmpty || listOpen),
    staleTime: 10_000,
  });
  return { debounced, searching, suggestions };
}

/**
 * A text field that suggests items from the server as it is typed: the search waits for a pause in
 * typing, arrow keys and Enter or a tap choose, and typing again clears the choice.
 */
export function SearchCombobox<T extends SearchComboboxItem>(props: SearchComboboxProps<T>) {
  const { label, value, onChange, placeholder, error, withAsterisk, nothingFound, maxListHeight } = props;
  const { renderOption = (item: T) => item.name, suggestWhenEmpty = false } = props;
  const { text, setText, setShownValue } = useChoiceText(value);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const closing = useClosingList(combobox, error);

  const search = { searchQuery: props.searchQuery, debounceMs: props.debounceMs, suggestWhenEmpty };
  const { debounced, searching, suggestions } = useSuggestions(text, value, combobox.dropdownOpened, search);

  const items = searching ? (suggestions.data ?? []) : [];
  const openIfSearching = () => {
    if (searching) combobox.openDropdown();
  };
  const choose = (item: T) => {
    closing.cancel();
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
            closing.cancel();
            if (!error && (suggestWhenEmpty ? searching : text.trim())) combobox.openDropdown();
          }}
          onClick={suggestWhenEmpty ? openIfSearching : undefined}
          onBlur={closing.closeLater}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Suggestions
          label={label}
          items={items}
          renderOption={renderOption}
          maxListHeight={maxListHeight}
          emptyText={suggestions.isFetching || debounced !== text.trim() ? 'در حال جستجو…' : nothingFound}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}
