import { sql, type Kysely } from 'kysely';

/**
 * Signed payload v2 (ADR 0041):
 * - `result_versions.status_idx`: each v2 version's global index in the published status lists (IETF
 *   Token Status List), drawn from `result_status_idx_seq` when the version is signed; null for v1
 *   versions, which carry no `status` claim. Unique: a list entry belongs to one version forever.
 * - `result_versions.changed_at`: when the result was last corrected as the public reads it. A version
 *   that only adds or removes photos keeps its predecessor's (ADR 0041), so the lookup tells a
 *   correction from a photo without reading older versions. Versions before this were each a change.
 * - `files.sha256`: the stored original's SHA-256 (hex), signed into a result's `photos`; computed on
 *   upload, and for photos stored before this when a version first signs them.
 * - `result_status_revoked`: the status indexes of versions whose rows were deleted (a workshop's
 *   removal deletes its packets and their versions). Their signatures still verify, so the lists must
 *   keep reading them INVALID (ADR 0042); a trigger records every such deletion, whatever the path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence result_status_idx_seq as bigint minvalue 0 start 0`.execute(db);
  await sql`alter table result_versions add column status_idx bigint unique`.execute(db);
  await sql`alter table result_versions add column changed_at timestamptz`.execute(db);
  await sql`update result_versions set changed_at = created_at where version > 1`.execute(db);
  await sql`alter table files add column sha256 text`.execute(db);
  await sql`create table result_status_revoked (status_idx bigint primary key)`.execute(db);
  await sql`create function result_versions_revoke_status() returns trigger language plpgsql as $$
    begin
      if old.status_idx is not null then
        insert into result_status_revoked (status_idx) values (old.status_idx) on conflict do nothing;
      end if;
      return old;
    end $$`.execute(db);
  await sql`create trigger result_versions_revoke_status after delete on result_versions
    for each row execute function result_versions_revoke_status()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists result_versions_revoke_status on result_versions`.execute(db);
  await sql`drop function if exists result_versions_revoke_status()`.execute(db);
  await sql`drop table if exists result_status_revoked`.execute(db);
  await sql`alter table files drop column if exists sha256`.execute(db);
  await sql`alter table result_versions drop column if exists changed_at`.execute(db);
  await sql`alter table result_versions drop column if exists status_idx`.execute(db);
  await sql`drop sequence if exists result_status_idx_seq`.execute(db);
}
