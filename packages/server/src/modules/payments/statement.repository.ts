import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, scopeSql, type WorkshopScope } from '../../lib/scope.ts';

// The printed statement's queries (docs/product.md §5.7). The balance rule is the one of
// `payments.repository.ts`' `customerBalance` (fees − received + paid, deleted rows left out), cut at
// Tehran midnights: a packet belongs to the Tehran day it was registered, a payment to its date.

/** The workshop's own record, for its letterhead (a workshop is the user of its own id: lib/scope.ts). */
export function findLetterhead(db: Database, scope: WorkshopScope) {
  return db
    .selectFrom('users')
    .select(['fName', 'fullName', 'address', 'phone', 'cellPhone', 'workshopCode', 'rejeCode'])
    .where('id', '=', scope.id)
    .executeTakeFirst();
}

/** One of the workshop's customers, deleted ones included (their history still prints). */
export function findStatementCustomer(db: Database, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'code', 'deletedAt'])
    .where('id', '=', id)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirst();
}

/** The instant a Tehran day (Gregorian yyyy-mm-dd) starts, in SQL. */
const tehranMidnight = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Tehran')`;

/** What the customer owed before the day `from` began: milligrams and toman. */
export async function balanceBefore(db: Database, scope: WorkshopScope, customerId: string, from: string) {
  const { rows } = await sql<{ goldMg: number; money: number }>`
    with a as (
      select coalesce(sum(fee_gold_mg), 0)::bigint as gold, coalesce(sum(fee_toman), 0)::bigint as money
      from assays
      where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
        and created_at < ${tehranMidnight(from)}
    ), p as (
      select coalesce(sum(case when type = 2 then gold_mg else -gold_mg end), 0)::bigint as gold,
             coalesce(sum(case when type = 2 then money_toman else -money_toman end), 0)::bigint as money
      from payments
      where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
        and paid_on < ${from}::date
    )
    select (a.gold + p.gold)::bigint as gold_mg, (a.money + p.money)::bigint as money from a, p
  `.execute(db);
  return rows[0]!;
}

export interface StatementRow {
  kind: 'fee' | 'receipt' | 'payment';
  id: string;
  date: string;
  at: Date;
  docNumber: number | null;
  description: string | null;
  goldMg: number;
  money: number;
}

/**
 * The fees, receipts and payments of the days `from` to `to` (both included), oldest first, each as
 * what it adds to the debt; at most `limit` rows (the caller asks one more than it allows).
 */
export async function statementRows(
  db: Database,
  scope: WorkshopScope,
  customerId: string,
  range: { from: string; to: string; limit: number },
): Promise<StatementRow[]> {
  const { rows } = await sql<StatementRow>`
    select 'fee' as kind, id, to_char(created_at at time zone 'Asia/Tehran', 'YYYY-MM-DD') as date,
           created_at as at, doc_number::bigint as doc_number, null::text as description,
           fee_gold_mg::bigint as gold_mg, fee_toman::bigint as money
    from assays
    where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
      and created_at >= ${tehranMidnight(range.from)}
      and created_at < ((${range.to}::date + 1)::timestamp at time zone 'Asia/Tehran')
    union all
    select case when type = 1 then 'receipt' else 'payment' end, id, to_char(paid_on, 'YYYY-MM-DD'),
           created_at, null, description,
           (case when type = 2 then gold_mg else -gold_mg end)::bigint,
           (case when type = 2 then money_toman else -money_toman end)::bigint
    from payments
    where ${scopeSql(scope, 'workshop_id')} and customer_id = ${customerId} and deleted_at is null
      and paid_on >= ${range.from}::date and paid_on <= ${range.to}::date
    order by date, at, id
    limit ${range.limit}
  `.execute(db);
  return rows;
}
