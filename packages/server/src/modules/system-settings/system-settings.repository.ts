import { sql } from 'kysely';
import type { SystemSettingKey } from '@ayar/contract';
import type { Database } from '../../db/database.ts';

export async function readSystemSettings(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom('systemSettings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * Takes the settings' lock, so saves apply one after the other (and each is audited against the one
 * before), then reads them. One transaction-level lock rather than the rows': locking several rows
 * FOR UPDATE takes them in scan order, which differs between transactions once rows have moved, and two
 * saves then deadlock (a 500 seen at 50 saves at once); nor would it cover a key not stored yet.
 */
export async function lockSystemSettings(db: Database): Promise<Map<string, string>> {
  await sql`select pg_advisory_xact_lock(hashtext('system_settings'))`.execute(db);
  return readSystemSettings(db);
}

export async function upsertSystemSettings(
  db: Database,
  values: Record<SystemSettingKey, string>,
  updatedBy: string,
): Promise<void> {
  await db
    .insertInto('systemSettings')
    .values(Object.entries(values).map(([key, value]) => ({ key, value, updatedBy })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: (eb) => eb.ref('excluded.value'),
        updatedBy: (eb) => eb.ref('excluded.updatedBy'),
        updatedAt: sql<Date>`now()`,
      }),
    )
    .execute();
}
