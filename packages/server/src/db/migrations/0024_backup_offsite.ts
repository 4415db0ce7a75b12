import { sql, type Kysely } from 'kysely';

/**
 * The backups screen and the off-site copy (ADR 0053), per backup run:
 * - `method` (`pg_dump`/`copy`) and `sha256` of the whole file as written, which the screen compares
 *   with the file on disk;
 * - `progress` while it runs (`{ step, done, total }`), cleared when it ends;
 * - the copy in object storage: `offsite_state` (null: no copy was asked for), the object's key, when
 *   it was complete, whether it is encrypted, and the error of a failed upload. A failed upload never
 *   makes the backup itself failed: it is its own state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table backup_runs
      add column method text check (method in ('pg_dump', 'copy')),
      add column sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
      add column progress jsonb,
      add column offsite_state text check (offsite_state in ('uploading', 'ok', 'failed')),
      add column offsite_key text,
      add column offsite_at timestamptz,
      add column offsite_encrypted boolean not null default false,
      add column offsite_error text;
    create index backup_runs_offsite_idx on backup_runs (offsite_at desc) where offsite_state = 'ok';
    create index backup_runs_started_idx on backup_runs (started_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists backup_runs_started_idx;
    drop index if exists backup_runs_offsite_idx;
    alter table backup_runs
      drop column if exists method,
      drop column if exists sha256,
      drop column if exists progress,
      drop column if exists offsite_state,
      drop column if exists offsite_key,
      drop column if exists offsite_at,
      drop column if exists offsite_encrypted,
      drop column if exists offsite_error;
  `.execute(db);
}
