import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope, type WorkshopScope } from '../../lib/scope.ts';

export interface CreditRow {
  id: string;
  workshopId: string;
  amount: number;
  trackingCode: string;
  account: string;
  paidOn: string | null;
  status: 0 | 1 | 2;
  decidedAt: Date | null;
  createdAt: Date;
}

const CREDIT_COLUMNS = [
  'credits.id',
  'credits.workshopId',
  'credits.amount',
  'credits.trackingCode',
  'credits.account',
  'credits.paidOn',
  'credits.status',
  'credits.decidedAt',
  'credits.createdAt',
] as const;

/**
 * Serialises the credit requests of one workshop for the rest of the transaction, so two identical
 * requests sent at once cannot both pass the duplicate check.
 */
export async function lockWorkshopCredits(db: Database, scope: WorkshopScope): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`credits:${scope.id}`}))`.execute(db);
}

/** A pending or accepted request of this workshop with this tracking code (a rejected one may be re-sent). */
export async function findLiveByTrackingCode(
  db: Database,
  scope: WorkshopScope,
  trackingCode: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('credits')
    .select('id')
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where(sql`lower(tracking_code)`, '=', trackingCode.toLowerCase())
    .where('status', 'in', [0, 1])
    .executeTakeFirst();
}

export async function insertCredit(
  db: Database,
  input: { workshopId: string; amount: number; trackingCode: string; account: string; paidOn: string },
): Promise<CreditRow> {
  return db.insertInto('credits').values(input).returning(CREDIT_COLUMNS).executeTakeFirstOrThrow();
}

export function listWorkshopCredits(db: Database, scope: WorkshopScope): Promise<CreditRow[]> {
  return db
    .selectFrom('credits')
    .select(CREDIT_COLUMNS)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Σ accepted credits of a workshop, toman. */
export async function sumAcceptedCredits(db: Database, scope: WorkshopScope): Promise<number> {
  const row = await db
    .selectFrom('credits')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Σ count × price of a workshop's ranges, toman: what it has spent on numbers, against its credits. */
export async function sumBought(db: Database, scope: WorkshopScope): Promise<number> {
  const row = await db
    .selectFrom('codeRanges')
    .select(sql<string>`coalesce(sum(count::bigint * price_per_code), 0)`.as('total'))
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function readSettings(db: Database, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('systemSettings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export interface AdminCreditFilter {
  pendingOnly: boolean;
  limit: number;
  offset: number;
}

/** The scope's requests (the admin's: every lab's, or one's), pending first, then the newest. */
export async function listAllCredits(
  db: Database,
  scope: Scope,
  filter: AdminCreditFilter,
): Promise<{ rows: (CreditRow & { lab: string; userFullName: string })[]; total: number }> {
  let query = db.selectFrom('credits').innerJoin('users', 'users.id', 'credits.workshopId');
  if (filter.pendingOnly) query = query.where('credits.status', '=', 0);
  query = query.where((eb) => inScope(eb, 'credits.workshopId', scope));
  const [rows, count] = await Promise.all([
    query
      .select([...CREDIT_COLUMNS, 'users.fName as lab', 'users.fullName as userFullName'])
      // Pending first, then the newest.
      .orderBy(sql`credits.status = 0`, 'desc')
      .orderBy('credits.createdAt', 'desc')
      .orderBy('credits.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Decides a pending request of the scope. Only one caller can move it out of status 0: the rest get
 * undefined.
 */
export async function decidePending(
  db: Database,
  scope: Scope,
  input: { creditId: string; status: 1 | 2; decidedBy: string },
): Promise<CreditRow | undefined> {
  return db
    .updateTable('credits')
    .set({ status: input.status, decidedBy: input.decidedBy, decidedAt: sql`now()` })
    .where('id', '=', input.creditId)
    .where('status', '=', 0)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .returning(CREDIT_COLUMNS)
    .executeTakeFirst();
}

export function findCredit(db: Database, scope: Scope, creditId: string): Promise<CreditRow | undefined> {
  return db
    .selectFrom('credits')
    .select(CREDIT_COLUMNS)
    .where('id', '=', creditId)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirst();
}
