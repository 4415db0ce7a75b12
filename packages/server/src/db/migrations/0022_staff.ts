import { sql, type Kysely } from 'kysely';

/**
 * A lab's people (ADR 0049): a staff member is a `users` row of role `staff` under its lab (`lab_id`),
 * so sign-in, one-time codes, lockout, sessions and password rules are the lab account's own. The lab
 * account is the lab's owner and staff code 1; staff codes start at 2 and are never reused (staff are
 * suspended, never deleted, so a code on a result always names one person).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users drop constraint if exists users_role_check;
    alter table users add constraint users_role_check check (role in ('admin', 'workshop', 'staff'));
    alter table users add column lab_id uuid references users (id) on delete cascade;
    alter table users add column staff_roles text[];
    alter table users add column staff_code smallint;
    alter table users add constraint users_staff_shape check (
      (role = 'staff') = (lab_id is not null)
      and (role <> 'staff' or (
        staff_roles is not null and cardinality(staff_roles) between 1 and 4
        and staff_roles <@ array['owner', 'counter', 'assayer', 'accountant']::text[]
        and staff_code >= 2 and workshop_code is null and status in (1, 9)))
    );
    create unique index users_lab_staff_code_key on users (lab_id, staff_code) where lab_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from users where role = 'staff';
    drop index if exists users_lab_staff_code_key;
    alter table users drop constraint if exists users_staff_shape;
    alter table users drop column staff_code;
    alter table users drop column staff_roles;
    alter table users drop column lab_id;
    alter table users drop constraint if exists users_role_check;
    alter table users add constraint users_role_check check (role in ('admin', 'workshop'));
  `.execute(db);
}
