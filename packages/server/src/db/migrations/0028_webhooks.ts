import { sql, type Kysely } from 'kysely';

/**
 * Signed webhooks for partners (ADR 0062): a partner key with `results:subscribe` registers URLs; each
 * published, corrected, withdrawn or deleted result becomes one delivery per URL, written in the
 * transaction that signs the version (an outbox: nothing is sent for a change that rolls back), and
 * sent by the node holding the jobs' lease, retried for a day. The signing secret is kept as given: an
 * HMAC is made with it, so it cannot be a hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table partner_webhooks (
      id uuid primary key default gen_random_uuid(),
      key_id uuid not null references partner_keys (id) on delete cascade,
      url text not null,
      secret text not null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index partner_webhooks_key_idx on partner_webhooks (key_id) where deleted_at is null;

    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      webhook_id uuid not null references partner_webhooks (id) on delete cascade,
      event_type text not null,
      body text not null,
      created_at timestamptz not null default now(),
      give_up_at timestamptz not null,
      next_attempt_at timestamptz not null default now(),
      claimed_until timestamptz,
      attempts integer not null default 0,
      last_status integer,
      last_error text,
      delivered_at timestamptz,
      failed_at timestamptz
    );
    create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
      where delivered_at is null and failed_at is null;
    create index webhook_deliveries_created_idx on webhook_deliveries (created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries; drop table partner_webhooks;`.execute(db);
}
