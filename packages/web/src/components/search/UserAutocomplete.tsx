import { workshopSearchQueries } from '../../lib/queries/workshops.ts';
import { SearchCombobox } from '../ui/SearchCombobox.tsx';

export interface UserAutocompleteValue {
  id: string;
  name: string;
}

export interface UserAutocompleteProps {
  label: string;
  value: UserAutocompleteValue | null;
  /** The chosen workshop, or null as soon as the text no longer names one (docs/product.md §4.9). */
  onChange: (value: UserAutocompleteValue | null) => void;
  /** Only workshops with this status (0, 1 or 5). */
  status?: number;
  placeholder?: string;
}

/**
 * The admin's workshop-name autocomplete (GET /Manage/UsersByName): suggestions after a short pause in
 * typing, chosen with the mouse or the arrow keys and Enter. Typing clears the chosen workshop, and the
 * list closes 500 ms after the field loses focus (docs/product.md §4.9), so a click on a suggestion still
 * lands.
 */
export function UserAutocomplete({ label, value, onChange, status, placeholder }: UserAutocompleteProps) {
  return (
    <SearchCombobox<UserAutocompleteValue>
      label={label}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? 'نام آزمایشگاه را بنویسید'}
      searchQuery={(name) => workshopSearchQueries.byName(name, status)}
      debounceMs={250}
      nothingFound="آزمایشگاهی پیدا نشد"
    />
  );
}
