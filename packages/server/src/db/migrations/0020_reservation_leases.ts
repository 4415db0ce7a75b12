import { sql, type Kysely } from 'kysely';

/**
 * Reservations are leases (ADR 0045). `code_devices`: when each device of a workshop last reached the
 * server; a device idle longer than the lease loses its unused reserved numbers to an online counter
 * that needs them. `code_device_uses`: how many packets a device registered and when, kept for a day,
 * so its top-up is sized to its real use. Devices holding numbers today start their lease now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table code_devices (
    workshop_id uuid not null references users (id) on delete cascade,
    device_id text not null,
    last_seen_at timestamptz not null default now(),
    primary key (workshop_id, device_id)
  )`.execute(db);
  await sql`create table code_device_uses (
    workshop_id uuid not null references users (id) on delete cascade,
    device_id text not null,
    used_at timestamptz not null default now(),
    count integer not null check (count > 0)
  )`.execute(db);
  await sql`create index code_device_uses_device_idx on code_device_uses (workshop_id, device_id, used_at)`.execute(
    db,
  );
  await sql`insert into code_devices (workshop_id, device_id)
    select distinct workshop_id, device_id from code_reservations where device_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists code_device_uses`.execute(db);
  await sql`drop table if exists code_devices`.execute(db);
}
