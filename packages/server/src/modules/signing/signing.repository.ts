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

/** A published public key: always with its type and id. */
export type PublishedJwk = JWK & { kty: string; kid: string };

/** Every key that ever signed, oldest first. */
export async function listKeys(db: Database): Promise<PublishedJwk[]> {
  const rows = await db.selectFrom('resultSigningKeys').select('publicJwk').orderBy('createdAt').execute();
  return rows.map((row) => row.publicJwk as PublishedJwk);
}
