import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_STALE_MS, customerSearchQueries } from '../../lib/queries/customers.ts';

/**
 * Keeps the lab's customer book on this device while a workshop is signed in (ADR 0047): read on
 * start, when the line returns, after a customer is saved, and every CUSTOMER_BOOK_STALE_MS while
 * online. The persisted cache (persist/) writes it to IndexedDB and deletes it at sign-out; offline,
 * the customer picker searches it.
 */
export function useCustomerBook(): void {
  useQuery({
    ...customerSearchQueries.book(),
    refetchInterval: CUSTOMER_BOOK_STALE_MS,
    refetchOnReconnect: true,
    refetchOnWindowFocus: false,
  });
}
