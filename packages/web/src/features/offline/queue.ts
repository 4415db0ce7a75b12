import { offlineDb } from './db.ts';
import type { QueueEntry, Reprint } from './db.ts';

// The queue of entries made offline (ADR 0033): durable in IndexedDB, read afresh on every use so
// tabs and reloads agree; a change is announced here and to the other tabs.

/** An entry as it is handed in: the queue gives it its place (`seq`) and state. */
export type NewEntry = WithoutPlace<QueueEntry>;
type WithoutPlace<E> = E extends unknown ? Omit<E, 'seq' | 'state'> : never;

const CHANNEL = 'ayar-offline-queue';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

/**
 * Listeners read the whole queue again, so a sync of N entries (two changes each) told them at every
 * change would read it 2N times: changes are told at most once per NOTIFY_MS, the last one always.
 */
export const NOTIFY_MS = 100;
let pending: ReturnType<typeof setTimeout> | null = null;
let broadcast = false;

function ensureChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => schedule(false);
}

function schedule(toOtherTabs: boolean): void {
  broadcast ||= toOtherTabs;
  pending ??= setTimeout(() => {
    pending = null;
    for (const listener of listeners) listener();
    if (broadcast) {
      ensureChannel();
      channel?.postMessage('changed');
    }
    broadcast = false;
  }, NOTIFY_MS);
}

/**
 * Tells this tab's and the other tabs' listeners that the queue (or its reprint reminders) changed
 * (soon, and once per burst).
 */
export function changed(): void {
  schedule(true);
}

/** Called whenever the queue changes, in this tab or another. */
export function subscribeQueue(listener: () => void): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's entries in the order they are sent. */
export async function listEntries(userId: string): Promise<QueueEntry[]> {
  const db = await offlineDb();
  const entries = await db.getAllFromIndex('queue', 'byUser', userId);
  return entries.sort((a, b) => a.seq - b.seq);
}

export async function getEntry(key: string): Promise<QueueEntry | undefined> {
  return (await offlineDb()).get('queue', key);
}

/**
 * Appends entries after every entry already queued on this device, in one transaction: two tabs
 * queueing at once still get distinct, increasing places.
 */
export async function addEntries(entries: readonly NewEntry[]): Promise<QueueEntry[]> {
  const db = await offlineDb();
  const tx = db.transaction('queue', 'readwrite');
  const last = await tx.store.index('bySeq').openCursor(null, 'prev');
  let seq = last?.value.seq ?? 0;
  const added = entries.map((entry) => ({ ...entry, seq: ++seq, state: 'waiting' }) as QueueEntry);
  await Promise.all([...added.map((entry) => tx.store.add(entry)), tx.done]);
  changed();
  return added;
}

/** Changes an entry still in the queue; false when it is gone (sent, or discarded in another tab). */
export async function updateEntry(
  key: string,
  change: (entry: QueueEntry) => QueueEntry,
): Promise<QueueEntry | undefined> {
  const db = await offlineDb();
  const tx = db.transaction('queue', 'readwrite');
  const entry = await tx.store.get(key);
  const next = entry ? change(entry) : undefined;
  if (next) await tx.store.put(next);
  await tx.done;
  if (next) changed();
  return next;
}

export async function removeEntry(key: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('queue', key);
  changed();
}

/**
 * An entry the server took leaves the queue; when its packet's token is not the one its slip was
 * printed with, the reminder to print it again takes its place in the same transaction (ADR 0040).
 */
export async function settleEntry(key: string, reprint: Reprint | null): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['queue', 'reprints'], 'readwrite');
  await Promise.all([
    tx.objectStore('queue').delete(key),
    ...(reprint ? [tx.objectStore('reprints').put(reprint)] : []),
    tx.done,
  ]);
  changed();
}
