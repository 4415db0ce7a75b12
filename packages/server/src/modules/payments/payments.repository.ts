import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, scopeSql, type WorkshopScope } from '../../lib/scope.ts';

export interface NewPayment {
  workshopId: string;
  customerId: string;
  type: 1 | 2;
  goldMg: number;
  moneyToman: number;
  description: string | null;
  paidOn: string;
  createdBy: string;
}

export async function insertPayment(db: Database, values: NewPayment): Promise<string> {
  const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listPayments(db: Database, scope: WorkshopScope, customerId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'type', 'goldMg', 'moneyToman', 'paidOn', 'description', 'createdAt'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .orderBy('paidOn', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

/** Soft delete of one of the workshop's payments; undefined when it is not there (or not theirs). */
export function softDeletePayment(db: Database, scope: WorkshopScope, id: string) {
  return db
    .updateTable('payments')
    .set({ deletedAt: sql`now()` })
    .where('id', '=', id)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deletedAt', 'is', null)
    .returning(['id', 'customerId', 'type', 'goldMg', 'moneyToman', 'paidOn'])
    .executeTakeFirst();
}

/** A customer's balance over all time (docs/product.md §5.7); deleted packets and payments do not count. */
export async function customerBalance(db: Database, scope: WorkshopScope, customerId: string) {
  const { rows } = await sql<{
    testCount: number;
    feeGoldMg: number;
    feeMoney: number;
    receivedGoldMg: number;
    receivedMoney: number;
    paidGoldMg: number;
    paidMoney: number;
  }>`
    with a as (
      select count(*)::bigint as n, coalesce(sum(fee_gold_mg), 0)::bigint as gold,
             coalesce(sum(fee_toman), 0)::bigint as money
      from assays
      where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
    ), p as (
      select coalesce(sum(gold_mg) filter (where type = 1), 0)::bigint as r_gold,
             coalesce(sum(money_toman) filter (where type = 1), 0)::bigint as r_money,
             coalesce(sum(gold_mg) filter (where type = 2), 0)::bigint as p_gold,
             coalesce(sum(money_toman) filter (where type = 2), 0)::bigint as p_money
      from payments
      where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
    )
    select a.n as test_count, a.gold as fee_gold_mg, a.money as fee_money,
           p.r_gold as received_gold_mg, p.r_money as received_money,
           p.p_gold as paid_gold_mg, p.p_money as paid_money
    from a, p
  `.execute(db);
  return rows[0]!;
}

export interface StoreFilter {
  scope: WorkshopScope;
  customerId?: string | undefined;
  /** Gregorian [start, end) of the Jalali year, or null for all time. */
  range: { start: string; end: string } | null;
}

/**
 * Per customer: packet fees − receipts + payments, in milligrams and toman, and the packet count, for
 * the customers with any live packet or payment in the range. Packets fall in the range by their
 * registration instant in Tehran; payments by their date.
 */
function storeRows(filter: StoreFilter): RawBuilder<unknown> {
  const { scope, customerId, range } = filter;
  const assayRange = range
    ? sql`and created_at >= (${range.start}::date::timestamp at time zone 'Asia/Tehran')
          and created_at < (${range.end}::date::timestamp at time zone 'Asia/Tehran')`
    : sql``;
  const payRange = range ? sql`and paid_on >= ${range.start}::date and paid_on < ${range.end}::date` : sql``;
  const assayCustomer = customerId ? sql`and customer_id = ${customerId}` : sql``;
  return sql`
    with a as (
      select customer_id, sum(fee_gold_mg)::bigint as gold, sum(fee_toman)::bigint as money, count(*)::bigint as n
      from assays
      where ${scopeSql(scope, 'workshop_id')} and deleted_at is null and customer_id is not null
        ${assayRange} ${assayCustomer}
      group by customer_id
    ), p as (
      select customer_id,
             sum(case when type = 2 then gold_mg else -gold_mg end)::bigint as gold,
             sum(case when type = 2 then money_toman else -money_toman end)::bigint as money
      from payments
      where ${scopeSql(scope, 'workshop_id')} and deleted_at is null ${payRange} ${assayCustomer}
      group by customer_id
    ), r as (
      select c.id, c.name, c.code, c.deleted_at is not null as deleted,
             (coalesce(a.gold, 0) + coalesce(p.gold, 0))::bigint as gold_remain,
             (coalesce(a.money, 0) + coalesce(p.money, 0))::bigint as money_remain,
             coalesce(a.n, 0)::bigint as test_count
      from customers c
      left join a on a.customer_id = c.id
      left join p on p.customer_id = c.id
      where ${scopeSql(scope, 'c.workshop_id')} and (a.customer_id is not null or p.customer_id is not null)
    )
  `;
}

export async function storePage(
  db: Database,
  filter: StoreFilter,
  page: { pageNumber: number; pageSize: number },
) {
  const { rows } = await sql<{
    id: string;
    name: string;
    code: number;
    deleted: boolean;
    goldRemain: number;
    moneyRemain: number;
    testCount: number;
    status: 0 | 1 | 2;
  }>`
    ${storeRows(filter)}
    select r.*,
           case when gold_remain > 0 or money_remain > 0 then 0
                when gold_remain = 0 and money_remain = 0 then 1
                else 2 end as status
    from r
    order by status, name, code
    limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}
  `.execute(db);
  return rows;
}

export async function storeTotals(db: Database, filter: StoreFilter) {
  const { rows } = await sql<{ count: number; gold: number; money: number; tests: number }>`
    ${storeRows(filter)}
    select count(*)::bigint as count,
           coalesce(sum(gold_remain), 0)::bigint as gold,
           coalesce(sum(money_remain), 0)::bigint as money,
           coalesce(sum(test_count), 0)::bigint as tests
    from r
  `.execute(db);
  return rows[0]!;
}
