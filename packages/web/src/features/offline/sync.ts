import { BOUND_TOKEN_SCHEME, DEVICE_HEADER, IDEMPOTENCY_HEADER, MSG, ROUTES } from '@ayar/contract';
import type { AddTestRequest, AddTestResponse } from '@ayar/contract';
import { uploadPhoto } from '../../components/ui/PhotoUploader.tsx';
import { ApiError, apiCall } from '../../lib/api.ts';
import type { AddTestEntry, QueueEntry, Reprint } from './db.ts';
import { deviceIdOf, forgetTokenKey } from './device.ts';
import { getEntry, listEntries, settleEntry, updateEntry } from './queue.ts';

// Sending the queue (ADR 0033): in order, one entry at a time, each under its idempotency key, so a
// sync cut off half way and run again registers every entry once.

/** How a run ended: everything it could send was sent, or it stopped and the rest waits. */
export type SyncOutcome = 'done' | 'stopped' | 'busy';

export interface SyncProgress {
  running: boolean;
  /** Entries sent in this run, and how many it set out to send. */
  sent: number;
  total: number;
}

const IDLE: SyncProgress = { running: false, sent: 0, total: 0 };
let progress: SyncProgress = IDLE;
const listeners = new Set<() => void>();

function setProgress(next: SyncProgress): void {
  progress = next;
  for (const listener of listeners) listener();
}

export const syncProgress = () => progress;
export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Why a refusal is the entry's and not the line's: an HTTP answer other than 401 and 429 below 500. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 429;

/** `0.docNumber` → `docNumber`: each entry sends one packet or one purity. */
function refusalOf(error: ApiError): { message: string; field?: string } {
  const field = error.fieldErrors[0]?.field.replace(/^\d+\./, '');
  return field ? { message: error.message, field } : { message: error.message };
}

/** Uploads the entry's photos not uploaded yet, keeping each address at once (a retry skips it). */
async function uploadPhotos(entry: QueueEntry): Promise<string[]> {
  if (entry.kind !== 'addTest' || !entry.photos?.length) return [];
  const uploaded = [...(entry.uploaded ?? [])];
  for (const blob of entry.photos.slice(uploaded.length)) {
    uploaded.push(await uploadPhoto(blob, () => undefined));
    await updateEntry(entry.key, (e) => ({ ...e, uploaded: [...uploaded] }));
  }
  return uploaded;
}

/** The server refused a draft's public token (ADR 0040: anything but the device's own for the number). */
const tokenRefused = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  error.fieldErrors.some((e) => /^\d+\.publicToken$/.test(e.field));

const hasToken = (body: AddTestRequest) => body.some((draft) => draft.publicToken !== undefined);
const withoutToken = (body: AddTestRequest): AddTestRequest =>
  body.map(({ publicToken: _dropped, ...draft }) => draft);

/** The entry is sent without its token from now on, retries included; the server makes the packet's. */
async function dropToken(entry: AddTestEntry): Promise<AddTestEntry> {
  await updateEntry(entry.key, (e) => (e.kind === 'addTest' ? { ...e, body: withoutToken(e.body) } : e));
  return { ...entry, body: withoutToken(entry.body) };
}

/**
 * Sends a packet. Its token goes with it only when this device's key made it: an earlier app's random
 * token is never sent (it would let anyone who saw the slip take the QR code, ADR 0040). A token the
 * server refuses (its secret changed since the key was given) is dropped and the packet sent once
 * more without it. Each way ends after one more request at most: nothing loops.
 */
