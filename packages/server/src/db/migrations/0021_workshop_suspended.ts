import { sql, type Kysely } from 'kysely';

/**
 * A suspended lab is a state of its own, status 9 (ADR 0044), no longer status 0 beside the new
 * registrations. Labs an administrator suspended before (their last status change, in the audit log,
 * went down to 0, or to 9 before a `down`) become 9; a lab that never left 0 is still a new registration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_status_check`.execute(db);
  await sql`alter table users add constraint users_status_check check (status in (0, 1, 5, 9))`.execute(db);
  await sql`
    update users set status = 9
    where role = 'workshop' and status = 0
      and (
        select (a.after ->> 'status')::int from audit_log a
        where a.entity = 'user' and a.entity_id = users.id::text and a.action = 'workshop.status'
        order by a.at desc, a.id desc limit 1
      ) in (0, 9)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set status = 0 where status = 9`.execute(db);
  await sql`alter table users drop constraint if exists users_status_check`.execute(db);
  await sql`alter table users add constraint users_status_check check (status in (0, 1, 5))`.execute(db);
}
