import { sql, type Kysely } from 'kysely';

/**
 * Purities from an instrument's results file (ADR 0059): a lab's column mappings, each preview (its
 * file, kept as evidence, and the rows as read and checked, for a day's apply), and the evidence of
 * every purity an import recorded: which file and row fed which packet, by whom, when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table files drop constraint if exists files_kind_check;
    alter table files add constraint files_kind_check check (kind in ('photo', 'audio', 'import'));

    create table import_mappings (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id) on delete cascade,
      name text not null,
      instrument text not null,
      sample_column text not null,
      gold_column text not null,
      gold_unit text not null check (gold_unit in ('percent', 'permille')),
      strip_prefix text,
      strip_suffix text,
      created_at timestamptz not null default now()
    );
    create unique index import_mappings_name_key on import_mappings (workshop_id, lower(name));

    create table assay_imports (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id) on delete cascade,
      file_id uuid not null references files (id),
      file_name text not null,
      instrument text not null,
      -- The rows as previewed: [{row, docNumber, purity, packetId, state, problem}].
      rows jsonb not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      applied_at timestamptz
    );
    create index assay_imports_workshop_idx on assay_imports (workshop_id, created_at);

    create table assay_evidence (
      id bigint generated always as identity primary key,
      assay_id uuid not null references assays (id) on delete cascade,
      import_id uuid not null references assay_imports (id) on delete cascade,
      row integer not null,
      purity smallint not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index assay_evidence_assay_idx on assay_evidence (assay_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table assay_evidence;
    drop table assay_imports;
    drop table import_mappings;
    delete from files where kind = 'import';
    alter table files drop constraint if exists files_kind_check;
    alter table files add constraint files_kind_check check (kind in ('photo', 'audio'));
  `.execute(db);
}
