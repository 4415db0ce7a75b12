import { sql, type RawBuilder } from 'kysely';
import { tehranDayStart, type DayRange } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, scopeSql, type Scope, type WorkshopScope } from '../../lib/scope.ts';

/** Instants [start, end); an open side is null. */
export interface Bounds {
  start: Date | null;
  end: Date | null;
}

/** Which of the scope's packets are counted: one of its customers', only the waiting ones. */
export interface CountFilter {
  customerId?: string | undefined;
  waitingOnly?: boolean | undefined;
}

export interface PeriodCounts {
  today: number;
  yesterday: number;
  week: number;
  month: number;
  search: number;
  total: number;
}

function packetsWhere(scope: Scope, filter: CountFilter): RawBuilder<unknown> {
  const parts = [sql`a.deleted_at is null`];
  if (scope.kind === 'workshop') parts.push(scopeSql(scope, 'a.workshop_id'));
  if (filter.customerId) parts.push(sql`a.customer_id = ${filter.customerId}`);
  if (filter.waitingOnly) parts.push(sql`a.purity is null`);
  return sql.join(parts, sql` and `);
}

function within(b: Bounds): RawBuilder<unknown> {
  const parts = [sql`true`];
  if (b.start) parts.push(sql`a.created_at >= ${b.start}`);
  if (b.end) parts.push(sql`a.created_at < ${b.end}`);
  return sql.join(parts, sql` and `);
}

export interface PeriodDays {
  today: DayRange;
  yesterday: DayRange;
  week: DayRange;
  month: DayRange;
  /** The filter's days; an open side is null. */
  search: { from: string | null; to: string | null };
}

const instants = (r: { from: string | null; to: string | null }): Bounds => ({
  start: r.from ? tehranDayStart(r.from) : null,
  end: r.to ? tehranDayStart(r.to) : null,
});

