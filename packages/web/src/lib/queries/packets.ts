import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import { apiQuery } from '../query.ts';

/**
 * Every query of the packets starts with this key, so a change anywhere (a packet saved, a purity
 * typed, the admin removing old packets from the dashboard) refreshes lists, counts and edit screens.
 */
export const PACKETS_KEY = ['assays'] as const;

/** How often a lab user's bench reads the waiting count again while the dashboard is open. */
export const LAB_QUEUE_POLL_MS = 30_000;

const WAITING = { waitFor: true, pageSize: 1, pageNumber: 1 } as const;

export const packetQueries = {
  /**
   * How many of the workshop's packets wait for their purity (docs/product.md §2.6): one row of
   * `GET /Tests/AllTests?waitFor=true`, reading `totalCount`. A count: fresh (ADR 0026).
   */
  waitingCount: () =>
    apiQuery([...PACKETS_KEY, 'waitingCount'], ROUTES.tests.allTests, {
      query: WAITING,
      silent: true,
      fresh: true,
    }),
  /** The same count read every 30 s without the «please wait» overlay (a bench screen stays open). */
  polledWaitingCount: () => ({
    ...apiQuery([...PACKETS_KEY, 'waitingCount', 'lab-queue'], ROUTES.tests.allTests, {
      query: WAITING,
      silent: true,
      background: true,
    }),
    refetchInterval: LAB_QUEUE_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  }),
};

/** The waiting count for a badge or a header; refreshed in the background. */
export function useWaitingCount() {
  const query = useQuery(packetQueries.waitingCount());
  return { count: query.data?.totalCount ?? null, isPending: query.isPending, isError: query.isError };
}
