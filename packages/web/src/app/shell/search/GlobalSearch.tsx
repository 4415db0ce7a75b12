import '@mantine/spotlight/styles.css';
import { useEffect, useState } from 'react';
import { ActionIcon, Loader, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, createSpotlight } from '@mantine/spotlight';
import { toPersianDigits } from '@ayar/contract';
import { useNavigate } from 'react-router';
import { IconSearch } from '../../../components/ui/icons.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { rolesOf } from '../../../lib/roles.ts';
import { searchScope } from '../shortcuts/shortcuts.ts';
import type { Who } from '../shortcuts/shortcuts.ts';
import { MIN_NAME_LENGTH, readSearchText, searchesNames, useGlobalSearch } from './searchSources.ts';
import type { SearchState } from './searchSources.ts';

/** The search's own store: opened by the header's button and the shortcuts (app/shell/shortcuts). */
export const [searchStore, searchBox] = createSpotlight();

/**
 * Marks the first hit as chosen, so Enter opens it: Spotlight selects only as one types, and the hits
 * come later (its own `selectAction` is not exported).
 */
function selectFirstHit(): void {
  const { listId } = searchStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  const first = list?.querySelector('[data-action]');
  if (!list || !first) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  first.setAttribute('data-selected', 'true');
  searchStore.updateState((state) => ({ ...state, selected: 0 }));
}

/** How long typing rests before the search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_LABEL = 'جستجو';
/** The button's title and name, with its keys (the help lists them too). */
export const SEARCH_TITLE = `${SEARCH_LABEL} (/ یا Ctrl+K)`;

/** The header's button that opens the search. */
export function SearchButton() {
  return (
    <Tooltip label={SEARCH_TITLE} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        size="lg"
        aria-label={SEARCH_LABEL}
        aria-keyshortcuts="/ Control+K"
        onClick={() => searchBox.open()}
      >
        <IconSearch />
      </ActionIcon>
    </Tooltip>
  );
}

/** What the list says when it has no hits: what to type before anything is asked, «nothing found» after. */
function emptyText(typed: string, search: SearchState, who: Who): string {
  if (search.failed) return 'جستجو انجام نشد؛ دوباره امتحان کنید.';
  if (search.asked) return 'چیزی پیدا نشد.';
  const { text } = readSearchText(typed);
  if (text.length === 0) return `جستجوی ${searchScope(who)}؛ ارقام فارسی هم پذیرفته می‌شود.`;
  return searchesNames(who)
    ? `دست‌کم ${toPersianDigits(MIN_NAME_LENGTH)} حرف بنویسید.`
    : 'شماره بسته را بنویسید؛ برای شما فقط بسته‌ها جستجو می‌شوند.';
}

/**
 * The shell's one search box (Mantine Spotlight, docs/product.md §2.1): a packet by number, a customer by
 * name, code or mobile, and for the administrator a lab by name; choosing a hit opens its page. Debounced;
 * arrow keys and Enter choose, Escape closes. Its own keys are the shell's (Spotlight's are off).
 */
export function GlobalSearch() {
  const { user } = useAuth();
  const who: Who = { role: user?.role, roles: rolesOf(user) };
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useGlobalSearch(debounced, who);
  const settling = query !== debounced;
  const hits = search.groups.flatMap((g) => g.hits);
  const count = hits.length;
  const firstHit = hits[0]?.id;

  // Enter opens the first hit as soon as the answer is in (Spotlight selects only as one types).
  useEffect(() => {
    if (firstHit) selectFirstHit();
  }, [firstHit]);

  // Closed with the shell (sign-out, a 401): the next person starts with it closed.
  useEffect(() => () => searchBox.close(), []);

  const busy = settling || search.loading;
  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={420}
      yOffset={72}
      // The name belongs on the dialog itself (the content), as the menu's drawer has it.
      attributes={{ content: { 'aria-label': SEARCH_LABEL } }}
    >
      <Spotlight.Search
        aria-label={SEARCH_LABEL}
        placeholder={searchScope(who)}
        leftSection={<IconSearch size={20} />}
        rightSection={busy && query.trim() ? <Loader size="xs" aria-label="در حال جستجو" /> : null}
        rightSectionPointerEvents="none"
        inputMode="search"
        autoComplete="off"
      />
      <Spotlight.ActionsList aria-label="نتیجه‌های جستجو">
        {search.groups.map((group) => (
          // Spotlight's own group label is CSS content, which not every screen reader reads: a real one.
          <div key={group.title} role="group" aria-label={group.title}>
            <Text size="xs" fw={700} c="dimmed" px="sm" pt="xs" pb={4} aria-hidden="true">
              {group.title}
            </Text>
            {group.hits.map((hit) => (
              <Spotlight.Action
                key={hit.id}
                label={hit.label}
                description={hit.description}
                onClick={() => void navigate(hit.to)}
              />
            ))}
          </div>
        ))}
        {count === 0 && !busy ? <Spotlight.Empty>{emptyText(debounced, search, who)}</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed">
          ↑ ↓ انتخاب · Enter باز کردن · Esc بستن
        </Text>
      </Spotlight.Footer>
      <VisuallyHidden role="status" aria-live="polite">
        {!busy && search.asked ? (count > 0 ? `${toPersianDigits(count)} نتیجه` : 'چیزی پیدا نشد') : ''}
      </VisuallyHidden>
    </Spotlight.Root>
  );
}
