import { sql, type Kysely } from 'kysely';

/**
 * Every published state of a result, signed (ADR 0029). Version 1 is the first purity; each
 * change after it (a lab's correction in its window, an admin's change, a withdrawal, a reissue, a
 * deletion) is a new row with who, when and why, and the JWS the public lookup serves. Old rows are
 * never changed: they are the history labs and admins see, and the reason an old slip reads as out of
 * date. `assays.result_version` points at the current one (null: no purity has been published).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table result_versions (
    assay_id uuid not null references assays (id) on delete cascade,
    version integer not null check (version >= 1),
    status text not null check (status in ('published', 'withdrawn', 'deleted')),
    purity integer,
    payload jsonb not null,
    jws text not null,
    reason text,
    changed_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (assay_id, version)
  )`.execute(db);
  await sql`alter table assays add column result_version integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assays drop column if exists result_version`.execute(db);
  await sql`drop table if exists result_versions`.execute(db);
}
