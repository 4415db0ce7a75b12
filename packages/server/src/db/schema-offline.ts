import type { Generated } from 'kysely';
import type { Json } from './schema.ts';

// The offline counter's tables (migrations 0016 and 0020, ADRs 0033 and 0045), split from schema.ts,
// which puts them into `DB`.

/** A request's answer kept under its idempotency key, per user (migration 0016, ADR 0033). */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  /** SHA-256 (hex) of the route and the parsed body: the same key with another request is refused. */
  requestHash: string;
  /** The envelope answered; null only inside the transaction that claimed the key. */
  response: Json;
  createdAt: Generated<Date>;
}

/** Packet numbers kept for one device of a workshop; device null: released (migration 0016, ADR 0033). */
export interface CodeReservationsTable {
  id: Generated<string>;
  workshopId: string;
  deviceId: string | null;
  fromCode: number;
  toCode: number;
  createdAt: Generated<Date>;
}

/** When a device of a workshop last reached the server: its reservation's lease (ADR 0045). */
export interface CodeDevicesTable {
  workshopId: string;
  deviceId: string;
  lastSeenAt: Generated<Date>;
}

/** Packets a device registered, kept a day to size its reservation (ADR 0045). */
export interface CodeDeviceUsesTable {
  workshopId: string;
  deviceId: string;
  usedAt: Generated<Date>;
  count: number;
}
