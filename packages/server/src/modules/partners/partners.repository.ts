import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PartnerKeysTable } from '../../db/schema-partners.ts';

// The partner keys (ADR 0061): stored by the key's hash; the key itself is never written anywhere.

const columns = [
  'id',
  'name',
  'prefix',
  'scopes',
  'allowedAddresses',
  'expiresAt',
  'createdAt',
  'revokedAt',
  'uses',
  'lastUsedAt',
] as const;

export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

export async function insertKey(db: Database, values: Insertable<PartnerKeysTable>): Promise<string> {
  const row = await db.insertInto('partnerKeys').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countKeys(db: Database): Promise<number> {
  const row = await db
    .selectFrom('partnerKeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listKeys(db: Database) {
  return db.selectFrom('partnerKeys').select(columns).orderBy('createdAt', 'desc').orderBy('id').execute();
}

export function findKey(db: Database, id: string) {
  return db.selectFrom('partnerKeys').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Revokes the key unless it was revoked already (then nothing: the caller tells the two apart). */
export function revokeKey(db: Database, id: string) {
  return db
    .updateTable('partnerKeys')
    .set({ revokedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/** The key a request's `X-Api-Key` hashes to, with what its checks need. */
export function findByHash(db: Database, keyHash: string) {
  return db
    .selectFrom('partnerKeys')
    .select(['id', 'name', 'scopes', 'allowedAddresses', 'expiresAt', 'revokedAt'])
    .where('keyHash', '=', keyHash)
    .executeTakeFirst();
}

/** One more call with the key. */
export async function countUse(db: Database, id: string): Promise<void> {
  await db
    .updateTable('partnerKeys')
    .set((eb) => ({ uses: eb('uses', '+', 1), lastUsedAt: sql<Date>`now()` }))
    .where('id', '=', id)
    .execute();
}
