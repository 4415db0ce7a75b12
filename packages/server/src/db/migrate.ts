import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { StartupError } from '../startup/errors.ts';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_customers.ts';
import * as m0003 from './migrations/0003_message_purpose.ts';
import * as m0004 from './migrations/0004_assays.ts';
import * as m0005 from './migrations/0005_credit_tracking_code.ts';
import * as m0006 from './migrations/0006_statistics.ts';
import * as m0007 from './migrations/0007_list_covering_indexes.ts';
import * as m0008 from './migrations/0008_workshop_purity_index.ts';
import * as m0009 from './migrations/0009_other_owner_search.ts';
import * as m0010 from './migrations/0010_assay_images_file_index.ts';
import * as m0011 from './migrations/0011_delete_request_decline.ts';
import * as m0012 from './migrations/0012_backups.ts';
import * as m0013 from './migrations/0013_result_signing_keys.ts';
import * as m0014 from './migrations/0014_sms_lookups.ts';
import * as m0015 from './migrations/0015_result_versions.ts';
import * as m0016 from './migrations/0016_offline_counter.ts';
import * as m0017 from './migrations/0017_name_filter_counts.ts';
import * as m0018 from './migrations/0018_result_status_list.ts';
import * as m0019 from './migrations/0019_signing_key_retirement.ts';
import * as m0020 from './migrations/0020_reservation_leases.ts';
import * as m0021 from './migrations/0021_workshop_suspended.ts';
import * as m0022 from './migrations/0022_staff.ts';
import * as m0023 from './migrations/0023_purity_people.ts';
import * as m0024 from './migrations/0024_backup_offsite.ts';
import * as m0025 from './migrations/0025_purity_method.ts';
import * as m0026 from './migrations/0026_imports.ts';
import * as m0027 from './migrations/0027_partner_keys.ts';
import * as m0028 from './migrations/0028_webhooks.ts';

/** Migrations are listed here (not read from disk) so the order is explicit and bundlers keep them. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_customers': m0002,
  '0003_message_purpose': m0003,
  '0004_assays': m0004,
  '0005_credit_tracking_code': m0005,
  '0006_statistics': m0006,
  '0007_list_covering_indexes': m0007,
  '0008_workshop_purity_index': m0008,
  '0009_other_owner_search': m0009,
  '0010_assay_images_file_index': m0010,
  '0011_delete_request_decline': m0011,
  '0012_backups': m0012,
  '0013_result_signing_keys': m0013,
  '0014_sms_lookups': m0014,
  '0015_result_versions': m0015,
  '0016_offline_counter': m0016,
  '0017_name_filter_counts': m0017,
  '0018_result_status_list': m0018,
  '0019_signing_key_retirement': m0019,
  '0020_reservation_leases': m0020,
  '0021_workshop_suspended': m0021,
  '0022_staff': m0022,
  '0023_purity_people': m0023,
  '0024_backup_offsite': m0024,
  '0025_purity_method': m0025,
  '0026_imports': m0026,
  '0027_partner_keys': m0027,
  '0028_webhooks': m0028,
};

/** Every migration this code knows, in order: a backup made by a newer one is refused (ADR 0021). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Up to and including `name` (a restore rebuilds a backup's schema at its level, ADR 0021). */
export async function migrateTo(db: Database, name: string): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  await refuseNewerSchema(db);
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Where a database stands against this code (`npm run migrate -- status`, ADR 0054). */
export interface MigrationStatus {
  /** Recorded in `kysely_migration`, in name order (the order they run in). */
  applied: string[];
  /** Known here and not applied, in order. */
  pending: string[];
  /** Applied by a newer release: this code does not know them. */
  unknown: string[];
  /** The newest applied migration; null for a database with none. */
  databaseLevel: string | null;
  /** The newest migration this code knows. */
  codeLevel: string;
}

/** The names `kysely_migration` records, in name order; none when the table is not there (a new database). */
async function appliedMigrations(db: Database): Promise<string[]> {
  const { rows: table } = await sql<{ found: boolean }>`
    select to_regclass('kysely_migration') is not null as found
  `.execute(db);
  if (!table[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const applied = await appliedMigrations(db);
  const done = new Set(applied);
  const known = new Set(MIGRATION_NAMES);
  return {
    applied,
    pending: MIGRATION_NAMES.filter((name) => !done.has(name)),
    unknown: applied.filter((name) => !known.has(name)),
    databaseLevel: applied.at(-1) ?? null,
    codeLevel: MIGRATION_NAMES.at(-1)!,
  };
}

/** The refusal for a schema a newer release made, naming both levels and what to do. */
export function newerSchemaError(status: MigrationStatus): StartupError {
  return new StartupError(
    `the database's schema is newer than this release: it is at migration ${status.databaseLevel}, ` +
      `and this release knows migrations up to ${status.codeLevel}.`,
    'run the release that migrated it (or a newer one), or restore the backup taken before the upgrade ' +
      '(docs/deploy.md, "Upgrading"). An older release must not run on a newer schema.',
  );
}

/**
 * A server must not start on a schema a newer release made (ADR 0054): its queries would meet columns
 * and rules it does not know. Kysely alone refuses too, but as "corrupted migrations", which reads like
 * damage; this says what happened and names both levels.
 */
export async function refuseNewerSchema(db: Database): Promise<MigrationStatus> {
  const status = await migrationStatus(db);
  if (status.unknown.length > 0) throw newerSchemaError(status);
  return status;
}

/** Applied in order up to and including `name`, never back down (`npm run migrate -- up --to NAME`). */
export async function migrateUpTo(db: Database, name: string): Promise<string[]> {
  const upTo = MIGRATION_NAMES.indexOf(name);
  if (upTo < 0) throw new Error(`this release has no migration ${name}`);
  const some = Object.fromEntries(Object.entries(migrations).slice(0, upTo + 1));
  // The Migrator picks the direction under its lock; a list that ends at `name` can only go up to it.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => some } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Undoes the newest applied migration, one step (`npm run migrate -- down --yes`); answers its name, or
 * null when none is applied. Under the Migrator's advisory lock, like every run.
 */
export async function migrateDownOne(db: Database): Promise<string | null> {
  const { error, results } = await new Migrator({ db, provider }).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results?.find((r) => r.status === 'Success')?.migrationName ?? null;
}
