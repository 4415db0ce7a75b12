import { vi } from 'vitest';
import { OFFLINE_TOKEN_VECTOR, OTHER_CUSTOMER_ID, ROUTES, TEST_TYPES, labDraftSchema } from '@ayar/contract';
import type { CodeBlock, LabDraft } from '@ayar/contract';
import { handle } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { assaysOffline } from './adapter.ts';
import { offlineDb } from './db.ts';
import type { QueueEntry } from './db.ts';
import { applyReservation, ensureDevice } from './device.ts';

// The offline tests' set-up (tests only): the IndexedDB (fake-indexeddb, imported by each test file)
// emptied, the browser's connection, and a device holding numbers.

export const USER = 'w1';

/**
 * fake-indexeddb copies records with Node's structuredClone, which knows Node's Blob but not jsdom's
 * (the one the app and FormData use here), and would store a photo as an empty object. A browser's
 * IndexedDB keeps Blobs; so do these tests: a Blob is immutable, and is kept as it is.
 */
function keepingBlobs(clone: typeof structuredClone): typeof structuredClone {
  const copy = (value: unknown): unknown => {
    if (value instanceof Blob) return value;
    if (Array.isArray(value)) return value.map(copy);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
    return clone(value);
  };
  return ((value: unknown) => copy(value)) as typeof structuredClone;
}
globalThis.structuredClone = keepingBlobs(globalThis.structuredClone);

export async function emptyOfflineDb(): Promise<void> {
  const db = await offlineDb();
  await Promise.all([db.clear('queue'), db.clear('device'), db.clear('photos'), db.clear('reprints')]);
}

/** The browser's connection as the app follows it: navigator.onLine and its events. */
export function setConnection(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The device's token key in these tests: the contract's worked example (ADR 0040). */
export const TOKEN_KEY = OFFLINE_TOKEN_VECTOR.tokenKey;

/** This device holds these numbers and its token key (as the server's last ReserveCodes answer said). */
export async function holdNumbers(blocks: CodeBlock[], userId = USER): Promise<string> {
  const { deviceId } = await ensureDevice(userId);
  const count = blocks.reduce((sum, b) => sum + b.to - b.from + 1, 0);
  await applyReservation(userId, { blocks, count, tokenKey: TOKEN_KEY });
  return deviceId;
}

/** ReserveCodes as the server answers it: these blocks, whatever was asked. */
export function handleReserve(blocks: CodeBlock[] = [{ from: 5001, to: 5050 }]) {
  const count = blocks.reduce((sum, b) => sum + b.to - b.from + 1, 0);
  return handle(ROUTES.tests.reserveCodes, { blocks, count, tokenKey: TOKEN_KEY });
}

/** The numbers the offline tests' device holds unless a test says otherwise. */
export const HELD: CodeBlock[] = [{ from: 5001, to: 5050 }];

/**
 * Each offline test's start: the IndexedDB emptied, the workshop signed in (`session` as signInAs
 * takes it), this device holding `blocks` (none: it holds nothing, not even a token key) and
 * ReserveCodes answering the same blocks. Answers the device id when it holds numbers.
 */
export async function startOffline({
  session,
  blocks = HELD,
}: { session?: Parameters<typeof signInAs>[1]; blocks?: CodeBlock[] } = {}): Promise<string | undefined> {
  await emptyOfflineDb();
  signInAs('workshop', session);
  const deviceId = blocks.length > 0 ? await holdNumbers(blocks) : undefined;
  handleReserve(blocks);
  return deviceId;
}

export async function storedEntries(): Promise<QueueEntry[]> {
  const entries = await (await offlineDb()).getAll('queue');
  return entries.sort((a, b) => a.seq - b.seq);
}

/** The other customer's fields a queued packet needs (no customer search offline in these tests). */
export const OWNER = { name: 'مریم زرگر', mobile: '09121112233' };

/** A packet as lab/add hands it over: an 'other customer' owner, purity 750 unless told. */
export function draft(docNumber: number, over: Partial<Record<keyof LabDraft, unknown>> = {}): LabDraft {
  return labDraftSchema.parse({
    customerId: OTHER_CUSTOMER_ID,
    customerName: 'مشتری متفرقه',
    testFullName: OWNER.name,
    testMobile: OWNER.mobile,
    type: TEST_TYPES[0].id,
    typeName: TEST_TYPES[0].name,
    docNumber,
    cutting: 750,
    weight: 2.5,
    title: true,
    ...over,
  });
}

/** Queues packets as lab/add does offline (on numbers this device holds). */
export function queuePackets(numbers: number[], userId = USER) {
  return assaysOffline(userId).queuePackets(
    numbers.map((n) => ({ draft: draft(n), name: OWNER.name, titleName: 'بسته' })),
  );
}

/** Queues a purity as the waiting list does offline. */
export function queuePurity(id: string, docNumber: number, cutting: number, userId = USER) {
  return assaysOffline(userId).queuePurities([
    { id, cutting, docNumber, customerName: 'حسن طلافروش', titleName: 'بسته' },
  ]);
}
