import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

/** Every query of the packet-number ranges starts with this key. */
export const CODES_KEY = ['codes'] as const;

export const codeQueries = {
  /** The lab's ranges, its balance and the price of a number: money, so fresh (ADR 0026). */
  mine: () => apiQuery([...CODES_KEY, 'mine'], ROUTES.account.getAllCode, { fresh: true }),
  /** Bought / registered / held on devices / free, and the devices holding numbers (ADR 0045): counts, fresh. */
  reservations: () => apiQuery([...CODES_KEY, 'reservations'], ROUTES.tests.reservations, { fresh: true }),
  /** Every lab's ranges for the admin, a page at a time, filtered by lab, series and numbers. */
  all: (query: {
    pageSize: number;
    pageNumber: number;
    userId?: string;
    serialNo?: string;
    fromCode?: string;
    toCode?: string;
  }) => apiQuery([...CODES_KEY, 'all'], ROUTES.manage.getAllCode, { query }),
};

/** The lab buys the network's next block of numbers with its balance. */
export const useBuyCodes = () => useApiMutation(ROUTES.account.getCode);
/** The admin allots a range to a lab. */
export const useAllotCodes = () => useApiMutation(ROUTES.manage.getCodes);
/** The admin deletes an unused range. */
export const useDeleteCodeRange = () => useApiMutation(ROUTES.manage.deleteCode);
/** The lab gives a device's held numbers back (a lost phone, ADR 0045). */
export const useReleaseDevice = () => useApiMutation(ROUTES.tests.releaseCodes);
