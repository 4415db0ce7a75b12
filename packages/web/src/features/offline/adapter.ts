import { BOUND_TOKEN_SCHEME, DEVICE_HEADER, type LabDraft } from '@ayar/contract';
import { claimNumbers, deviceIdOf, freeNumbers, markUsed, readDevice, unclaimNumbers } from './device.ts';
import type { OfflinePacket, OfflinePurity } from '../../lib/offline-entries.ts';
import { randomToken } from './ids.ts';
import { dropKeptPhotos, photoUploader, splitKeptPhotos, uploadKeptPhotos } from './photos.ts';
import { addEntries, listEntries, subscribeQueue } from './queue.ts';
import type { NewEntry } from './queue.ts';
import { topUpReservation } from './reservations.ts';
import { NO_TOKEN_KEY, NO_WEB_CRYPTO, canMakeTokens, offlineToken } from './tokens.ts';

// lab/add and the waiting list reach this through the shell (app/shell/OfflineLayer.tsx), which hands
// `assaysOffline` to the assays feature as its `AssaysOffline` (features/assays/offline.ts).

/** What the queue screen and the slip show of a packet, kept with its entry. */
function packetSummary(packet: OfflinePacket, docNumber: number, publicToken: string) {
  const { draft } = packet;
  return {
    docNumber,
    customerName: packet.name,
    titleName: packet.titleName,
    weight: draft.weight,
    cutting: draft.cutting,
    publicToken,
  };
}

/**
 * Queues the packets on numbers this device holds, each with the token its key makes for the number
 * (ADR 0040): the slip printed now carries the QR code the result will have. A device without a key
 * (it has not reached the server since this app arrived) queues nothing.
 */
async function queuePackets(userId: string, list: readonly OfflinePacket[]) {
  const tokenKey = (await readDevice(userId))?.tokenKey;
  if (!tokenKey) throw new Error(NO_TOKEN_KEY);
  if (!canMakeTokens()) throw new Error(NO_WEB_CRYPTO);
  const numbers = await claimNumbers(
    userId,
    list.map((p) => p.draft.docNumber),
  );
  const tokens = await Promise.all(numbers.map((n) => offlineToken(tokenKey, n))).catch(async () => {
    await unclaimNumbers(userId, numbers);
    throw new Error(NO_WEB_CRYPTO);
  });
  const entries: NewEntry[] = [];
  const keptAddresses: string[] = [];
  for (const [i, packet] of list.entries()) {
    const docNumber = numbers[i]!;
    const publicToken = tokens[i]!;
    const { images, blobs, kept } = await splitKeptPhotos(packet.draft);
    keptAddresses.push(...kept);
    const draft: LabDraft & { publicToken: string } = { ...packet.draft, docNumber, images, publicToken };
    entries.push({
      key: randomToken(),
      userId,
      kind: 'addTest',
      body: [draft],
      tokenScheme: BOUND_TOKEN_SCHEME,
      printedNumber: docNumber,
      ...(blobs.length > 0 ? { photos: blobs, uploaded: [] } : {}),
      createdAt: new Date().toISOString(),
      summary: packetSummary(packet, docNumber, publicToken),
    });
  }
  const added = await addEntries(entries);
  await dropKeptPhotos(keptAddresses);
  return added.map((entry) => ({ key: entry.key, docNumber: entry.summary.docNumber }));
}

async function queuePurities(userId: string, list: readonly OfflinePurity[]) {
  await addEntries(
    list.map(({ id, cutting, reason, docNumber, customerName, titleName }) => ({
      key: randomToken(),
      userId,
      kind: 'addCutting' as const,
      body: [{ id, cutting, ...(reason ? { reason } : {}) }],
      createdAt: new Date().toISOString(),
      summary: { docNumber, customerName, titleName, weight: null, cutting, testId: id },
    })),
  );
}

/**
 * The waiting list's queued purities, kept current from the queue (here and in other tabs): a
 * snapshot object that changes only when they do (useSyncExternalStore).
 */
function queuedPurityStore(userId: string) {
  let snapshot: ReadonlyMap<string, number> = new Map();
  const listeners = new Set<() => void>();
  const refresh = async () => {
    const next = new Map<string, number>();
    for (const entry of await listEntries(userId)) {
      if (entry.kind === 'addCutting') for (const item of entry.body) next.set(item.id, item.cutting);
    }
    const same = next.size === snapshot.size && [...next].every(([id, c]) => snapshot.get(id) === c);
    if (same) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  subscribeQueue(() => void refresh().catch(() => undefined));
  void refresh().catch(() => undefined);
  return {
    queuedPurities: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The offline counter as lab/add and the waiting list use it, for one signed-in workshop. */
export function assaysOffline(userId: string) {
  const purities = queuedPurityStore(userId);
  const free = async () => {
    const record = await readDevice(userId);
    return record ? freeNumbers(record) : [];
  };
  return {
    deviceHeaders: async () => ({ [DEVICE_HEADER]: await deviceIdOf(userId) }),
    nextReserved: async (taken: readonly number[]) => {
      const skip = new Set(taken);
      return (await free()).find((n) => !skip.has(n)) ?? null;
    },
    isReserved: async (docNumber: number) => (await free()).includes(docNumber),
    takenHere: async (docNumber: number) => (await readDevice(userId))?.used.includes(docNumber) ?? false,
    queuePackets: (list: readonly OfflinePacket[]) => queuePackets(userId, list),
    queuePurities: (list: readonly OfflinePurity[]) => queuePurities(userId, list),
    // Used online too (GetCode offers a counter its own numbers first): topped up as it runs low.
    registered: (numbers: readonly number[]) =>
      void markUsed(userId, numbers)
        .then(() => topUpReservation(userId))
        .catch(() => undefined),
    uploadPhoto: photoUploader(userId),
    uploadKeptPhotos,
    ...purities,
  };
}
