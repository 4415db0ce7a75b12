import type { ReserveCodesResponse } from '@ayar/contract';
import { offlineDb } from './db.ts';
import type { DeviceRecord } from './db.ts';
import { randomToken } from './ids.ts';

// This device's numbers for registering offline (ADR 0033): the blocks the server reserved for it and
// the ones it has used since. Every change is one IndexedDB transaction, so two tabs of one device
// never hand out the same number.

export const NO_NUMBERS =
  'شماره‌ای برای ثبت آفلاین در این دستگاه نمانده است؛ یک بار به اینترنت وصل شوید تا شماره دریافت شود';

/** The numbers of the blocks that are not used, ascending. */
export function freeNumbers(record: Pick<DeviceRecord, 'blocks' | 'used'>): number[] {
  const used = new Set(record.used);
  const free: number[] = [];
  for (const { from, to } of record.blocks) {
    for (let n = from; n <= to; n++) if (!used.has(n)) free.push(n);
  }
  return free;
}

const ids = new Map<string, string>();

/** The workshop's record on this device, made (with a new device id) the first time. */
export async function ensureDevice(userId: string): Promise<DeviceRecord> {
  const db = await offlineDb();
  const tx = db.transaction('device', 'readwrite');
  let record = await tx.store.get(userId);
  if (!record) {
    record = { userId, deviceId: randomToken(), blocks: [], used: [] };
    await tx.store.put(record);
  }
  await tx.done;
  ids.set(userId, record.deviceId);
  return record;
}

/** The device id, read once per page load. */
export async function deviceIdOf(userId: string): Promise<string> {
  return ids.get(userId) ?? (await ensureDevice(userId)).deviceId;
}

export async function readDevice(userId: string): Promise<DeviceRecord | undefined> {
  return (await offlineDb()).get('device', userId);
}

/** Changes the record in one transaction; `change` returns the new record, or null to leave it. */
async function changeDevice<T>(
  userId: string,
  change: (record: DeviceRecord) => { record: DeviceRecord | null; result: T },
): Promise<T> {
  const db = await offlineDb();
  const tx = db.transaction('device', 'readwrite');
  const stored = (await tx.store.get(userId)) ?? {
    userId,
    deviceId: ids.get(userId) ?? randomToken(),
    blocks: [],
    used: [],
  };
  let outcome: { record: DeviceRecord | null; result: T };
  try {
    outcome = change(stored);
  } catch (error) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw error;
  }
  if (outcome.record) await tx.store.put(outcome.record);
  await tx.done;
  return outcome.result;
}

/**
 * Takes numbers for packets queued in this order: a wanted number this device holds free keeps it,
 * every other packet gets the lowest free number no other packet wants. All or none: rejects with
 * NO_NUMBERS, taking nothing, when there are too few.
 */
export function claimNumbers(userId: string, wanted: readonly number[]): Promise<number[]> {
  return changeDevice(userId, (record) => {
    const free = freeNumbers(record);
    const freeSet = new Set(free);
    const kept = new Set<number>();
    for (const n of wanted) if (freeSet.has(n) && !kept.has(n)) kept.add(n);
    const spare = free.filter((n) => !kept.has(n));
    const seen = new Set<number>();
    const numbers = wanted.map((n) => {
      if (kept.has(n) && !seen.has(n)) {
        seen.add(n);
        return n;
      }
      const next = spare.shift();
      if (next === undefined) throw new Error(NO_NUMBERS);
      return next;
    });
    return { record: { ...record, used: [...record.used, ...numbers] }, result: numbers };
  });
}

/** Takes one number if this device holds it free; false leaves everything as it was. */
export function takeIfFree(userId: string, docNumber: number): Promise<boolean> {
  return changeDevice(userId, (record) =>
    freeNumbers(record).includes(docNumber)
      ? { record: { ...record, used: [...record.used, docNumber] }, result: true }
      : { record: null, result: false },
  );
}

/** Gives numbers back to this device's free ones (a discarded entry, a number changed). */
export function unclaimNumbers(userId: string, numbers: readonly number[]): Promise<void> {
  const back = new Set(numbers);
  return changeDevice(userId, (record) => ({
    record: { ...record, used: record.used.filter((n) => !back.has(n)) },
    result: undefined,
  }));
}

/** Numbers registered online: never offered offline, until the next reservation drops them. */
export function markUsed(userId: string, numbers: readonly number[]): Promise<void> {
  return changeDevice(userId, (record) => {
    const inBlocks = numbers.filter((n) => record.blocks.some((b) => n >= b.from && n <= b.to));
    if (inBlocks.length === 0) return { record: null, result: undefined };
    return { record: { ...record, used: [...new Set([...record.used, ...inBlocks])] }, result: undefined };
  });
}

/**
 * The server's answer to ReserveCodes is every unused number it keeps for this device, and the device's
 * token key. The device's used numbers outside it have reached the server (or been refused) and are
 * forgotten; those inside it are queued entries not sent yet, and stay used.
 */
export function applyReservation(userId: string, answer: ReserveCodesResponse): Promise<number> {
  return changeDevice(userId, (record) => {
    const next = {
      ...record,
      blocks: answer.blocks,
      tokenKey: answer.tokenKey,
      used: record.used.filter((n) => answer.blocks.some((b) => n >= b.from && n <= b.to)),
    };
    return { record: next, result: freeNumbers(next).length };
  });
}

/**
 * The server refused a token made with the key this device holds (its secret changed since, ADR
 * 0040): the key is dropped, so the next top-up asks for the current one.
 */
export function forgetTokenKey(userId: string): Promise<void> {
  return changeDevice(userId, (record) => {
    if (record.tokenKey === undefined) return { record: null, result: undefined };
    const { tokenKey: _dropped, ...rest } = record;
    return { record: rest, result: undefined };
  });
}

/**
 * Forgets the workshop's reservation here (after the server took its numbers back), with its token
 * key, its kept photos and its reprint reminders.
 */
export async function forgetDevice(userId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['device', 'photos', 'reprints'], 'readwrite');
  const photos = await tx.objectStore('photos').index('byUser').getAllKeys(userId);
  const reprints = await tx.objectStore('reprints').index('byUser').getAllKeys(userId);
  await Promise.all([
    tx.objectStore('device').delete(userId),
    ...photos.map((key) => tx.objectStore('photos').delete(key)),
    ...reprints.map((key) => tx.objectStore('reprints').delete(key)),
    tx.done,
  ]);
  ids.delete(userId);
}
