import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import { CUSTOMER_BOOK_STALE_MS, customerSearchQueries } from '../../lib/queries/customers.ts';
import { useCan } from '../../lib/roles.ts';

/**
 * Keeps the lab's customer book on this device while a workshop is signed in (ADR 0047): read on
 * start, when the line returns, after a customer is saved, and every CUSTOMER_BOOK_STALE_MS while
 * online. The persisted cache (persist/) writes it to IndexedDB and deletes it at sign-out; offline,
 * the customer picker searches it. Only for who registers packets (the counter, the owner: ADR 0049);
 * the server refuses the book to anyone else.
 */
export function useCustomerBook(): void {
  const allowed = useCan(ROUTES.customer.customerBook.roles);
  useQuery({
    ...customerSearchQueries.book(),
    enabled: allowed,
    refetchInterval: CUSTOMER_BOOK_STALE_MS,
    refetchOnReconnect: true,
    refetchOnWindowFocus: false,
  });
}
