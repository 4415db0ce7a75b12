import { ROUTES } from '@ayar/contract';
import type { Paged } from '@ayar/contract';
import { useApiQuery } from '../../lib/query.ts';

/** Every query of the packets starts with this key, so a change refreshes lists, counts and the edit screen. */
export const ASSAYS_KEY = ['assays'] as const;

/** The lab list's page size (SPEC.md 9). */
export const LAB_PAGE_SIZE = 100;

/**
 * How many of the workshop's packets wait for their purity (SPEC.md 2.6): one row of
 * `GET /Tests/AllTests?waitFor=true`, reading `totalCount`. Refreshed in the background.
 */
export function useWaitingCount() {
  const query = useApiQuery<Paged<unknown>>([...ASSAYS_KEY, 'waitingCount'], ROUTES.tests.allTests, {
    query: { waitFor: true, pageSize: 1, pageNumber: 1 },
    silent: true,
    fresh: true,
  });
  return { count: query.data?.totalCount ?? null, isPending: query.isPending, isError: query.isError };
}
