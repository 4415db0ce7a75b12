import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  DIRECT_DELETE_MINUTES,
  PURITY_CORRECTION_MINUTES,
  TEHRAN_TZ,
  customerSearchKey,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';

// ————— Reading packets —————

/** The list filters, already validated (contract `labListQuerySchema` / `manageLabListQuerySchema`). */
export interface AssayFilter {
  /** A workshop's own list (from the session), or the admin's `tester`; undefined = every workshop. */
  workshopId?: string | undefined;
  waitFor?: boolean | undefined;
  filterType?: number | undefined;
  filterValue?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  justForDelete?: boolean | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Which packets a name filter (type 1) keeps: those of matching customers, those of other owners
 * («مشتری متفرقه») whose typed name matches, or both. The two are disjoint (a packet has a customer or
 * an owner name), so a count adds them, each from its own index (migration 0009).
 */
type NameMatch = 'both' | 'customers' | 'others';

/** The WHERE of the lab lists. Dates are whole days in Tehran (the API speaks Gregorian yyyy-mm-dd). */
function conditions(f: AssayFilter, nameMatch: NameMatch = 'both'): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql`a.deleted_at is null`];
  if (f.workshopId) parts.push(sql`a.workshop_id = ${f.workshopId}`);
  if (f.waitFor) parts.push(sql`a.purity is null`);
  if (f.justForDelete) parts.push(sql`a.delete_requested_at is not null`);
  if (f.fromDate) parts.push(sql`a.created_at >= (${f.fromDate}::date)::timestamp at time zone ${TEHRAN_TZ}`);
  if (f.toDate) parts.push(sql`a.created_at < (${f.toDate}::date + 1)::timestamp at time zone ${TEHRAN_TZ}`);
  const value = f.filterValue;
  if (value) {
    switch (f.filterType) {
      case 1: {
        // Customers first (their search key has its own indexes), then their packets; other owners'
        // names are normalised the same way (other_owner_key).
        const key = `%${escapeLike(customerSearchKey(value))}%`;
        const ws = f.workshopId ? sql`and c.workshop_id = ${f.workshopId}` : sql``;
        const customers = sql<SqlBool>`a.customer_id in (select c.id from customers c where c.search_key like ${key} ${ws})`;
        const others = sql<SqlBool>`(a.customer_id is null and a.other_owner_key like ${key})`;
        parts.push(
          nameMatch === 'customers'
            ? customers
            : nameMatch === 'others'
              ? others
              : sql<SqlBool>`(${customers} or ${others})`,
        );
        break;
      }
      case 2: {
        const ws = f.workshopId ? sql`and c.workshop_id = ${f.workshopId}` : sql``;
        parts.push(
          sql`a.customer_id in (select c.id from customers c where c.code = ${Number(value)} ${ws})`,
        );
        break;
      }
      case 3:
        parts.push(sql`a.doc_number = ${Number(value)}`);
        break;
      case 4:
        parts.push(sql`a.purity = ${Number(value)}`);
        break;
    }
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

const canUpdateSql = sql<boolean>`coalesce(a.purity_at > now() - make_interval(mins => ${PURITY_CORRECTION_MINUTES}), false) and a.deleted_at is null`;
const canDeleteSql = sql<boolean>`a.purity is null and a.deleted_at is null and a.created_at > now() - make_interval(mins => ${DIRECT_DELETE_MINUTES})`;

function selectAssays(db: Database) {
  return db
    .selectFrom('assays as a')
    .innerJoin('users as u', 'u.id', 'a.workshopId')
    .leftJoin('customers as c', 'c.id', 'a.customerId')
    .leftJoin('testTypes as t', 't.id', 'a.testTypeId')
    .leftJoin('codeRanges as r', 'r.id', 'a.codeRangeId')
    .select([
      'a.id',
      'a.workshopId',
      'a.customerId',
      'a.otherOwnerName',
      'a.otherOwnerMobile',
      'a.testTypeId',
      't.name as typeName',
      'a.docNumber',
      'a.purity',
      'a.readyTime',
      'a.sampleWeightMg',
      'a.goldWeightMg',
      'a.feeType',
      'a.feeToman',
      'a.feeGoldMg',
      'a.title',
      'a.description',
      'a.displayType',
      'a.sendSms',
      'a.sendCall',
      'a.platform',
      'a.publicToken',
      'a.createdAt',
      'a.purityAt',
      'a.deleteRequestedAt',
      'a.deleteDeclinedAt',
      'a.deleteDeclineReason',
      'a.deletedAt',
      'c.name as customerName',
      'c.code as customerCode',
      'c.mobile1 as customerMobile',
      'u.fName as labName',
      'u.fullName as userFullName',
      'r.serialNo',
      canUpdateSql.as('canUpdate'),
      canDeleteSql.as('canDelete'),
      sql<
        string[]
      >`array(select i.file_id::text from assay_images i where i.assay_id = a.id order by i.position, i.file_id)`.as(
        'imageIds',
      ),
    ]);
}

export type AssayRow = Awaited<ReturnType<typeof findAssay>> & object;

/** Whether a list's only conditions are the workshop and whole Tehran days (the day counts answer). */
function byDayOnly(f: AssayFilter): boolean {
  return !f.waitFor && !f.justForDelete && !f.filterValue;
}

function dayCountConditions(f: AssayFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql`true`];
  if (f.workshopId) parts.push(sql`d.workshop_id = ${f.workshopId}`);
  if (f.fromDate) parts.push(sql`d.day >= ${f.fromDate}::date`);
  if (f.toDate) parts.push(sql`d.day <= ${f.toDate}::date`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The first pages are read newest first while the total is counted alongside. */
const SHALLOW_PAGES = 10;

/** One page of a lab list, newest first, and the number of matching packets. */
export async function listAssays(
  db: Database,
  filter: AssayFilter,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: AssayRow[]; total: number }> {
  const where = conditions(filter);
  const offset = (page.pageNumber - 1) * page.pageSize;
  // Deferred join: the page's ids come from the list index alone, then only those rows are joined.
  const pageOf = (ids: ReturnType<typeof pageIds>) =>
    selectAssays(db)
      .where('a.id', 'in', ids)
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.docNumber', 'desc')
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
      where ${dayCountConditions(filter)}`;
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
    sql<number>`(select count(*)::int from assays a where ${conditions(filter, match)})`;
  const total =
    filter.filterType === 1 && filter.filterValue
      ? // A name filter counts its two halves apart: their OR would read every packet of the lab.
        sql<number>`${countOf('customers')} + ${countOf('others')}`
      : countOf('both');
  const [rows, count] = await Promise.all([
    pageOf(pageIds('desc', page.pageSize, offset)),
    sql<{ n: number }>`select ${total} as n`.execute(db),
  ]);
  return { rows, total: count.rows[0]!.n };
}

/** One packet; a workshop's id limits it to that workshop's packets (undefined for an admin). */
export function findAssay(db: Database, workshopId: string | undefined, id: string) {
  let q = selectAssays(db).where('a.id', '=', id);
  if (workshopId) q = q.where('a.workshopId', '=', workshopId);
  return q.executeTakeFirst();
}

/**
 * Locks packets (live ones; a workshop's own when its id is given) for a change, with the flags the
 * rules need computed by the database clock, and what a notification needs.
 */
export function lockAssays(db: Database, workshopId: string | undefined, ids: readonly string[]) {
  let q = db
    .selectFrom('assays as a')
    .innerJoin('users as u', 'u.id', 'a.workshopId')
    .leftJoin('customers as c', 'c.id', 'a.customerId')
    .select([
      'a.id',
      'a.workshopId',
      'a.customerId',
      'a.otherOwnerName',
      'a.otherOwnerMobile',
      'a.testTypeId',
      'a.docNumber',
      'a.purity',
      'a.purityAt',
      'a.readyTime',
      'a.sampleWeightMg',
      'a.goldWeightMg',
      'a.feeType',
      'a.feeToman',
      'a.feeGoldMg',
      'a.description',
      'a.displayType',
      'a.sendSms',
      'a.sendCall',
      'a.deleteRequestedAt',
      'a.deletedAt',
      'c.mobile1 as customerMobile',
      sql<string | null>`c.settings::text`.as('customerSettings'),
      'u.fName as labName',
      'u.settings as workshopSettings',
      canUpdateSql.as('canUpdate'),
      canDeleteSql.as('canDelete'),
    ])
    .where('a.id', 'in', ids)
    .forUpdate('a');
  if (workshopId) q = q.where('a.workshopId', '=', workshopId);
  return q.execute();
}
export type LockedAssay = Awaited<ReturnType<typeof lockAssays>>[number];

// ————— Registering —————

export interface RangeForUpdate {
  id: string;
  fromCode: number;
  toCode: number;
  nextCode: number;
}

/** The workshop's ranges, locked: concurrent registrations of one workshop run one after another. */
export function lockWorkshopRanges(db: Database, workshopId: string): Promise<RangeForUpdate[]> {
  return db
    .selectFrom('codeRanges')
    .select(['id', 'fromCode', 'toCode', 'nextCode'])
    .where('workshopId', '=', workshopId)
    .orderBy('fromCode')
    .forUpdate()
    .execute();
}

export function workshopRanges(db: Database, workshopId: string): Promise<RangeForUpdate[]> {
  return db
    .selectFrom('codeRanges')
    .select(['id', 'fromCode', 'toCode', 'nextCode'])
    .where('workshopId', '=', workshopId)
    .orderBy('fromCode')
    .execute();
}

/** The lowest range's next number that is still inside its range. */
export async function nextFreeCode(db: Database, workshopId: string): Promise<number | null> {
  const row = await db
    .selectFrom('codeRanges')
    .select('nextCode')
    .where('workshopId', '=', workshopId)
    .whereRef('nextCode', '<=', 'toCode')
    .orderBy('fromCode')
    .limit(1)
    .executeTakeFirst();
  return row?.nextCode ?? null;
}

export async function raiseNextCode(db: Database, rangeId: string, next: number): Promise<void> {
  await db
    .updateTable('codeRanges')
    .set({ nextCode: sql<number>`greatest(next_code, ${next})` })
    .where('id', '=', rangeId)
    .execute();
}

/** Which of these numbers a packet already has (deleted packets included: numbers are never reused). */
export async function usedNumbers(db: Database, numbers: readonly number[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db.selectFrom('assays').select('docNumber').where('docNumber', 'in', numbers).execute();
  return rows.map((r) => r.docNumber);
}

export function findWorkshop(db: Database, workshopId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'fName', 'settings'])
    .where('id', '=', workshopId)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
}

/** The workshop's live customers among these ids, with what the fee and notifications need. */
export function findCustomers(db: Database, workshopId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'mobile1', sql<string | null>`settings::text`.as('settings')])
    .where('workshopId', '=', workshopId)
    .where('deletedAt', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** The workshop's photos among these file ids. */
export async function ownPhotos(
  db: Database,
  workshopId: string,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('kind', '=', 'photo')
    .where('ownerId', '=', workshopId)
    .where('id', 'in', fileIds)
    // Held until the packet is registered: the unused-file sweep (ADR 17) skips a photo being
    // attached instead of deleting it between this check and the insert.
    .forKeyShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface NewAssay {
  workshopId: string;
  customerId: string | null;
  otherOwnerName: string | null;
  otherOwnerMobile: string | null;
  testTypeId: string | null;
  docNumber: number;
  codeRangeId: string;
  purity: number | null;
  purityAt: Date | null;
  readyTime: number | null;
  sampleWeightMg: number | null;
  goldWeightMg: number | null;
  feeType: 0 | 1;
  feeToman: number;
  feeGoldMg: number;
  title: boolean;
  description: string | null;
  displayType: number | null;
  sendSms: boolean;
  sendCall: boolean;
  platform: string;
  publicToken: string;
  createdBy: string;
}

export function insertAssays(db: Database, rows: NewAssay[]) {
  return db.insertInto('assays').values(rows).returning(['id', 'docNumber', 'publicToken']).execute();
}

export async function linkImages(
  db: Database,
  links: { assayId: string; fileId: string; position: number }[],
) {
  if (links.length === 0) return;
  await db
    .insertInto('assayImages')
    .values(links)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// ————— Changing packets —————

export interface AssayChanges {
  customerId?: string | null;
  otherOwnerName?: string | null;
  otherOwnerMobile?: string | null;
  testTypeId?: string | null;
  purity?: number | null;
  purityAt?: Date | null;
  purityUpdatedAt?: Date | null;
  readyTime?: number | null;
  sampleWeightMg?: number | null;
  goldWeightMg?: number | null;
  feeToman?: number;
  feeGoldMg?: number;
  description?: string | null;
  displayType?: number | null;
  sendSms?: boolean;
  sendCall?: boolean;
}

/** Applies changes; the purity timestamps come from the database clock when `true` is passed. */
export async function updateAssay(
  db: Database,
  id: string,
  changes: AssayChanges,
  clock: { purityAt?: boolean; purityUpdatedAt?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('assays')
    .set({
      ...changes,
      ...(clock.purityAt ? { purityAt: sql<Date>`now()` } : {}),
      ...(clock.purityUpdatedAt ? { purityUpdatedAt: sql<Date>`now()` } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export function isLiveCustomer(db: Database, workshopId: string, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'mobile1', sql<string | null>`settings::text`.as('settings')])
    .where('workshopId', '=', workshopId)
    .where('deletedAt', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ————— History —————

export function assayHistory(db: Database, assayId: string) {
  return db
    .selectFrom('auditLog as l')
    .leftJoin('users as u', 'u.id', 'l.actorId')
    .select([
      'l.id',
      'l.at',
      'l.actorId',
      'l.action',
      'l.before',
      'l.after',
      'u.role as actorRole',
      'u.fName as actorLabName',
      'u.fullName as actorFullName',
      'u.username as actorUsername',
    ])
    .where('l.entity', '=', 'assay')
    .where('l.entityId', '=', assayId)
    .orderBy('l.at')
    .orderBy('l.id')
    .execute();
}
