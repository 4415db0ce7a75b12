import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

/** The root of the staff screen's keys: a saved person refreshes the list. */
export const STAFF_KEY = ['staff'] as const;

export const staffQueries = {
  /** The lab's people for its owner (ADR 0049): the lab's own account first, then by staff code. */
  list: () => apiQuery([...STAFF_KEY, 'list'], ROUTES.staff.list),
  /** Each person's purities in a period (ADR 0050): counts, so fresh (ADR 26). */
  statistics: (period: { fromDate?: string; toDate?: string }) =>
    apiQuery([...STAFF_KEY, 'statistics'], ROUTES.staff.statistics, { query: period, fresh: true }),
};

/** «افزودن کارمند»: a person with their own user name, password and roles. */
export const useAddStaff = () => useApiMutation(ROUTES.staff.add);

/** A person's name, mobile and roles, and a password reset when one is typed. */
export const useEditStaff = () => useApiMutation(ROUTES.staff.edit);

/** Suspends a person (their open sessions end at once) or lets them sign in again. */
export const useSuspendStaff = () => useApiMutation(ROUTES.staff.suspend);
