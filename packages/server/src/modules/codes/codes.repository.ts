import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope, type WorkshopScope } from '../../lib/scope.ts';

/**
 * The one lock every change of the network-wide number sequence takes (purchases and admin
 * allotments): `pg_advisory_xact_lock` on this key, held until the transaction ends. The value is
 * arbitrary but fixed; no other feature uses it.
 */
const CODE_SEQUENCE_LOCK = 7_302_001;

export async function lockCodeSequence(db: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CODE_SEQUENCE_LOCK}::bigint)`.execute(db);
}

export interface RangeRow {
  id: string;
  workshopId: string;
  fromCode: number;
  toCode: number;
  count: number;
  used: number;
  serialNo: number;
  pricePerCode: number;
  createdAt: Date;
}

const RANGE_COLUMNS = [
  'codeRanges.id',
  'codeRanges.workshopId',
  'codeRanges.fromCode',
  'codeRanges.toCode',
  'codeRanges.count',
  'codeRanges.serialNo',
  'codeRanges.pricePerCode',
  'codeRanges.createdAt',
] as const;
const usedColumn = sql<number>`code_ranges.next_code - code_ranges.from_code`.as('used');
/**
 * The lab's own list counts the packets that carry a range's numbers: numbers its devices hold for
 * offline use, or that went back to its pool, are not used (ADR 0045). The admin's list and the
 * deletion check keep counting every number handed out (next_code − from_code).
 */
const registeredColumn = sql<number>`(select count(*)::int from assays a
  where a.doc_number between code_ranges.from_code and code_ranges.to_code)`.as('used');

export function findWorkshop(
  db: Database,
  workshopId: string,
): Promise<{ id: string; status: 0 | 1 | 5 | 9; fName: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'fName'])
    .where('id', '=', workshopId)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
}

export async function readNumPrice(db: Database): Promise<number> {
  const row = await db
    .selectFrom('systemSettings')
    .select('value')
    .where('key', '=', 'NumPrice')
    .executeTakeFirst();
  const price = Number(row?.value ?? '');
  return Number.isSafeInteger(price) && price >= 0 ? price : 0;
}

/** The highest number any range holds, or null when the network has none yet. */
export async function maxToCode(db: Database): Promise<number | null> {
  const row = await db
    .selectFrom('codeRanges')
    .select(sql<string | null>`max(to_code)`.as('max'))
    .executeTakeFirstOrThrow();
  return row.max === null ? null : Number(row.max);
}

export async function insertRange(
  db: Database,
  input: {
    workshopId: string;
    fromCode: number;
    toCode: number;
    pricePerCode: number;
    serialNo?: number;
    createdBy: string;
  },
): Promise<RangeRow> {
  return db
    .insertInto('codeRanges')
    .values({ ...input, nextCode: input.fromCode })
    .returning([...RANGE_COLUMNS, usedColumn])
    .executeTakeFirstOrThrow();
}

export function listWorkshopRanges(db: Database, scope: WorkshopScope): Promise<RangeRow[]> {
  return db
    .selectFrom('codeRanges')
    .select([...RANGE_COLUMNS, registeredColumn])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('createdAt', 'desc')
    .orderBy('fromCode', 'desc')
    .execute();
}

/** The first range that shares a number with [fromCode, toCode], if any (network-wide: none may overlap). */
export function findOverlapping(
  db: Database,
  fromCode: number,
  toCode: number,
): Promise<{ id: string; fromCode: number; toCode: number; lab: string } | undefined> {
  return db
    .selectFrom('codeRanges')
    .innerJoin('users', 'users.id', 'codeRanges.workshopId')
    .select(['codeRanges.id', 'codeRanges.fromCode', 'codeRanges.toCode', 'users.fName as lab'])
    .where(
      sql<boolean>`int8range(from_code, to_code, '[]') && int8range(${fromCode}::bigint, ${toCode}::bigint, '[]')`,
    )
    .orderBy('codeRanges.fromCode')
    .executeTakeFirst();
}

export interface AdminRangeFilter {
  serialNo: number | undefined;
  fromCode: number | undefined;
  toCode: number | undefined;
  limit: number;
  offset: number;
}

/** The scope's ranges (the admin's: every lab's, or one's), newest first, with their lab. */
export async function listAllRanges(
  db: Database,
  scope: Scope,
  filter: AdminRangeFilter,
): Promise<{ rows: (RangeRow & { lab: string })[]; total: number }> {
  let query = db
    .selectFrom('codeRanges')
    .innerJoin('users', 'users.id', 'codeRanges.workshopId')
    .where((eb) => inScope(eb, 'codeRanges.workshopId', scope));
  if (filter.serialNo !== undefined) query = query.where('codeRanges.serialNo', '=', filter.serialNo);
  // Ranges that share at least one number with the asked span (either end may be left open).
  if (filter.fromCode !== undefined) query = query.where('codeRanges.toCode', '>=', filter.fromCode);
  if (filter.toCode !== undefined) query = query.where('codeRanges.fromCode', '<=', filter.toCode);
  const [rows, count] = await Promise.all([
    query
      .select([...RANGE_COLUMNS, usedColumn, 'users.fName as lab'])
      .orderBy('codeRanges.createdAt', 'desc')
      .orderBy('codeRanges.fromCode', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A range of the scope, locked for its deletion. */
export function findRangeForUpdate(
  db: Database,
  scope: Scope,
  id: string,
): Promise<(RangeRow & { nextCode: number }) | undefined> {
  return db
    .selectFrom('codeRanges')
    .select([...RANGE_COLUMNS, usedColumn, 'codeRanges.nextCode'])
    .where('codeRanges.id', '=', id)
    .where((eb) => inScope(eb, 'codeRanges.workshopId', scope))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Whether any packet (deleted ones too: a number is never reused) carries a number of the range;
 * network-wide, as numbers are.
 */
export async function rangeHasPackets(
  db: Database,
  range: { id: string; fromCode: number; toCode: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('assays')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('codeRangeId', '=', range.id),
        eb.and([eb('docNumber', '>=', range.fromCode), eb('docNumber', '<=', range.toCode)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRange(db: Database, id: string): Promise<void> {
  await db.deleteFrom('codeRanges').where('id', '=', id).execute();
}
