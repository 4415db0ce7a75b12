import { ROUTES, WORKSHOP_STATUS } from '@ayar/contract';
import { apiQuery } from '../query.ts';
import { href } from '../screens.ts';

/** Every cached workshop query starts with this key: a workshop added or changed refreshes them all. */
export const WORKSHOPS_KEY = ['workshops'] as const;

/** A lab's people for the administrator (ADR 0049): its editor and the packet list's person filter. */
export const labStaffQuery = (userId: string) =>
  apiQuery([...WORKSHOPS_KEY, 'staff', userId], ROUTES.manage.staff, { query: { userId } });

export const workshopSearchQueries = {
  /** The admin's workshop search (GET /Manage/UsersByName), optionally of one status (0, 1 or 5). */
  /** `silent`: a failure is the caller's to show (the shell's search says it in its own box). */
  byName: (name: string, status?: number, silent = false) =>
    apiQuery([...WORKSHOPS_KEY, 'usersByName'], ROUTES.manage.usersByName, {
      query: { name, status },
      background: true,
      silent,
    }),
};

/** The admin's workshop list narrowed to new registrations (the list reads `?status=` from its address). */
export const NEW_WORKSHOPS_PATH = `${href('manage/lab-owners')}?status=${WORKSHOP_STATUS.new}`;

export const workshopCountQueries = {
  /**
   * How many labs wait for activation (status 0, new registrations): the admin list's `totalCount` for
   * that status, one row read (no route of its own). A count, so always asked again (ADR 0026).
   */
  waitingActivation: () =>
    apiQuery([...WORKSHOPS_KEY, 'newCount'], ROUTES.manage.labOwners, {
      query: { name: '', status: String(WORKSHOP_STATUS.new), pageNumber: 1, pageSize: 1 },
      fresh: true,
    }),
};
