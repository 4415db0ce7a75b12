import { sql } from 'kysely';
import type { JWK } from 'jose';
import type { Database } from '../../db/database.ts';

/** Records a signing key's public half once; a key already known keeps its first date. */
export async function registerKey(db: Database, kid: string, publicJwk: JWK): Promise<void> {
  await db
    .insertInto('resultSigningKeys')
    .values({ kid, publicJwk: JSON.stringify(publicJwk) })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

/**
 * A published public key: always with its type and id; `retiredAt` (ISO 8601 UTC) once it is retired
 * (ADR 0042), a member of our own that a JOSE library ignores.
 */
export type PublishedJwk = JWK & { kty: string; kid: string; retiredAt?: string };

/** Every key that ever signed, oldest first, a retired one with its retirement time. */
export async function listKeys(db: Database): Promise<PublishedJwk[]> {
  const rows = await db
    .selectFrom('resultSigningKeys')
    .select(['publicJwk', 'retiredAt'])
    .orderBy('createdAt')
    .orderBy('kid')
    .execute();
  return rows.map((row) => {
    const jwk = row.publicJwk as PublishedJwk;
    return row.retiredAt ? { ...jwk, retiredAt: row.retiredAt.toISOString() } : jwk;
  });
}

export interface KeyRecord {
  kid: string;
  createdAt: Date;
  retiredAt: Date | null;
  retireReason: string | null;
}

/** One key's record, or undefined when no server ever registered it. */
export async function findKey(db: Database, kid: string): Promise<KeyRecord | undefined> {
  return db
    .selectFrom('resultSigningKeys')
    .select(['kid', 'createdAt', 'retiredAt', 'retireReason'])
    .where('kid', '=', kid)
    .executeTakeFirst();
}

/**
 * Marks a key in service retired now (the database's clock, the one every server reads it by); answers
 * that time, or null when the key is unknown or already retired.
 */
export async function retireKey(db: Database, kid: string, reason: string): Promise<Date | null> {
  const row = await db
    .updateTable('resultSigningKeys')
    .set({ retiredAt: sql<Date>`now()`, retireReason: reason })
    .where('kid', '=', kid)
    .where('retiredAt', 'is', null)
    .returning('retiredAt')
    .executeTakeFirst();
  return row?.retiredAt ?? null;
}
