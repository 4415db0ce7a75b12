import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FireAssaysTable } from '../../db/schema.ts';
import type { WorkshopScope } from '../../lib/scope.ts';
import { inScope } from '../../lib/scope.ts';

// A packet's fire assays (ADR 0059): every pair of determinations, within tolerance or not, and the
// instrument files its purity came from.

export type NewFireAssay = Insertable<FireAssaysTable>;

export async function insertFireAssay(db: Database, row: NewFireAssay): Promise<void> {
  await db.insertInto('fireAssays').values(row).execute();
}

/** The staff code of a user: the lab account is 1, a staff member their own (ADR 0049). */
const staffCode = (column: 'f.created_by' | 'e.created_by') =>
  sql<number | null>`(select case p.role when 'staff' then p.staff_code::int when 'workshop' then 1 end
    from users p where p.id = ${sql.ref(column)})`;

/** The scope's live packet's method, and its fire assays oldest first; null when it is not the scope's. */
export async function purityHistory(db: Database, scope: WorkshopScope, id: string) {
  const packet = await db
    .selectFrom('assays as a')
    .select(['a.id', 'a.purity', 'a.purityMethod', 'a.purityInstrument'])
    .where((eb) => inScope(eb, 'a.workshopId', scope))
    .where('a.id', '=', id)
    .where('a.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!packet) return null;
  const fireAssays = await db
    .selectFrom('fireAssays as f')
    .select([
      'f.first',
      'f.second',
      'f.proofTenths',
      'f.tolerance',
      'f.rule',
      'f.purity',
      'f.createdAt',
      staffCode('f.created_by').as('staffCode'),
    ])
    .where('f.assayId', '=', id)
    .orderBy('f.id')
    .execute();
  return { packet, fireAssays, imports: await importEvidence(db, id) };
}

/** The packet's purities from instrument files (ADR 0059), oldest first, with the file's hash. */
function importEvidence(db: Database, assayId: string) {
  return db
    .selectFrom('assayEvidence as e')
    .innerJoin('assayImports as i', 'i.id', 'e.importId')
    .innerJoin('files as fl', 'fl.id', 'i.fileId')
    .select([
      'e.importId',
      'e.row',
      'e.purity',
      'i.instrument',
      'fl.sha256',
      'e.createdAt',
      staffCode('e.created_by').as('staffCode'),
    ])
    .where('e.assayId', '=', assayId)
    .orderBy('e.id')
    .execute();
}
