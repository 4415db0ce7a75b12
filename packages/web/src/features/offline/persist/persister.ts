import { dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { isFreshQuery } from '../../../lib/query.ts';
import { isPersistedKey } from './keys.ts';
import { readQueries, writeQueries } from './store.ts';
import type { PersistedQuery } from './store.ts';

export const PERSIST_LIMITS = {
  /** Writes at most this often: a screen's queries arriving together are one write. */
  writeEveryMs: 2_000,
  /** Data read longer ago than this is not shown again. */
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  /** The most queries kept, the least recently read dropped first (a lab paging its list all week). */
  maxQueries: 150,
} as const;

/** The records belong to one user of one version: another user or a new version never sees them. */
export const cacheBuster = (userId: string) => `${__APP_VERSION__}:${userId}`;

export interface PersistedCache {
  /** Resolves once the stored queries are in the client (at once when there are none or IndexedDB fails). */
  restored: Promise<void>;
  /** Stops writing (what was not written yet is dropped: the caller deletes the store next). */
  stop: () => void;
}

const isExpired = (query: PersistedQuery, now: number) =>
  now - query.state.dataUpdatedAt > PERSIST_LIMITS.maxAgeMs;

/**
 * Puts stored queries into the client as last-known data: marked stale, so a screen shown online asks
 * the server again at once; kept for the session, since offline there is nothing to read them again
 * from. A query the client already has newer data for is left alone (`hydrate`'s rule). Money and
 * counts (`fresh`, ADR 0026) only while offline: online, an old balance is never painted first. A
 * query marked `staleByAge` (the customer book, ADR 0047) is read again only once its `staleTime` has
 * passed, not at every page load.
 */
function restoreInto(client: QueryClient, queries: Iterable<PersistedQuery>, offline: boolean): void {
  const now = Date.now();
  const restorable = [...queries].filter(
    (query) => (offline || !query.meta?.fresh) && !isExpired(query, now),
  );
  hydrate(
    client,
    {
      queries: restorable.map((query) => ({
        ...query,
        state: { ...query.state, isInvalidated: query.meta?.staleByAge ? query.state.isInvalidated : true },
      })),
    },
    { defaultOptions: { queries: { gcTime: Infinity } } },
  );
}

/**
 * Online, money and counts no screen shows leave the cache, as ADR 0026 has them: restored ones were
 * given a long life (above), which their screens' `gcTime: 0` cannot shorten again.
 */
function forgetUnwatchedFresh(client: QueryClient): void {
  if (!onlineManager.isOnline()) return;
  client.removeQueries({
    predicate: (query) =>
      isFreshQuery(query) && query.getObserversCount() === 0 && query.state.fetchStatus === 'idle',
  });
}

/**
 * Keeps a signed-in workshop's allowed queries (keys.ts) in IndexedDB and restores them into the
 * client: first the stored ones, then every allowed query that succeeds is written, at most every
 * `writeEveryMs`, and when the page is hidden. The last-known value of each query is held here even
 * after the client has dropped it, so when the line drops mid-session every screen read this week
 * comes back.
 */
export function persistQueryCache(client: QueryClient, userId: string): PersistedCache {
  const buster = cacheBuster(userId);
  const known = new Map<string, PersistedQuery>();
  const changed = new Set<string>();
  const dropped = new Set<string>();
  let stopped = false;
  let timer: number | undefined;
  let lastWrite = -Infinity;

  /** Forgets what is past its age or over the limit, oldest first. */
  const prune = () => {
    const now = Date.now();
    const byAge = [...known.values()].sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
    const excess = byAge.length - PERSIST_LIMITS.maxQueries;
    byAge.forEach((query, i) => {
      if (i >= excess && !isExpired(query, now)) return;
      known.delete(query.queryHash);
      changed.delete(query.queryHash);
      dropped.add(query.queryHash);
    });
  };

  const flush = () => {
    window.clearTimeout(timer);
    timer = undefined;
    if (stopped || (changed.size === 0 && dropped.size === 0)) return;
    lastWrite = Date.now();
    prune();
    const put = [...changed].flatMap((hash) => known.get(hash) ?? []);
    const drop = [...dropped];
    changed.clear();
    dropped.clear();
    // A failed write (storage full, private mode) leaves the last stored state; the next one tries again.
    writeQueries(buster, put, drop).catch(() => undefined);
  };

  const schedule = () => {
    if (timer !== undefined || stopped) return;
    timer = window.setTimeout(flush, Math.max(0, lastWrite + PERSIST_LIMITS.writeEveryMs - Date.now()));
  };

  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    // After the render that let go of it: a screen remounting at once (StrictMode) keeps it.
    if (event.type === 'observerRemoved' && isFreshQuery(event.query)) {
      window.setTimeout(() => forgetUnwatchedFresh(client), 0);
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isPersistedKey(event.query.queryKey)) return;
    const [query] = dehydrate(client, { shouldDehydrateQuery: (q) => q === event.query }).queries;
    if (!query) return;
    known.set(query.queryHash, query);
    changed.add(query.queryHash);
    dropped.delete(query.queryHash);
    schedule();
  });

  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) forgetUnwatchedFresh(client);
    else restoreInto(client, known.values(), true);
  });

  // A phone puts a hidden tab away without warning: what is pending is written now.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);

  const restored = readQueries(buster).then(
    (stored) => {
      if (stopped) return;
      const now = Date.now();
      for (const query of stored) {
        if (isExpired(query, now)) dropped.add(query.queryHash);
        // A query that succeeded while the store was being read is newer.
        else if (!known.has(query.queryHash)) known.set(query.queryHash, query);
      }
      restoreInto(client, known.values(), !onlineManager.isOnline());
      if (dropped.size > 0) schedule();
    },
    () => undefined,
  );

  return {
    restored,
    stop: () => {
      stopped = true;
      window.clearTimeout(timer);
      unsubscribeCache();
      unsubscribeOnline();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    },
  };
}
