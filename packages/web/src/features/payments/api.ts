import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

/** Every query of receipts, payments and balances starts with this key. */
export const PAYMENTS_KEY = ['payments'] as const;

export const paymentQueries = {
  /** A customer's receipts and payments and running account: money, so fresh (ADR 0026). */
  pays: (customerId: string) =>
    apiQuery([...PAYMENTS_KEY, 'customer'], ROUTES.customer.getPays, {
      query: { cid: customerId },
      fresh: true,
    }),
  /** The fund report: each customer's remaining gold and money for a Jalali year, a page at a time. */
  store: (query: { year: number; pageNumber: number; pageSize: number }) =>
    apiQuery([...PAYMENTS_KEY, 'store'], ROUTES.account.getStore, { query, fresh: true }),
};

export const useAddPay = () => useApiMutation(ROUTES.customer.addPay);
export const useDeletePay = () => useApiMutation(ROUTES.customer.deletePay);
