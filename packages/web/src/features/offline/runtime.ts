import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { listEntries, subscribeQueue } from './queue.ts';
import { listReprints } from './reprints.ts';
import { topUpReservation } from './reservations.ts';
import { syncQueue } from './sync.ts';

/** While entries wait and the line is up, the queue is tried again this often. */
export const RETRY_MS = 15_000;

const online = () => navigator.onLine !== false;

/**
 * Sends what waits, then tops the reservation up. After anything reached the server every query is
 * read again: lists, the waiting list, balances and counts all changed.
 */
export async function syncAndTopUp(userId: string, client: QueryClient): Promise<void> {
  if (!online()) return;
  let sent = 0;
  await syncQueue(userId, () => {
    sent += 1;
  });
  if (sent > 0) void client.invalidateQueries();
  await topUpReservation(userId);
}

/**
 * The signed-in workshop's offline counter at work (mounted by the shell): on start, when the line
 * returns and every RETRY_MS while entries wait, the queue is sent and the reservation topped up.
 */
export function useOfflineSync(userId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    let live = true;
    const attempt = () => {
      if (live) void syncAndTopUp(userId, client).catch(() => undefined);
    };
    attempt();
    window.addEventListener('online', attempt);
    const timer = window.setInterval(() => {
      if (!online()) return;
      void listEntries(userId)
        .then((entries) => {
          if (entries.some((entry) => entry.state !== 'refused')) attempt();
        })
        .catch(() => undefined);
    }, RETRY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
      window.clearInterval(timer);
    };
  }, [userId, client]);
}

/**
 * A list of the user's queue store (`list`: its entries, its reprint reminders), read again whenever
 * the queue changes (here, in the sync, or in another tab); null until the first read. A failed read
 * leaves the list as it was (`onError: 'keep'`) or empties it (`'empty'`).
 */
export function useQueueList<T>(
  userId: string,
  list: (userId: string) => Promise<T[]>,
  onError: 'keep' | 'empty',
): T[] | null {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void list(userId).then(
        (next) => live && setItems(next),
        () => live && onError === 'empty' && setItems([]),
      );
    read();
    const unsubscribe = subscribeQueue(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, list, onError]);
  return items;
}

export interface QueueCounts {
  /** Waiting or being sent. */
  waiting: number;
  refused: number;
  /** Sent packets whose slip must be printed again (ADR 0040). */
  reprints: number;
}

/** The user's queue counts, read again on every change (here or in another tab). */
function queueCountsStore(userId: string) {
  let counts: QueueCounts = { waiting: 0, refused: 0, reprints: 0 };
  const listeners = new Set<() => void>();
  const refresh = async () => {
    const [entries, reprints] = await Promise.all([listEntries(userId), listReprints(userId)]);
    const refused = entries.filter((entry) => entry.state === 'refused').length;
    const next = { waiting: entries.length - refused, refused, reprints: reprints.length };
    if (
      next.waiting === counts.waiting &&
      next.refused === counts.refused &&
      next.reprints === counts.reprints
    )
      return;
    counts = next;
    for (const listener of listeners) listener();
  };
  let unsubscribe: (() => void) | null = null;
  return {
    get: () => counts,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      unsubscribe ??= subscribeQueue(() => void refresh().catch(() => undefined));
      void refresh().catch(() => undefined);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
  };
}

const countStores = new Map<string, ReturnType<typeof queueCountsStore>>();

export function useQueueCounts(userId: string): QueueCounts {
  let store = countStores.get(userId);
  if (!store) {
    store = queueCountsStore(userId);
    countStores.set(userId, store);
  }
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is connected, as it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, online, () => true);
}
