import { sql, type Kysely } from 'kysely';

/**
 * Partner API keys (ADR 0061): issued by the administrator to a named partner system, with scopes, an
 * optional expiry and address allowlist. Only the key's SHA-256 is kept (the key has 256 random bits, so a
 * slow hash adds nothing) and its first characters, to tell keys apart; each call is counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table partner_keys (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      prefix text not null,
      key_hash text not null unique,
      scopes text[] not null,
      allowed_addresses text[],
      expires_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      uses integer not null default 0,
      last_used_at timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table partner_keys;`.execute(db);
}
