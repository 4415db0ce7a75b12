import { sql, type Kysely } from 'kysely';

/**
 * A delete request the admin declines (ADR 0025): the request is closed (delete_requested_* cleared,
 * so the packet leaves the admin's list and the lab may ask again) and the lab sees the reason on
 * the packet until it does. Who declined and when stay in the audit log as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assays
    add column delete_declined_at timestamptz,
    add column delete_declined_by uuid references users (id) on delete set null,
    add column delete_decline_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assays
    drop column if exists delete_declined_at,
    drop column if exists delete_declined_by,
    drop column if exists delete_decline_reason`.execute(db);
}
