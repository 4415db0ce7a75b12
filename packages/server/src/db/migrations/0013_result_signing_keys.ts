import { sql, type Kysely } from 'kysely';

/**
 * The public halves of every key that ever signed a result (ADR 0029). A server registers
 * its key here when it starts; `/.well-known/jwks.json` lists them all, so a slip signed before a key
 * was rotated still verifies after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table result_signing_keys (
    kid text primary key,
    public_jwk jsonb not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists result_signing_keys`.execute(db);
}
