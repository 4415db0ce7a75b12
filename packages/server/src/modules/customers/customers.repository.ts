import { sql, type Expression, type SqlBool } from 'kysely';
import { customerSearchKey, toEnglishDigits } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope, type WorkshopScope } from '../../lib/scope.ts';

/** Advisory-lock class of customer-code allocation (the second key is the workshop's hash). */
const CODE_LOCK_CLASS = 7301;

export interface CustomerValues {
  name: string;
  mobile1: string;
  mobile2: string | null;
  mobile3: string | null;
  phone: string | null;
  description: string | null;
  /** JSON string of the settings that differ from the workshop's, or null. */
  settings: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name, code or mobile match the search text. Names compare by their stored search key
 * (`customers.search_key`, migration 0002): a prefix (btree) or anywhere (trigram index).
 */
function matches(text: string): Expression<SqlBool> | null {
  const key = customerSearchKey(text);
  if (key === '') return null;
  const parts = [sql<SqlBool>`c.search_key like ${`%${escapeLike(key)}%`}`];
  const digits = toEnglishDigits(text).replace(/\D/g, '');
  if (digits !== '' && digits === toEnglishDigits(text).replace(/[\s-]/g, '')) {
    if (digits.length <= 9) parts.push(sql<SqlBool>`c.code = ${Number(digits)}`);
    parts.push(sql<SqlBool>`c.mobile1 like ${`%${digits}%`}`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Prefix matches first (docs/product.md §2.12, ADR 0011). */
function prefixFirst(text: string) {
  return sql`(c.search_key like ${`${escapeLike(customerSearchKey(text))}%`}) desc`;
}

const settingsText = sql<string | null>`c.settings::text`;

/** The workshop's stored settings (users.settings), for the per-customer defaults. */
export async function workshopSettings(db: Database, workshopId: string): Promise<unknown> {
  const row = await db.selectFrom('users').select('settings').where('id', '=', workshopId).executeTakeFirst();
  return row?.settings ?? null;
}

/**
 * Inserts a customer with the workshop's next code. A per-workshop advisory lock, held to the end of
 * the transaction, makes concurrent creates take consecutive codes one after another; deleted
 * customers keep their codes, so a code is never reused.
 */
export async function insertWithNextCode(
  trx: Database,
  scope: WorkshopScope,
  values: CustomerValues,
): Promise<{ id: string; code: number }> {
  await sql`select pg_advisory_xact_lock(${CODE_LOCK_CLASS}, hashtext(${scope.id}))`.execute(trx);
  const { next } = await trx
    .selectFrom('customers')
    .select(sql<number>`coalesce(max(code), 0) + 1`.as('next'))
    .where((eb) => inScope(eb, 'workshopId', scope))
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('customers')
    .values({ workshopId: scope.id, code: next, ...values })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

/** Updates a live customer of the workshop (the admin's edit names the customer's own workshop). */
export async function updateCustomer(
  db: Database,
  scope: WorkshopScope,
  id: string,
  values: CustomerValues,
): Promise<{ code: number } | undefined> {
  return db
    .updateTable('customers')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deletedAt', 'is', null)
    .returning('code')
    .executeTakeFirst();
}

const detailColumns = [
  'c.id',
  'c.workshopId',
  'c.name',
  'c.code',
  'c.mobile1',
  'c.mobile2',
  'c.mobile3',
  'c.phone',
  'c.description',
  'c.createdAt',
] as const;

/** A live customer of the scope (a workshop's own, or any for the admin). */
export function findCustomer(db: Database, scope: Scope, id: string) {
  return db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.workshopId')
    .select([...detailColumns, settingsText.as('settings'), 'u.fName as lab'])
    .where('c.id', '=', id)
    .where('c.deletedAt', 'is', null)
    .where((eb) => inScope(eb, 'c.workshopId', scope))
    .executeTakeFirst();
}

/** A live customer of the scope, locked for the admin's edit (its values before, for the audit). */
export function lockCustomer(db: Database, scope: Scope, id: string) {
  return db
    .selectFrom('customers as c')
    .select([...detailColumns, settingsText.as('settings')])
    .where('c.id', '=', id)
    .where('c.deletedAt', 'is', null)
    .where((eb) => inScope(eb, 'c.workshopId', scope))
    .forUpdate()
    .executeTakeFirst();
}

/** A customer of the workshop, deleted or not (its history stays readable). */
export function findCustomerWithDeleted(db: Database, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.name', 'c.deletedAt'])
    .where('c.id', '=', id)
    .where((eb) => inScope(eb, 'c.workshopId', scope))
    .executeTakeFirst();
}

export async function searchByName(db: Database, scope: WorkshopScope, text: string, limit: number) {
  const where = matches(text);
  let query = db
    .selectFrom('customers as c')
    .select(['c.id', 'c.name', settingsText.as('settings'), 'c.code', 'c.mobile1'])
    .where((eb) => inScope(eb, 'c.workshopId', scope))
    .where('c.deletedAt', 'is', null);
  if (where) query = query.where(where).orderBy(prefixFirst(text));
  return query.orderBy('c.name').orderBy('c.code').limit(limit).execute();
}

/**
 * The workshop's live customers for its offline book (ADR 0047), at most `limit`, and how many there
 * are. All of them in code order when they fit (the usual case: no look at the packets); over the
 * limit, those whose last packet is newest.
 */
export async function customerBook(db: Database, scope: WorkshopScope, limit: number) {
  const live = () =>
    db
      .selectFrom('customers as c')
      .where((eb) => inScope(eb, 'c.workshopId', scope))
      .where('c.deletedAt', 'is', null);
  const { count } = await live()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  let rows = live().select(['c.id', 'c.name', settingsText.as('settings'), 'c.code', 'c.mobile1']);
  if (total > limit) {
    const lastPacket = sql`(select max(a.created_at) from assays a
      where a.workshop_id = c.workshop_id and a.customer_id = c.id and a.deleted_at is null)`;
    rows = rows.orderBy(sql`${lastPacket} desc nulls last`).orderBy('c.code', 'desc');
  } else rows = rows.orderBy('c.code');
  return { list: await rows.limit(limit).execute(), total };
}

/** One page of the scope's live customers (a workshop's list, or the admin's of every lab or one). */
export async function listCustomers(
  db: Database,
  scope: Scope,
  filter: { name?: string | undefined; pageNumber: number; pageSize: number },
) {
  const where = filter.name ? matches(filter.name) : null;
  const base = () => {
    let query = db
      .selectFrom('customers as c')
      .innerJoin('users as u', 'u.id', 'c.workshopId')
      .where('c.deletedAt', 'is', null)
      .where((eb) => inScope(eb, 'c.workshopId', scope));
    if (where) query = query.where(where);
    return query;
  };
  const total = await base()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let rows = base().select([
    'c.id',
    'c.name',
    'c.code',
    'c.mobile1',
    'c.phone',
    'c.workshopId',
    'u.fName as lab',
  ]);
  if (where && filter.name) rows = rows.orderBy(prefixFirst(filter.name));
  // The admin's list groups by lab; a workshop's list reads in code order (the order customers came).
  if (scope.kind === 'admin') rows = rows.orderBy('u.fName');
  const list = await rows
    .orderBy(scope.kind === 'admin' ? 'c.name' : 'c.code')
    .orderBy('c.id')
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize)
    .execute();
  return { list, total: Number(total.count) };
}

/** How many live packets and payments point at a customer. */
export async function historyCounts(db: Database, customerId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('assays')
        .select(eb.fn.countAll<number>().as('n'))
        .where('customerId', '=', customerId)
        .where('deletedAt', 'is', null)
        .as('testCount'),
      eb
        .selectFrom('payments')
        .select(eb.fn.countAll<number>().as('n'))
        .where('customerId', '=', customerId)
        .where('deletedAt', 'is', null)
        .as('payCount'),
    ])
    .executeTakeFirstOrThrow();
  return { testCount: Number(row.testCount ?? 0), payCount: Number(row.payCount ?? 0) };
}

/**
 * Soft delete (docs/product.md §10.2): the row and its code stay, with every packet and payment pointing at
 * it.
 */
export async function softDelete(db: Database, scope: Scope, id: string) {
  return db
    .updateTable('customers')
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .returning(['id', 'name', 'code', 'workshopId'])
    .executeTakeFirst();
}
