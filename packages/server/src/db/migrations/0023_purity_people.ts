import { sql, type Kysely } from 'kysely';

/**
 * Who recorded and who verified a purity, and the second verification (ADR 0050). `purity_by` and
 * `verified_by` name the people of the published purity; a purity waiting for its second person is kept
 * beside it (`pending_*`), so the published one (or none) stays what the public reads until it is
 * verified; a purity sent back keeps the verifier's reason (`returned_*`) for the assayer. Result
 * versions name the same two people, so every signed version says whose it was. Existing purities were
 * the lab account's (ADR 0049: the lab account is its owner).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assays
      add column purity_by uuid references users (id) on delete set null,
      add column verified_by uuid references users (id) on delete set null,
      add column pending_purity smallint check (pending_purity between 600 and 999),
      add column pending_by uuid references users (id) on delete set null,
      add column pending_at timestamptz,
      add column pending_reason text,
      add column returned_reason text,
      add column returned_by uuid references users (id) on delete set null,
      add column returned_at timestamptz;
    update assays set purity_by = workshop_id where purity is not null;
    create index assays_pending_idx on assays (workshop_id, pending_at) where pending_purity is not null;
    alter table result_versions
      add column purity_by uuid references users (id) on delete set null,
      add column verified_by uuid references users (id) on delete set null;
    update result_versions v set purity_by = a.workshop_id
      from assays a where a.id = v.assay_id and v.purity is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table result_versions drop column purity_by, drop column verified_by;
    drop index if exists assays_pending_idx;
    alter table assays
      drop column purity_by, drop column verified_by, drop column pending_purity, drop column pending_by,
      drop column pending_at, drop column pending_reason, drop column returned_reason,
      drop column returned_by, drop column returned_at;
  `.execute(db);
}
