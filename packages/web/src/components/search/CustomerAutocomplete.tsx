import { Group, Text } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { customerSearchQueries, customersNotFoundText } from '../../lib/queries/customers.ts';
import { Ltr } from '../ui/LtrText.tsx';
import { SearchCombobox } from '../ui/SearchCombobox.tsx';
import { SEP } from '../../lib/format.ts';

export interface CustomerAutocompleteProps {
  label: string;
  value: CustomerSearchItem | null;
  /** The chosen customer, or null as soon as the text no longer names one. */
  onChange: (value: CustomerSearchItem | null) => void;
  error?: string;
  withAsterisk?: boolean;
  placeholder?: string;
}

/**
 * The workshop's customer picker (GET /Customer/CustomersByName): suggestions as the name is typed
 * (ي/ك, half-spaces and digits don't matter), with each customer's code and mobile to tell namesakes
 * apart; arrow keys and Enter or a tap choose. The list closes 500 ms after the field loses focus.
 */
export function CustomerAutocomplete({ placeholder, ...props }: CustomerAutocompleteProps) {
  const client = useQueryClient();
  return (
    <SearchCombobox<CustomerSearchItem>
      {...props}
      placeholder={placeholder ?? 'نام، کد یا موبایل مشتری را بنویسید'}
      searchQuery={customerSearchQueries.byName}
      debounceMs={200}
      // A workshop may pick among its first customers before typing anything.
      suggestWhenEmpty
      // Up to CUSTOMERS_BY_NAME_LIMIT suggestions, too many to show unscrolled on a phone.
      maxListHeight={280}
      nothingFound={customersNotFoundText(client)}
      renderOption={(item) => (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">{item.name}</Text>
          <Text size="xs" c="dimmed">
            <Ltr>{toPersianDigits(item.code)}</Ltr>
            {item.mobile ? (
              <>
                {SEP}
                <Ltr>{toPersianDigits(item.mobile)}</Ltr>
              </>
            ) : null}
          </Text>
        </Group>
      )}
    />
  );
}
