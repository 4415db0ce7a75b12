import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AssayEvidenceTable, ImportMappingsTable } from '../../db/schema-imports.ts';
import { inScope, type WorkshopScope } from '../../lib/scope.ts';

// The instrument import's rows (ADR 0059): a lab's mappings, its previews and the evidence each
// recorded purity keeps. Every read goes through the lab's scope.

const MAPPING_COLUMNS = [
  'id',
  'name',
  'instrument',
  'sampleColumn',
  'goldColumn',
  'goldUnit',
  'stripPrefix',
  'stripSuffix',
] as const;

export function listMappings(db: Database, scope: WorkshopScope) {
  return db
    .selectFrom('importMappings')
    .select(MAPPING_COLUMNS)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export type MappingRow = Awaited<ReturnType<typeof listMappings>>[number];

export function findMapping(db: Database, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('importMappings')
    .select(MAPPING_COLUMNS)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countMappings(db: Database, scope: WorkshopScope): Promise<number> {
  const row = await db
    .selectFrom('importMappings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a mapping; null when the lab already has one of that name (any case). */
export async function insertMapping(
  db: Database,
  row: Insertable<ImportMappingsTable>,
): Promise<MappingRow | null> {
  const inserted = await db
    .insertInto('importMappings')
    .values(row)
    .onConflict((oc) => oc.expression(sql`workshop_id, lower(name)`).doNothing())
    .returning(MAPPING_COLUMNS)
    .executeTakeFirst();
  return inserted ?? null;
}

export async function deleteMapping(db: Database, scope: WorkshopScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('importMappings')
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The lab's live packets with these numbers, with where their purity stands. */
export function packetsByNumbers(db: Database, scope: WorkshopScope, docNumbers: readonly number[]) {
  return (
    db
      .selectFrom('assays')
      .select(['id', 'docNumber', 'purity', 'pendingPurity'])
      .where((eb) => inScope(eb, 'workshopId', scope))
      // One array parameter rather than 10,000: the plan and the statement stay small.
      .where(sql<boolean>`doc_number = any(${docNumbers}::bigint[])`)
      .where('deletedAt', 'is', null)
      .execute()
  );
}

export async function insertImport(
  db: Database,
  row: {
    workshopId: string;
    fileId: string;
    fileName: string;
    instrument: string;
    rows: unknown;
    createdBy: string;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('assayImports')
    .values({ ...row, rows: JSON.stringify(row.rows) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The scope's preview made within `keepHours`, locked for its apply; undefined otherwise. */
export function lockImport(db: Database, scope: WorkshopScope, id: string, keepHours: number) {
  return db
    .selectFrom('assayImports')
    .select(['id', 'instrument', 'rows', 'appliedAt', 'fileId'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('id', '=', id)
    .where('createdAt', '>', sql<Date>`now() - make_interval(hours => ${keepHours})`)
    .forUpdate()
    .executeTakeFirst();
}

export async function markApplied(db: Database, id: string): Promise<void> {
  await db.updateTable('assayImports').set({ appliedAt: new Date() }).where('id', '=', id).execute();
}

export async function insertEvidence(
  db: Database,
  rows: readonly Insertable<AssayEvidenceTable>[],
): Promise<void> {
  // 10,000 rows × 5 parameters stays under PostgreSQL's 65,535 bind parameters per statement.
  for (let i = 0; i < rows.length; i += 5000) {
    await db
      .insertInto('assayEvidence')
      .values(rows.slice(i, i + 5000))
      .execute();
  }
}

/** The file an import of the scope was read from. */
export function importFile(db: Database, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('assayImports as i')
    .innerJoin('files as f', 'f.id', 'i.fileId')
    .select(['i.fileName', 'f.storageKey', 'f.mime'])
    .where((eb) => inScope(eb, 'i.workshopId', scope))
    .where('i.id', '=', id)
    .executeTakeFirst();
}
