import type { DBSchema, IDBPDatabase } from 'idb';
import type { AddCuttingRequest, AddTestRequest, CodeBlock } from '@ayar/contract';
import { sharedDatabase } from '../../lib/idb.ts';

// The offline counter's IndexedDB (issue 19; the format is documented in README.md for the e2e test
// and the bench, which read it directly). Its own database: the query cache (persist/) changes apart.

export const OFFLINE_DB_NAME = 'ayar-offline';
const VERSION = 1;

export type EntryState = 'waiting' | 'sending' | 'refused';

/** What the queue screen, the banner and the slip show of an entry without reading its body. */
export interface EntrySummary {
  docNumber: number;
  customerName: string;
  titleName: string;
  /** Grams. */
  weight: number | null;
  cutting: number | null;
  /** Add entries: the packet's public token (its slip's QR). Purity entries: the packet's id. */
  publicToken?: string;
  testId?: string;
}

interface EntryBase {
  /** The idempotency key: also the entry's id. */
  key: string;
  /** Whose entry: only that workshop's session sends it. */
  userId: string;
  /** The order entries are sent in (ascending, per device). */
  seq: number;
  /** ISO time the entry was made. */
  createdAt: string;
  state: EntryState;
  /** The server's reason of a refusal (`field` without the list index), or the last failed try's. */
  error?: { message: string; field?: string };
  summary: EntrySummary;
}

export interface AddTestEntry extends EntryBase {
  kind: 'addTest';
  /** One packet, as AddTest takes it; `images` are the addresses uploaded before it was queued. */
  body: AddTestRequest;
  /** Photos kept on the device, already resized; sent before the packet. */
  photos?: Blob[];
  /** Addresses of `photos` already uploaded, in order: a retry uploads only the rest. */
  uploaded?: string[];
}

export interface AddCuttingEntry extends EntryBase {
  kind: 'addCutting';
  /** One purity, as AddCutting takes it. */
  body: AddCuttingRequest;
}

export type QueueEntry = AddTestEntry | AddCuttingEntry;

/** One workshop's reservation on this device. */
export interface DeviceRecord {
  userId: string;
  /** `Ayar-Device`: 16 random bytes, base64url; never shown. */
  deviceId: string;
  /** The server's last answer: the device's unused reserved numbers. */
  blocks: CodeBlock[];
  /** Numbers of those this device has used offline (queued), not yet known to the server as used. */
  used: number[];
}

/** A photo lab/add keeps while offline, until its packet is queued (or registered online). */
export interface KeptPhoto {
  address: string;
  userId: string;
  blob: Blob;
}

interface OfflineSchema extends DBSchema {
  queue: { key: string; value: QueueEntry; indexes: { byUser: string; bySeq: number } };
  device: { key: string; value: DeviceRecord };
  photos: { key: string; value: KeptPhoto; indexes: { byUser: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export const offlineDb = sharedDatabase<OfflineSchema>(OFFLINE_DB_NAME, VERSION, (db) => {
  const queue = db.createObjectStore('queue', { keyPath: 'key' });
  queue.createIndex('byUser', 'userId');
  queue.createIndex('bySeq', 'seq');
  db.createObjectStore('device', { keyPath: 'userId' });
  db.createObjectStore('photos', { keyPath: 'address' }).createIndex('byUser', 'userId');
});

/** No IndexedDB (an old browser, the prerender, a test without it): no offline counter. */
export const canStoreOffline = () => typeof indexedDB !== 'undefined';
