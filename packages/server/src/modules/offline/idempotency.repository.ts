import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_DAYS } from '@ayar/contract';
import type { Database } from '../../db/database.ts';

// Idempotency keys (ADR 0033): a request's answer kept per user and key, written in the request's own
// transaction.

const expired = sql<Date>`now() - make_interval(days => ${IDEMPOTENCY_KEY_DAYS})`;

/**
 * Claims the key for this request: true when it is new (or its old answer had expired, and is
 * replaced). A concurrent request with the same key waits here until the one that claimed it ends:
 * then it finds its answer, or, if that one failed, claims the key itself.
 */
export async function claimKey(
  db: Database,
  claim: { userId: string; key: string; requestHash: string },
): Promise<boolean> {
  const row = await db
    .insertInto('idempotencyKeys')
    .values(claim)
    .onConflict((oc) =>
      oc
        .columns(['userId', 'key'])
        .doUpdateSet({ requestHash: claim.requestHash, response: null, createdAt: sql`now()` })
        .where('idempotencyKeys.createdAt', '<', expired),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The key's stored request hash and answer. */
export function findKey(db: Database, userId: string, key: string) {
  return db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'response'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function storeResponse(db: Database, userId: string, key: string, response: unknown) {
  await db
    .updateTable('idempotencyKeys')
    .set({ response: JSON.stringify(response) })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Forgets the user's keys older than the time a resend is answered from them. */
export async function deleteExpired(db: Database, userId: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', userId)
    .where('createdAt', '<', expired)
    .execute();
}
