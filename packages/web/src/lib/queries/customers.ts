import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  CUSTOMERS_BY_NAME_LIMIT,
  ROUTES,
  customerSearchKey,
  toEnglishDigits,
  toPersianDigits,
} from '@ayar/contract';
import type { CustomerBook, CustomerSearchItem } from '@ayar/contract';
import { apiRequest } from '../api.ts';
import { apiQuery } from '../query.ts';

/** Every cached customer query starts with this key: a saved customer refreshes lists and searches. */
export const CUSTOMERS_KEY = ['customers'] as const;

const BY_NAME_KEY = [...CUSTOMERS_KEY, 'byName'] as const;
const BOOK_KEY = [...CUSTOMERS_KEY, 'book'] as const;

/**
 * The customers this device knows (ADR 0047): the lab's customer book, and what searches answered
 * after the book was read (a customer added since). Searches older than the book are left out: a
 * customer deleted since is not offered again.
 */
function knownCustomers(client: QueryClient): Map<string, CustomerSearchItem> {
  const known = new Map<string, CustomerSearchItem>();
  const book = client.getQueryCache().find<CustomerBook>({ queryKey: customerSearchQueries.book().queryKey });
  for (const item of book?.state.data?.list ?? []) known.set(item.id, item);
  const bookAt = book?.state.data ? book.state.dataUpdatedAt : -Infinity;
  const searches = client.getQueryCache().findAll({ queryKey: BY_NAME_KEY });
  for (const search of searches.sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)) {
    if (search.state.dataUpdatedAt <= bookAt) continue;
    for (const item of (search.state.data as CustomerSearchItem[] | undefined) ?? [])
      known.set(item.id, item);
  }
  return known;
}

/**
 * The search offline: among the customers this device knows (kept for a workshop across starts,
 * features/offline/persist), matched and ordered as the server does (customers.repository
 * `searchByName`): the name's search key anywhere, or a code or mobile typed as digits; prefix
 * matches first, then by name and code.
 */
function searchKnownCustomers(client: QueryClient, text: string): CustomerSearchItem[] {
  const known = knownCustomers(client);
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

/** How often a counter reads its customer book again while online, at most (ADR 0047). */
export const CUSTOMER_BOOK_STALE_MS = 10 * 60 * 1000;

/**
 * What the picker says when nothing matches: offline, also what the device's book lacks (ADR 0047):
 * the book not read yet, or a lab over CUSTOMER_BOOK_LIMIT whose oldest customers are left out.
 */
export function customersNotFoundText(client: QueryClient): string {
  const none = 'مشتری‌ای پیدا نشد';
  if (onlineManager.isOnline()) return none;
  const book = client.getQueryData<CustomerBook>(customerSearchQueries.book().queryKey);
  if (!book)
    return `${none}؛ فهرست مشتریان هنوز روی این دستگاه نیامده است و فقط مشتریانی که پیش‌تر جستجو شده‌اند پیدا می‌شوند.`;
  if (book.totalCount > book.list.length)
    return `${none}؛ بدون اینترنت فقط ${toPersianDigits(book.list.length)} مشتری که اخیراً بسته آورده‌اند روی این دستگاه است.`;
  return none;
}

export const customerSearchQueries = {
  /**
   * The lab's customer book (GET /Customer/CustomerBook), kept on the device so any customer can be
   * chosen offline (ADR 0047): read on start and every CUSTOMER_BOOK_STALE_MS while online, again
   * after a customer is saved (its key starts with CUSTOMERS_KEY), gone at sign-out.
   */
  book: () => ({
    ...apiQuery(BOOK_KEY, ROUTES.customer.customerBook, { background: true, silent: true }),
    staleTime: CUSTOMER_BOOK_STALE_MS,
    // Restored from the device at a page load, it is not read again before it is stale (persister.ts).
    meta: { staleByAge: true },
  }),
  /**
   * The workshop's customers whose name, code or mobile matches (GET /Customer/CustomersByName).
   * Offline it answers from the customer book and the customers already found, so lab/add's picker
   * still works (ADR 0033, ADR 0047).
   */
  /** `silent`: a failure is the caller's to show (the shell's search says it in its own box). */
  byName: (name: string, silent = false) => {
    const options = apiQuery(BY_NAME_KEY, ROUTES.customer.customersByName, {
      query: { name },
      background: true,
      silent,
    });
    return {
      ...options,
      networkMode: 'always' as const,
      queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
        onlineManager.isOnline()
          ? apiRequest(ROUTES.customer.customersByName, { query: { name }, background: true, silent, signal })
          : searchKnownCustomers(client, name),
    };
  },
};
