import type { Generated } from 'kysely';

// The partner keys' table (migration 0027, ADR 0061), split from schema.ts, which puts it into `DB`.

/** A partner system's API key: its hash, scopes and limits, and how much it is used. */
export interface PartnerKeysTable {
  id: Generated<string>;
  name: string;
  prefix: string;
  keyHash: string;
  scopes: string[];
  allowedAddresses: string[] | null;
  expiresAt: Date | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
  revokedAt: Date | null;
  uses: Generated<number>;
  lastUsedAt: Date | null;
}
