import { ROUTES } from '@ayar/contract';
import { apiQuery } from '../query.ts';

/** Every cached workshop query starts with this key: a workshop added or changed refreshes them all. */
export const WORKSHOPS_KEY = ['workshops'] as const;

export const workshopSearchQueries = {
  /** The admin's workshop search (GET /Manage/UsersByName), optionally of one status (0, 1 or 5). */
  byName: (name: string, status?: number) =>
    apiQuery([...WORKSHOPS_KEY, 'usersByName'], ROUTES.manage.usersByName, {
      query: { name, status },
      background: true,
    }),
};
