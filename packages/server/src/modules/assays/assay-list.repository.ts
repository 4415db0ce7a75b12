import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { TEHRAN_TZ, customerSearchKey } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { PREPARE } from '../../db/prepared.ts';
import { scopeSql, type Scope } from '../../lib/scope.ts';
import { selectAssays, type AssayRow } from './assays.repository.ts';

// The lab lists: a workshop's own (`Tests/AllTests`) and the admin's (`Manage/AllTests`).

/** The list filters, already validated (contract `labListQuerySchema` / `manageLabListQuerySchema`). */
export interface AssayFilter {
  waitFor?: boolean | undefined;
  filterType?: number | undefined;
  filterValue?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  justForDelete?: boolean | undefined;
  /** Purities waiting for a second person (ADR 0050). */
  awaitingVerification?: boolean | undefined;
  /** The administrator's: packets this person registered, recorded or verified (ADR 0050). */
  personId?: string | undefined;
}

/** Whether a filter narrows beyond the workshop, days and a name (the counts kept by triggers). */
const narrowed = (f: AssayFilter) => !!(f.waitFor || f.justForDelete || f.awaitingVerification || f.personId);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What a name filter looks for in customers' search keys and other owners' keys: the typed text, anywhere. */
const nameLike = (value: string) => `%${escapeLike(customerSearchKey(value))}%`;

/**
 * Which packets a name filter (type 1) keeps: those of matching customers, those of other owners
 * («مشتری متفرقه») whose typed name matches, or both. The two are disjoint (a packet has a customer or
 * an owner name), so a count adds them, each from its own index (migration 0009).
 */
type NameMatch = 'both' | 'customers' | 'others';

/** The name (type 1) or customer code (type 2) filter: packets of the scope's matching customers. */
function customerFilter(scope: Scope, f: AssayFilter, value: string, nameMatch: NameMatch) {
  const ws = scope.kind === 'workshop' ? sql`and ${scopeSql(scope, 'c.workshop_id')}` : sql``;
  if (f.filterType === 2) {
    return sql<SqlBool>`a.customer_id in (select c.id from customers c where c.code = ${Number(value)} ${ws})`;
  }
  // Customers first (their search key has its own indexes), then their packets; other owners' names
  // are normalised the same way (other_owner_key).
  const key = nameLike(value);
  const customers = sql<SqlBool>`a.customer_id in (select c.id from customers c where c.search_key like ${key} ${ws})`;
  const others = sql<SqlBool>`(a.customer_id is null and a.other_owner_key like ${key})`;
  return nameMatch === 'customers'
    ? customers
    : nameMatch === 'others'
      ? others
      : sql<SqlBool>`(${customers} or ${others})`;
}

