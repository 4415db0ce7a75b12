import type { LabDraft } from '@ayar/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { PhotoUpload } from '../../components/ui/PhotoUploader.tsx';
import type { OfflinePacket, OfflinePurity } from '../../lib/offline-entries.ts';

// What lab/add and the waiting list need of the offline counter (ADR 0033). The offline feature
// implements it and the shell provides it (app/shell/OfflineLayer.tsx) for a signed-in workshop only,
// so this feature neither imports that one nor loads its code; without it (an admin, a browser without
// IndexedDB) every screen works online as before.

export interface AssaysOffline {
  /** The `Ayar-Device` header naming this device (CheckCode, AddTest); empty until it has an id. */
  deviceHeaders(): Promise<Record<string, string>>;
  /** The lowest number this device holds for offline use that is not used and not in `taken`. */
  nextReserved(taken: readonly number[]): Promise<number | null>;
  /** Whether this device may register the number offline (reserved for it and not used yet). */
  isReserved(docNumber: number): Promise<boolean>;
  /**
   * Whether one of this device's numbers is taken here: a queued entry has it (the server does not know
   * yet, so GetCode and CheckCode would still offer it), or it was registered from here.
   */
  takenHere(docNumber: number): Promise<boolean>;
  /**
   * Queues the packets, in order, each with its own key and a client-made public token; a packet whose
   * number is not one of this device's free reserved numbers takes the next one. Rejects with the
   * Persian reason when the device has too few numbers (nothing is queued then).
   */
  queuePackets(list: readonly OfflinePacket[]): Promise<{ key: string; docNumber: number }[]>;
  /** Queues each purity as its own entry. */
  queuePurities(list: readonly OfflinePurity[]): Promise<void>;
  /** Numbers the server has just registered online from this device (none of them is offered again). */
  registered(numbers: readonly number[]): void;
  /** lab/add's photo upload: offline (or when the upload cannot reach the server) the photo stays here. */
  uploadPhoto: PhotoUpload;
  /** The drafts with their kept photos uploaded now; rejects as the upload does (a network error too). */
  uploadKeptPhotos(list: readonly LabDraft[]): Promise<LabDraft[]>;
  /** Purities waiting in the queue, by packet id; `subscribe` tells when they change. */
  queuedPurities(): ReadonlyMap<string, number>;
  subscribe(listener: () => void): () => void;
}

export const AssaysOfflineContext = createContext<AssaysOffline | null>(null);

/** The offline counter, where the shell provides one (a signed-in workshop's browser with IndexedDB). */
export function useAssaysOffline(): AssaysOffline | null {
  return useContext(AssaysOfflineContext);
}

const NONE: ReadonlyMap<string, number> = new Map();
const noSubscription = () => () => undefined;

/** The purities queued for sending, by packet id, as they change. */
export function useQueuedPurities(offline: AssaysOffline | null): ReadonlyMap<string, number> {
  return useSyncExternalStore(
    offline ? offline.subscribe : noSubscription,
    offline ? offline.queuedPurities : () => NONE,
    () => NONE,
  );
}

/** The browser says it has no connection: no request is tried. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A request that got no HTTP answer at all (the line is down): the offline path takes over. */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;
