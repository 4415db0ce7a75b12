import { sql, type Kysely } from 'kysely';

/**
 * How a purity was measured (ADR 0059): `purity_method` (typed, xrf, fire) and, for an import, the
 * instrument's name, beside the published purity and beside one waiting for its second person (ADR
 * 0050). Existing purities were typed. Every fire assay's determinations, within tolerance or not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assays
      add column purity_method text check (purity_method in ('typed', 'xrf', 'fire')),
      add column purity_instrument text,
      add column pending_method text check (pending_method in ('typed', 'xrf', 'fire')),
      add column pending_instrument text;
    update assays set purity_method = 'typed' where purity is not null;
    update assays set pending_method = 'typed' where pending_purity is not null;

    create table fire_assays (
      id bigint generated always as identity primary key,
      assay_id uuid not null references assays (id) on delete cascade,
      first smallint not null,
      second smallint not null,
      -- The proof (check) result in tenths of a per mille: 0–1000.0 kept exactly.
      proof_tenths smallint check (proof_tenths between 0 and 10000),
      tolerance smallint not null,
      rule text not null check (rule in ('meanDown', 'meanRound', 'lower')),
      purity smallint,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index fire_assays_assay_idx on fire_assays (assay_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table fire_assays;
    alter table assays
      drop column purity_method, drop column purity_instrument,
      drop column pending_method, drop column pending_instrument;
  `.execute(db);
}
