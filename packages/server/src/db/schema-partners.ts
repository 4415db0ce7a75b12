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

/** A URL a partner registered for result events, with the secret its deliveries are signed with. */
export interface PartnerWebhooksTable {
  id: Generated<string>;
  keyId: string;
  url: string;
  secret: string;
  createdAt: Generated<Date>;
  deletedAt: Date | null;
}

/** One event for one URL: its body as first built, and how its sending went. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhookId: string;
  eventType: string;
  body: string;
  createdAt: Generated<Date>;
  giveUpAt: Date;
  nextAttemptAt: Generated<Date>;
  claimedUntil: Date | null;
  attempts: Generated<number>;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
}
