import { sql, type Kysely } from 'kysely';

/**
 * A result-signing key can be retired (ADR 0042): from `retired_at` nothing is signed with it, and a
 * verifier refuses what claims to be signed with it at or after that time; what it signed before still
 * verifies. `retire_reason` is the operator's word why (a leak, a routine rotation), shown to no one
 * but kept with the key. Keys are still never deleted (ADR 0029).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table result_signing_keys add column retired_at timestamptz`.execute(db);
  await sql`alter table result_signing_keys add column retire_reason text`.execute(db);
  await sql`alter table result_signing_keys add constraint result_signing_keys_retired_with_reason
    check ((retired_at is null) = (retire_reason is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table result_signing_keys drop constraint if exists result_signing_keys_retired_with_reason`.execute(
    db,
  );
  await sql`alter table result_signing_keys drop column if exists retire_reason`.execute(db);
  await sql`alter table result_signing_keys drop column if exists retired_at`.execute(db);
}