/** The WHERE of the lab lists. Dates are whole days in Tehran (the API speaks Gregorian yyyy-mm-dd). */
function conditions(scope: Scope, f: AssayFilter, nameMatch: NameMatch = 'both'): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql`a.deleted_at is null`];
  if (scope.kind === 'workshop') parts.push(scopeSql(scope, 'a.workshop_id'));
  if (f.waitFor) parts.push(sql`a.purity is null`);
  if (f.justForDelete) parts.push(sql`a.delete_requested_at is not null`);
  if (f.awaitingVerification) parts.push(sql`a.pending_purity is not null`);
  if (f.personId) {
    parts.push(sql`${f.personId} in (a.created_by, a.purity_by, a.verified_by, a.pending_by, a.returned_by)`);
  }
  if (f.fromDate) parts.push(sql`a.created_at >= (${f.fromDate}::date)::timestamp at time zone ${TEHRAN_TZ}`);
  if (f.toDate) parts.push(sql`a.created_at < (${f.toDate}::date + 1)::timestamp at time zone ${TEHRAN_TZ}`);
  const value = f.filterValue;
  if (value) {
    switch (f.filterType) {
      case 1:
      case 2:
        parts.push(customerFilter(scope, f, value, nameMatch));
        break;
      case 3:
        parts.push(sql`a.doc_number = ${Number(value)}`);
        break;
      case 4:
        parts.push(sql`a.purity = ${Number(value)}`);
        break;
      default:
        // No filter type (or one the contract does not know): the value narrows nothing.
        break;
    }
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** Whether a list's only conditions are the workshop and whole Tehran days (the day counts answer). */
function byDayOnly(f: AssayFilter): boolean {
  return !narrowed(f) && !f.filterValue;
}

function dayCountConditions(scope: Scope, f: AssayFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql`true`];
  if (scope.kind === 'workshop') parts.push(scopeSql(scope, 'd.workshop_id'));
  if (f.fromDate) parts.push(sql`d.day >= ${f.fromDate}::date`);
  if (f.toDate) parts.push(sql`d.day <= ${f.toDate}::date`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

function isNameFilter(f: AssayFilter): f is AssayFilter & { filterValue: string } {
  return f.filterType === 1 && !!f.filterValue;
}

/** Whether a list's only condition (but the workshop) is a name: its total is in the name counts. */
function byNameOnly(f: AssayFilter): boolean {
  return !narrowed(f) && !f.fromDate && !f.toDate;
}

/**
 * A name filter's total from the counts the triggers keep (migration 0017): the matching customers'
 * live packets and the matching other owners', instead of reading each packet (ADR 0037).
 */
function nameCount(scope: Scope, value: string): RawBuilder<number> {
  const key = nameLike(value);
  return sql<number>`(select coalesce(sum(k.n), 0)::int from customers c
      join customer_assay_counts k on k.customer_id = c.id and ${scopeSql(scope, 'k.workshop_id')}
      where c.search_key like ${key} and ${scopeSql(scope, 'c.workshop_id')})
    + (select coalesce(sum(o.n), 0)::int from other_owner_counts o
      where o.owner_key like ${key} and ${scopeSql(scope, 'o.workshop_id')})`;
}

/** The first pages are read newest first while the total is counted alongside. */
const SHALLOW_PAGES = 10;

type Page = { pageNumber: number; pageSize: number };

/** One page of a lab list, newest first, and the number of matching packets. */
export async function listAssays(
  db: Database,
  scope: Scope,
  filter: AssayFilter,
  page: Page,
): Promise<{ rows: AssayRow[]; total: number }> {
  const where = conditions(scope, filter);
  const offset = (page.pageNumber - 1) * page.pageSize;
  // Deferred join: the page's ids come from the list index alone, then only those rows are joined.
  const pageOf = (ids: ReturnType<typeof pageIds>) =>
    selectAssays(db)
      .where('a.id', 'in', ids)
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.docNumber', 'desc')
      // Planning its joins cost more than running them: a named statement (ADR 0034).
      .modifyEnd(PREPARE)
      .execute();
  const pageIds = (direction: 'asc' | 'desc', limit: number, skip: number) =>
    db
      .selectFrom('assays as a')
      .select('a.id')
      .where(where)
      .orderBy('a.createdAt', direction)
      .orderBy('a.docNumber', direction)
      .limit(limit)
      .offset(skip);

  if (byDayOnly(filter)) {
    // No filter but whole Tehran days: the per-day counts the triggers keep (migration 0006) give the
    // total without reading a lab's (or the network's) packets.
    const totalQuery = sql<{ n: number }>`select coalesce(sum(d.n), 0)::int as n from assay_day_counts d
      where ${dayCountConditions(scope, filter)} ${PREPARE}`;
    if (page.pageNumber <= SHALLOW_PAGES) {
      const [rows, count] = await Promise.all([
        pageOf(pageIds('desc', page.pageSize, offset)),
        totalQuery.execute(db),
      ]);
      return { rows, total: count.rows[0]!.n };
    }
    // Deep pages know the total first, so one in the older half is read from the oldest end: the last
    // page costs what the first does instead of skipping every newer packet.
    const total = (await totalQuery.execute(db)).rows[0]!.n;
    if (offset >= total) return { rows: [], total };
    const fromOldest = offset > total / 2;
    const rows = await pageOf(
      fromOldest
        ? pageIds('asc', Math.min(page.pageSize, total - offset), Math.max(0, total - offset - page.pageSize))
        : pageIds('desc', page.pageSize, offset),
    );
    return { rows, total };
  }

  const countOf = (match: NameMatch) =>
    sql<number>`(select count(*)::int from assays a where ${conditions(scope, filter, match)})`;
  const total = !isNameFilter(filter)
    ? countOf('both')
    : byNameOnly(filter)
      ? nameCount(scope, filter.filterValue)
      : // A name filter counts its two halves apart: their OR would read every packet of the lab.
        sql<number>`${countOf('customers')} + ${countOf('others')}`;
  const [rows, count] = await Promise.all([
    pageOf(pageIds('desc', page.pageSize, offset)),
    sql<{ n: number }>`select ${total} as n ${PREPARE}`.execute(db),
  ]);
  return { rows, total: count.rows[0]!.n };
}

/** Where an export's last batch ended: its last packet's registration instant (as PostgreSQL wrote it) and number. */
export interface AssayCursor {
  createdAt: string;
  docNumber: number;
}

/** A person's full name by the id in a packet's column (ADR 0050), as the lists show it. */
const personName = (column: 'a.created_by' | 'a.purity_by' | 'a.verified_by') =>
  sql<string | null>`(select p.full_name from users p where p.id = ${sql.ref(column)})`;

/** What an export writes of a packet: the list's row without what only a screen uses (ADR 0055). */
function selectExportRows(db: Database) {
  return db
    .selectFrom('assays as a')
    .innerJoin('users as u', 'u.id', 'a.workshopId')
    .leftJoin('customers as c', 'c.id', 'a.customerId')
    .leftJoin('testTypes as t', 't.id', 'a.testTypeId')
    .leftJoin('resultVersions as v', (join) =>
      join.onRef('v.assayId', '=', 'a.id').onRef('v.version', '=', 'a.resultVersion'),
    )
    .select([
      'a.docNumber',
      'a.customerId',
      'a.otherOwnerName',
      'a.otherOwnerMobile',
      'c.name as customerName',
      'c.code as customerCode',
      'c.mobile1 as customerMobile',
      't.name as typeName',
      'a.purity',
      'a.pendingPurity',
      'v.status as resultStatus',
      'a.goldWeightMg',
      'a.sampleWeightMg',
      'a.feeToman',
      'a.feeGoldMg',
      'a.readyTime',
      'a.createdAt',
      'a.purityAt',
      personName('a.created_by').as('registeredBy'),
      personName('a.purity_by').as('purityBy'),
      personName('a.verified_by').as('verifiedBy'),
      'a.deleteRequestedAt',
      'a.description',
      'u.fName as labName',
      // The keyset's instant as text: its microseconds survive the round trip (a Date keeps milliseconds).
      sql<string>`a.created_at::text`.as('cursorAt'),
    ]);
}

export type AssayExportRow = Awaited<ReturnType<ReturnType<typeof selectExportRows>['execute']>>[number];

/**
 * The next batch of a lab list for an export, newest first, after `cursor` (ADR 0055): the list's
 * conditions and order, keyset on that order, so the last batch of an 80,000-packet export costs what
 * the first does. One statement driven by the list's index; no deferred join (an `id in (…1000 ids)`
 * made PostgreSQL scan the whole table).
 */
export async function listAssaysAfter(
  db: Database,
  scope: Scope,
  filter: AssayFilter,
  cursor: AssayCursor | null,
  limit: number,
): Promise<{ rows: AssayExportRow[]; next: AssayCursor | null }> {
  const after = cursor
    ? sql<SqlBool>`(a.created_at, a.doc_number) < (${cursor.createdAt}::timestamptz, ${cursor.docNumber})`
    : sql<SqlBool>`true`;
  const rows = await selectExportRows(db)
    .where(conditions(scope, filter))
    .where(after)
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.docNumber', 'desc')
    .limit(limit)
    .execute();
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === limit ? { createdAt: last.cursorAt, docNumber: last.docNumber } : null,
  };
}
