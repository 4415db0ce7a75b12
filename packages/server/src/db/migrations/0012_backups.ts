import { sql, type Kysely } from 'kysely';

/**
 * The scheduled backups' bookkeeping (ADR 0021), shared by every node through the database:
 * - `backup_runs`: one row per backup, scheduled or by `npm run backup`. A scheduled one claims its
 *   slot (the unique `slot`), so of several nodes only the first makes it, and a node that comes late
 *   does not make it again. `ok` is null while it runs.
 * - `backup_schedule`: what the node that schedules them does (one row), for the admin's dashboard.
 * Their rows are left out of the backups themselves: a restored network has made no backups yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table backup_runs (
      id bigint generated always as identity primary key,
      trigger text not null check (trigger in ('schedule', 'manual')),
      slot timestamptz unique,
      host text not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      ok boolean,
      file text,
      bytes bigint,
      error text
    );
    create table backup_schedule (
      id boolean primary key default true check (id),
      every text not null,
      keep integer not null,
      dir text not null,
      next_at timestamptz,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists backup_schedule; drop table if exists backup_runs`.execute(db);
}