function withinDays(r: { from: string | null; to: string | null }): RawBuilder<unknown> {
  const parts = [sql`true`];
  if (r.from) parts.push(sql`d.day >= ${r.from}::date`);
  if (r.to) parts.push(sql`d.day < ${r.to}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * Live packets per period. A workshop's or the network's counts sum `assay_day_counts` (a row per
 * workshop and Tehran day, migration 0006) in one pass; a customer's or the waiting packets' counts read
 * the packets themselves through their own small indexes (all-time, periods and search in one pass).
 */
export async function countPeriods(
  db: Database,
  scope: Scope,
  filter: CountFilter,
  p: PeriodDays,
): Promise<PeriodCounts> {
  if (!filter.customerId && !filter.waitingOnly) {
    const workshop = scopeSql(scope, 'd.workshop_id');
    const { rows } = await sql<PeriodCounts>`
      select coalesce(sum(d.n) filter (where ${withinDays(p.today)}), 0)::int as today,
             coalesce(sum(d.n) filter (where ${withinDays(p.yesterday)}), 0)::int as yesterday,
             coalesce(sum(d.n) filter (where ${withinDays(p.week)}), 0)::int as week,
             coalesce(sum(d.n) filter (where ${withinDays(p.month)}), 0)::int as month,
             coalesce(sum(d.n) filter (where ${withinDays(p.search)}), 0)::int as search,
             coalesce(sum(d.n), 0)::int as total
      from assay_day_counts d where ${workshop}`.execute(db);
    return rows[0]!;
  }
  const { rows } = await sql<PeriodCounts>`
    select count(*) filter (where ${within(instants(p.today))})::int as today,
           count(*) filter (where ${within(instants(p.yesterday))})::int as yesterday,
           count(*) filter (where ${within(instants(p.week))})::int as week,
           count(*) filter (where ${within(instants(p.month))})::int as month,
           count(*) filter (where ${within(instants(p.search))})::int as search,
           count(*)::int as total
    from assays a where ${packetsWhere(scope, filter)}`.execute(db);
  return rows[0]!;
}

/** A live customer of this workshop (or a deleted one: its packets still count). */
export async function customerBelongs(
  db: Database,
  scope: WorkshopScope,
  customerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirst();
  return row !== undefined;
}

export interface WorkshopRow {
  id: string;
  fName: string;
  fullName: string;
  address: string | null;
  status: 0 | 1 | 5 | 9;
}

/** A workshop (role workshop), any status. */
export function findWorkshop(db: Database, id: string): Promise<WorkshopRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'fName', 'fullName', 'address', 'status'])
    .where('id', '=', id)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
}

export interface PendingCreditRow {
  id: string;
  workshopId: string;
  lab: string;
  amount: number;
  trackingCode: string;
  paidOn: string | null;
  createdAt: Date;
}

/** Credit requests of the scope awaiting approval: the oldest `limit`, their number and their sum. */
export async function pendingCredits(
  db: Database,
  scope: Scope,
  opts: { limit: number },
): Promise<{ rows: PendingCreditRow[]; count: number; total: number }> {
  const scoped = sql`and ${scopeSql(scope, 'c.workshop_id')}`;
  const [list, sums] = await Promise.all([
    opts.limit > 0
      ? sql<PendingCreditRow>`
          select c.id, c.workshop_id, u.f_name as lab, c.amount, c.tracking_code, c.paid_on, c.created_at
          from credits c join users u on u.id = c.workshop_id
          where c.status = 0 ${scoped}
          order by c.created_at, c.id
          limit ${opts.limit}`.execute(db)
      : Promise.resolve({ rows: [] as PendingCreditRow[] }),
    sql<{ count: number; total: number }>`
      select count(*)::int as count, coalesce(sum(c.amount), 0)::bigint as total
      from credits c where c.status = 0 ${scoped}`.execute(db),
  ]);
  return { rows: list.rows, count: sums.rows[0]!.count, total: Number(sums.rows[0]!.total) };
}

export interface GroupUserRow {
  userId: string;
  userFName: string;
  userFullName: string;
  userCellPhone: string | null;
  userPhone: string | null;
  status: number;
  testCount: number;
  sumTotalCode: number;
  totalCodeUse: number;
}

/**
 * Every lab of the scope (status 1 or 5) with its live packets in [start, end) and its allotted and
 * used numbers (used = each range's next number − its first, as manage/codes counts). Busiest first,
 * then by name.
 */
export async function groupByWorkshop(db: Database, scope: Scope, days: DayRange): Promise<GroupUserRow[]> {
  const { rows } = await sql<GroupUserRow>`
    select u.id as user_id, u.f_name as user_f_name, u.full_name as user_full_name,
           u.cell_phone as user_cell_phone, u.phone as user_phone, u.status,
           coalesce(t.n, 0)::int as test_count,
           coalesce(c.total, 0)::bigint as sum_total_code,
           coalesce(c.used, 0)::bigint as total_code_use
    from users u
    left join (
      select d.workshop_id, sum(d.n) as n from assay_day_counts d
      where d.day >= ${days.from}::date and d.day < ${days.to}::date
      group by d.workshop_id
    ) t on t.workshop_id = u.id
    left join (
      select r.workshop_id, sum(r.count) as total, sum(r.next_code - r.from_code) as used
      from code_ranges r group by r.workshop_id
    ) c on c.workshop_id = u.id
    where u.role = 'workshop' and u.status in (1, 5) and ${scopeSql(scope, 'u.id')}
    order by test_count desc, u.f_name, u.id`.execute(db);
  return rows.map((r) => ({
    ...r,
    sumTotalCode: Number(r.sumTotalCode),
    totalCodeUse: Number(r.totalCodeUse),
  }));
}

export interface RangeUsageRow {
  id: string;
  createdAt: Date;
  serialNo: number;
  fromCode: number;
  toCode: number;
  count: number;
  used: number;
}

/** A workshop's ranges, oldest first, with how many of their numbers were handed out. */
export function rangeUsage(db: Database, scope: WorkshopScope): Promise<RangeUsageRow[]> {
  return db
    .selectFrom('codeRanges')
    .select([
      'id',
      'createdAt',
      'serialNo',
      'fromCode',
      'toCode',
      'count',
      sql<number>`next_code - from_code`.as('used'),
    ])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('createdAt')
    .orderBy('fromCode')
    .execute();
}

/** Live packets per Tehran day (Gregorian yyyy-mm-dd) in [start, end); days without packets are absent. */
export async function countPerDay(
  db: Database,
  scope: Scope,
  days: DayRange,
): Promise<{ day: string; n: number }[]> {
  const { rows } = await sql<{ day: string; n: number }>`
    select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.n)::int as n
    from assay_day_counts d
    where d.day >= ${days.from}::date and d.day < ${days.to}::date and ${scopeSql(scope, 'd.workshop_id')}
    group by d.day order by d.day`.execute(db);
  return rows;
}

export interface MedianRow {
  /** null: the row of every packet together. */
  workshopId: string | null;
  fName: string | null;
  count: number;
  withPurity: number;
  medianMinutes: number | null;
}

/**
 * Per workshop (and all together): live packets registered on those Tehran days, how many got their
 * purity after registration, and the median minutes from registration to that first purity. A purity
 * typed in with the registration (assayed beforehand) is not a wait and is left out.
 * (`assays_stats_idx` only.)
 */
export async function purityMedians(db: Database, scope: Scope, days: DayRange): Promise<MedianRow[]> {
  const b = { start: tehranDayStart(days.from), end: tehranDayStart(days.to) };
  const { rows } = await sql<MedianRow>`
    select m.workshop_id, u.f_name, m.count, m.with_purity, m.median_minutes
    from (
      select a.workshop_id, count(*)::int as count,
             count(*) filter (where a.purity_at > a.created_at)::int as with_purity,
             percentile_cont(0.5) within group (order by extract(epoch from a.purity_at - a.created_at) / 60)
               filter (where a.purity_at > a.created_at) as median_minutes
      from assays a
      where a.deleted_at is null and a.created_at >= ${b.start} and a.created_at < ${b.end}
        and ${scopeSql(scope, 'a.workshop_id')}
      group by grouping sets ((a.workshop_id), ())
    ) m
    left join users u on u.id = m.workshop_id`.execute(db);
  return rows.map((r) => ({
    ...r,
    medianMinutes: r.medianMinutes === null ? null : Number(r.medianMinutes),
  }));
}
