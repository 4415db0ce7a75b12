import type { DBSchema, IDBPDatabase } from 'idb';
import type { AddCuttingRequest, AddTestRequest, BOUND_TOKEN_SCHEME, CodeBlock } from '@ayar/contract';
import { sharedDatabase } from '../../lib/idb.ts';

// The offline counter's IndexedDB (ADR 0033; the format is documented in README.md for the e2e test
// and the bench, which read it directly). Its own database: the query cache (persist/) changes apart.

export const OFFLINE_DB_NAME = 'ayar-offline';
/** 2 added `reprints` (ADR 0040). */
const VERSION = 2;

export type EntryState = 'waiting' | 'sending' | 'refused';

/** What the queue screen, the banner and the slip show of an entry without reading its body. */
export interface EntrySummary {
  docNumber: number;
  customerName: string;
  titleName: string;
  /** Grams. */
  weight: number | null;
  cutting: number | null;
  /**
   * Add entries: the public token the slip was printed with (its QR), kept even when the entry is sent
   * without it. Purity entries: the packet's id.
   */
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
  /**
   * `BOUND_TOKEN_SCHEME` when the body's token was made from the device's token key. Without it (an
   * entry of an earlier app, whose token was random) the token is never sent (ADR 0040).
   */
  tokenScheme?: typeof BOUND_TOKEN_SCHEME;
  /** The number the slip was printed with, before any fix on the queue screen. */
  printedNumber?: number;
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
  /** The server's key for this device's offline public tokens (ADR 0040); none until it answered one. */
  tokenKey?: string;
}

/**
 * A packet that reached the server with another public token than its slip was printed with (ADR
 * 0040): the slip must be printed again. Kept until the clerk says it was.
 */
export interface Reprint {
  /** The queue entry's key it came from. */
  key: string;
  userId: string;
  /** The registered packet: its slip is `/lab/slip/<id>`. */
  id: string;
  docNumber: number;
  customerName: string;
  titleName: string;
  /** The number on the slip printed before, when a fix changed it. */
  printedNumber: number | null;
  /** ISO time it reached the server. */
  sentAt: string;
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
  reprints: { key: string; value: Reprint; indexes: { byUser: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export const offlineDb = sharedDatabase<OfflineSchema>(OFFLINE_DB_NAME, VERSION, (db, oldVersion) => {
  if (oldVersion < 1) {
    const queue = db.createObjectStore('queue', { keyPath: 'key' });
    queue.createIndex('byUser', 'userId');
    queue.createIndex('bySeq', 'seq');
    db.createObjectStore('device', { keyPath: 'userId' });
    db.createObjectStore('photos', { keyPath: 'address' }).createIndex('byUser', 'userId');
  }
  // Version 1's entries stay where they are: the sync sends their random tokens' packets unbound.
  if (oldVersion < 2) db.createObjectStore('reprints', { keyPath: 'key' }).createIndex('byUser', 'userId');
});

/** No IndexedDB (an old browser, the prerender, a test without it): no offline counter. */
export const canStoreOffline = () => typeof indexedDB !== 'undefined';
