import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { CUSTOMERS_BY_NAME_LIMIT, ROUTES, customerSearchKey, toEnglishDigits } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { apiRequest } from '../api.ts';
import { apiQuery } from '../query.ts';

/** Every cached customer query starts with this key: a saved customer refreshes lists and searches. */
export const CUSTOMERS_KEY = ['customers'] as const;

const BY_NAME_KEY = [...CUSTOMERS_KEY, 'byName'] as const;

/**
 * The search offline: among the customers earlier searches returned (kept for a workshop across
 * starts, features/offline/persist), matched and ordered as the server does (customers.repository
 * `searchByName`): the name's search key anywhere, or a code or mobile typed as digits; prefix
 * matches first, then by name and code.
 */
function searchKnownCustomers(client: QueryClient, text: string): CustomerSearchItem[] {
  const known = new Map<string, CustomerSearchItem>();
  for (const [, items] of client.getQueriesData<CustomerSearchItem[]>({ queryKey: BY_NAME_KEY })) {
    for (const item of items ?? []) known.set(item.id, item);
  }
  const key = customerSearchKey(text);
  const digits = toEnglishDigits(text).replace(/[\s-]/g, '');
  const byNumber = /^\d+$/.test(digits);
  const matches = (item: CustomerSearchItem) =>
    customerSearchKey(item.name).includes(key) ||
    (byNumber && (String(item.code) === digits || (item.mobile ?? '').includes(digits)));
  const prefix = (item: CustomerSearchItem) => (customerSearchKey(item.name).startsWith(key) ? 0 : 1);
  return [...known.values()]
    .filter((item) => key === '' || matches(item))
    .sort((a, b) => prefix(a) - prefix(b) || a.name.localeCompare(b.name, 'fa') || a.code - b.code)
    .slice(0, CUSTOMERS_BY_NAME_LIMIT);
}

export const customerSearchQueries = {
  /**
   * The workshop's customers whose name, code or mobile matches (GET /Customer/CustomersByName).
   * Offline it answers from the customers already found, so lab/add's picker still works (issue 19).
   */
  byName: (name: string) => {
    const options = apiQuery(BY_NAME_KEY, ROUTES.customer.customersByName, {
      query: { name },
      background: true,
    });
    return {
      ...options,
      networkMode: 'always' as const,
      queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
        onlineManager.isOnline()
          ? apiRequest(ROUTES.customer.customersByName, { query: { name }, background: true, signal })
          : searchKnownCustomers(client, name),
    };
  },
};
