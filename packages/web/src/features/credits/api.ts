import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

/** Every query of the charge requests starts with this key. */
export const CREDITS_KEY = ['credits'] as const;

export const creditQueries = {
  /** The lab's own requests, its totals and the network's account: money, so fresh (ADR 0026). */
  mine: () => apiQuery([...CREDITS_KEY, 'mine'], ROUTES.account.getCredits, { fresh: true }),
  /** Every lab's requests for the admin, a page at a time, optionally pending only or of one lab. */
  all: (query: {
    pageSize: number;
    pageNumber: number;
    waitFor: true | undefined;
    user: string | undefined;
  }) => apiQuery([...CREDITS_KEY, 'all'], ROUTES.manage.allCredits, { query, fresh: true }),
};

/** The lab asks for a top-up after a bank transfer. */
export const useAddCredit = () => useApiMutation(ROUTES.account.addCredit);
/** The admin accepts or rejects a request. */
export const useDecideCredit = () => useApiMutation(ROUTES.manage.acceptCredit);
