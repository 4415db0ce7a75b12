import { ROUTES } from '@ayar/contract';
import { apiQuery } from '../query.ts';

/** Every cached customer query starts with this key: a saved customer refreshes lists and searches. */
export const CUSTOMERS_KEY = ['customers'] as const;

export const customerSearchQueries = {
  /** The workshop's customers whose name, code or mobile matches (GET /Customer/CustomersByName). */
  byName: (name: string) =>
    apiQuery([...CUSTOMERS_KEY, 'byName'], ROUTES.customer.customersByName, {
      query: { name },
      background: true,
    }),
};
