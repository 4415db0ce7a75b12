import type { DBSchema } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import { sharedDatabase } from '../../../lib/idb.ts';

/** One query as `dehydrate` gives it: key, hash, state (data, dataUpdatedAt…) and meta. */
export type PersistedQuery = DehydratedState['queries'][number];

/**
 * IndexedDB `ayar-query-cache` (its own database: the offline queue's schema changes independently):
 * `queries` holds one record per query, keyed by its hash, so a write stores only what changed;
 * `meta.buster` names the version and user the records belong to.
 */
interface CacheSchema extends DBSchema {
  queries: { key: string; value: PersistedQuery };
  meta: { key: 'buster'; value: string };
}

export const CACHE_DB_NAME = 'ayar-query-cache';

const database = sharedDatabase<CacheSchema>(CACHE_DB_NAME, 1, (db) => {
  db.createObjectStore('queries', { keyPath: 'queryHash' });
  db.createObjectStore('meta');
});

/**
 * Every operation runs after the previous one has finished, so a sign-out's delete can never be
 * overtaken by a write the session started before it, nor a new session's read by that delete.
 */
let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(operation: () => Promise<T>): Promise<T> {
  const result = queue.then(operation);
  queue = result.catch(() => undefined);
  return result;
}

/** The stored queries if they are this buster's; another user's or version's are deleted instead. */
export function readQueries(buster: string): Promise<PersistedQuery[]> {
  return enqueue(async () => {
    const db = await database();
    const tx = db.transaction(['queries', 'meta'], 'readwrite');
    const [stored, queries] = await Promise.all([
      tx.objectStore('meta').get('buster'),
      tx.objectStore('queries').getAll(),
    ]);
    if (stored === buster) {
      await tx.done;
      return queries;
    }
    await Promise.all([
      tx.objectStore('queries').clear(),
      tx.objectStore('meta').put(buster, 'buster'),
      tx.done,
    ]);
    return [];
  });
}

/** What is stored and for whom, untouched (the offline checks read it; the app reads through readQueries). */
export function peekStored(): Promise<{ buster: string | undefined; queries: PersistedQuery[] }> {
  return enqueue(async () => {
    const db = await database();
    const tx = db.transaction(['queries', 'meta'], 'readonly');
    const [buster, queries] = await Promise.all([
      tx.objectStore('meta').get('buster'),
      tx.objectStore('queries').getAll(),
      tx.done,
    ]);
    return { buster, queries };
  });
}

/** Stores changed queries and deletes dropped ones, in one transaction. */
export function writeQueries(buster: string, put: PersistedQuery[], drop: string[]): Promise<void> {
  return enqueue(async () => {
    const db = await database();
    const tx = db.transaction(['queries', 'meta'], 'readwrite');
    const queries = tx.objectStore('queries');
    await Promise.all([
      tx.objectStore('meta').put(buster, 'buster'),
      ...put.map((query) => queries.put(query)),
      ...drop.map((hash) => queries.delete(hash)),
      tx.done,
    ]);
  });
}

/** Deletes everything stored (sign-out). */
export function clearQueries(): Promise<void> {
  return enqueue(async () => {
    const db = await database();
    const tx = db.transaction(['queries', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('queries').clear(), tx.objectStore('meta').clear(), tx.done]);
  });
}
