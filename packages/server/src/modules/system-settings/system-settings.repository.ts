import { sql } from 'kysely';
import type { SystemSettingKey } from '@ayar/contract';
import type { Database } from '../../db/database.ts';

export async function readSystemSettings(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom('systemSettings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Locks the settings rows, so two admins saving at once apply one after the other (and audit each). */
export async function lockSystemSettings(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom('systemSettings').select(['key', 'value']).forUpdate().execute();
  return new Map(rows.map((r) => [r.key, r.value]));
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