async function sendPacket(
  userId: string,
  entry: AddTestEntry,
  options: { silent: true; background: true; headers: Record<string, string> },
): Promise<AddTestResponse> {
  const uploaded = await uploadPhotos(entry);
  const post = async (body: AddTestRequest) =>
    (
      await apiCall(ROUTES.tests.addTest, {
        ...options,
        body: body.map((draft) => ({ ...draft, images: [...draft.images, ...uploaded] })),
      })
    ).data;
  const unbound = hasToken(entry.body) && entry.tokenScheme !== BOUND_TOKEN_SCHEME;
  const current = unbound ? await dropToken(entry) : entry;
  try {
    return await post(current.body);
  } catch (error) {
    if (hasToken(current.body) && tokenRefused(error)) {
      await forgetTokenKey(userId);
      return post((await dropToken(current)).body);
    }
    const printed = entry.summary.publicToken;
    if (!hasToken(current.body) && printed && error instanceof ApiError && error.status === 422) {
      // The key already stands for this entry sent with its printed token (by an earlier app, its
      // answer lost): that request again gets its stored answer, and registers nothing.
      return post(current.body.map((draft) => ({ ...draft, publicToken: printed })));
    }
    throw error;
  }
}

/**
 * The reminder to print the slip again, when the registered packet's token (or number) is not the one
 * printed offline; else null.
 */
function reprintOf(entry: AddTestEntry, answer: AddTestResponse): Reprint | null {
  const packet = answer.list[0];
  const printedNumber = entry.printedNumber ?? entry.summary.docNumber;
  if (!packet) return null;
  if (packet.publicToken === entry.summary.publicToken && packet.docNumber === printedNumber) return null;
  return {
    key: entry.key,
    userId: entry.userId,
    id: packet.id,
    docNumber: packet.docNumber,
    customerName: entry.summary.customerName,
    titleName: entry.summary.titleName,
    printedNumber: packet.docNumber === printedNumber ? null : printedNumber,
    sentAt: new Date().toISOString(),
  };
}

/** Sends the entry; answers the reminder to print its slip again, if its packet needs one. */
async function send(userId: string, entry: QueueEntry, deviceId: string): Promise<Reprint | null> {
  const headers = { [IDEMPOTENCY_HEADER]: entry.key, [DEVICE_HEADER]: deviceId };
  const options = { silent: true, background: true, headers } as const;
  if (entry.kind === 'addCutting') {
    await apiCall(ROUTES.tests.addCutting, { ...options, body: entry.body });
    return null;
  }
  return reprintOf(entry, await sendPacket(userId, entry, options));
}

/**
 * One run over the user's queue. A refused entry is kept with the server's reason and the run goes
 * on; no answer at all, a 5xx, a 429 or a 401 (the session ended) stops it with the entry waiting.
 * `onSent` runs after each entry the server took.
 */
async function run(userId: string, onSent: () => void): Promise<SyncOutcome> {
  const todo = (await listEntries(userId)).filter((entry) => entry.state !== 'refused');
  if (todo.length === 0) return 'done';
  const deviceId = await deviceIdOf(userId);
  setProgress({ running: true, sent: 0, total: todo.length });
  let sent = 0;
  for (const { key } of todo) {
    // Read again: another tab may have sent it, or the clerk discarded it, meanwhile.
    const entry = await getEntry(key);
    if (!entry || entry.state === 'refused') continue;
    await updateEntry(key, (e) => ({ ...e, state: 'sending' }));
    try {
      await settleEntry(key, await send(userId, entry, deviceId));
      sent += 1;
      setProgress({ running: true, sent, total: todo.length });
      onSent();
    } catch (error) {
      if (isRefusal(error)) {
        await updateEntry(key, (e) => ({ ...e, state: 'refused', error: refusalOf(error) }));
        continue;
      }
      const message = error instanceof Error ? error.message : MSG.failed;
      await updateEntry(key, (e) => ({ ...e, state: 'waiting', error: { message } }));
      return 'stopped';
    }
  }
  return 'done';
}

let running: Promise<SyncOutcome> | null = null;

/**
 * Sends the user's queue unless a run is already going, in this tab or (through the Web Locks API,
 * where the browser has it) in another: then that run sends it.
 */
export function syncQueue(userId: string, onSent: () => void = () => undefined): Promise<SyncOutcome> {
  if (running) return Promise.resolve('busy');
  const work = () => run(userId, onSent).finally(() => setProgress(IDLE));
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const locked: Promise<SyncOutcome> = locks
    ? locks.request('ayar-sync', { ifAvailable: true }, (lock) => (lock ? work() : 'busy'))
    : work();
  running = locked.finally(() => {
    running = null;
  });
  return running;
}
