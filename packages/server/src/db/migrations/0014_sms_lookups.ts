import { sql, type Kysely } from 'kysely';

/**
 * Result lookups by SMS (ADR 0029): every message the provider delivers to the network's
 * line, once per provider message id (a webhook the provider repeats answers nothing twice), and who
 * sent it, so the answers per sender and day can be limited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sms_lookups (
    message_id text primary key,
    sender text not null,
    doc_number bigint,
    answered boolean not null,
    received_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index sms_lookups_sender_idx on sms_lookups (sender, received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sms_lookups`.execute(db);
}
