import { ROUTES } from '@ayar/contract';
import type { UsersByNameItem } from '@ayar/contract';
import { SearchCombobox } from '../../../components/ui/SearchCombobox.tsx';
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

/**
 * The admin's workshop-name autocomplete (GET /Manage/UsersByName): suggestions after a short pause in
 * typing, chosen with the mouse or the arrow keys and Enter. Typing clears the chosen workshop, and the
 * list closes 500 ms after the field loses focus (SPEC.md 9), so a click on a suggestion still lands.
 */
export function UserAutocomplete({ label, value, onChange, status, placeholder }: UserAutocompleteProps) {
  return (
    <SearchCombobox<UserAutocompleteValue>
      label={label}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? 'نام آزمایشگاه را بنویسید'}
      queryKey={(name) => ['workshops', 'usersByName', name, status ?? null]}
      search={(name, signal) =>
        apiRequest<UsersByNameItem[]>(ROUTES.manage.usersByName, {
          query: { name, status },
          background: true,
          signal,
        })
      }
      debounceMs={250}
      nothingFound="آزمایشگاهی پیدا نشد"
    />
  );
}
