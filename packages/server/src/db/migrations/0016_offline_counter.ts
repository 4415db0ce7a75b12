import { sql, type Kysely } from 'kysely';

/**
 * The offline counter (ADR 0033). `idempotency_keys`: the answer to a request sent with an
 * `Idempotency-Key`, per user, so a resend gets it back instead of registering again; written in the
 * request's own transaction, so a failed request leaves nothing. `code_reservations`: blocks of a
 * workshop's packet numbers kept for one of its devices to register offline; a null device is a
 * released block, whose unused numbers are back in the workshop's pool.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    user_id uuid not null references users (id) on delete cascade,
    key text not null,
    request_hash text not null,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db);
  // The expired keys of a user, found without reading the live ones.
  await sql`create index idempotency_keys_user_created_idx on idempotency_keys (user_id, created_at)`.execute(
    db,
  );
  await sql`create table code_reservations (
    id uuid primary key default gen_random_uuid(),
    workshop_id uuid not null references users (id) on delete cascade,
    device_id text,
    from_code bigint not null check (from_code > 0),
    to_code bigint not null,
    created_at timestamptz not null default now(),
    check (to_code >= from_code)
  )`.execute(db);
  await sql`create index code_reservations_workshop_idx on code_reservations (workshop_id, from_code)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists code_reservations`.execute(db);
  await sql`drop table if exists idempotency_keys`.execute(db);
}
