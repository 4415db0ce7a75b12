import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
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
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
