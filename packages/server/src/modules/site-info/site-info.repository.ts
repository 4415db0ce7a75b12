import { sql } from 'kysely';
import { SITE_INFO_KEYS, type SiteInfoField } from '@ayar/contract';
import type { Database } from '../../db/database.ts';

const KEYS = Object.values(SITE_INFO_KEYS);

/** The stored public information, field by field; a field never saved is absent. */
export async function readSiteInfo(db: Database): Promise<Partial<Record<SiteInfoField, string>>> {
  const rows = await db
    .selectFrom('systemSettings')
    .select(['key', 'value'])
    .where('key', 'in', KEYS)
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const out: Partial<Record<SiteInfoField, string>> = {};
  for (const [field, key] of Object.entries(SITE_INFO_KEYS) as [SiteInfoField, string][]) {
    const value = byKey.get(key);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

export async function upsertSiteInfo(
  db: Database,
  values: Record<SiteInfoField, string>,
  updatedBy: string,
): Promise<void> {
  await db
    .insertInto('systemSettings')
    .values(
      (Object.entries(values) as [SiteInfoField, string][]).map(([field, value]) => ({
        key: SITE_INFO_KEYS[field],
        value,
        updatedBy,
      })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: (eb) => eb.ref('excluded.value'),
        updatedBy: (eb) => eb.ref('excluded.updatedBy'),
        updatedAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

/**
 * The photo a save names, held FOR KEY SHARE until the save commits, so the unused-file sweep (which
 * locks its candidates FOR UPDATE SKIP LOCKED) passes it by, and sees the reference once committed.
 */
export function lockPhoto(db: Database, id: string) {
  return db
    .selectFrom('files')
    .select(['id'])
    .where('id', '=', id)
    .where('kind', '=', 'photo')
    .forKeyShare()
    .executeTakeFirst();
}
