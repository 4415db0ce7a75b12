import { sql } from 'kysely';
import { DIRECT_DELETE_MINUTES, PURITY_CORRECTION_MINUTES } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope, type WorkshopScope } from '../../lib/scope.ts';

// Packets one at a time: reading, locking, changing, their history. The lists are in
// assay-list.repository.ts, registering in registration.repository.ts.

// ————— Reading packets —————

const canUpdateSql = sql<boolean>`coalesce(a.purity_at > now() - make_interval(mins => ${PURITY_CORRECTION_MINUTES}), false) and a.deleted_at is null`;
// A purity waiting for its second person (ADR 0050) is a purity: the packet is no longer deleted directly.
const canDeleteSql = sql<boolean>`a.purity is null and a.pending_purity is null and a.deleted_at is null and a.created_at > now() - make_interval(mins => ${DIRECT_DELETE_MINUTES})`;

/** A person's full name by the id in a packet's column (ADR 0050); null when there is none. */
const personName = (column: 'a.created_by' | 'a.purity_by' | 'a.verified_by' | 'a.pending_by') =>
  sql<string | null>`(select p.full_name from users p where p.id = ${sql.ref(column)})`;

/**
 * A packet as the lists and the detail show it: its lab, customer, type, range, photos and current
 * signed version (joined by the versions' primary key; the lists join only their page's rows).
 */
export function selectAssays(db: Database) {
  return db
    .selectFrom('assays as a')
    .innerJoin('users as u', 'u.id', 'a.workshopId')
    .leftJoin('customers as c', 'c.id', 'a.customerId')
    .leftJoin('testTypes as t', 't.id', 'a.testTypeId')
    .leftJoin('codeRanges as r', 'r.id', 'a.codeRangeId')
    .leftJoin('resultVersions as v', (join) =>
      join.onRef('v.assayId', '=', 'a.id').onRef('v.version', '=', 'a.resultVersion'),
    )
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
      'v.version as resultVersion',
      'v.createdAt as resultAt',
      'v.status as resultStatus',
      // Who registered, recorded, verified and has a purity waiting (ADR 0050), by their names. Scalar
      // subqueries, not joins: past eight joined tables (join_collapse_limit) PostgreSQL stops
      // reordering them and joined every packet before the page's 100 (1.2 s, not ms: bench/lookup.ts).
      personName('a.created_by').as('registeredBy'),
      personName('a.purity_by').as('purityBy'),
      personName('a.verified_by').as('verifiedBy'),
      personName('a.pending_by').as('pendingBy'),
      'a.pendingPurity',
      'a.pendingBy as pendingById',
      'a.pendingReason',
      'a.returnedReason',
      'a.purityMethod',
      'a.purityInstrument',
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

/** One packet of the scope (a workshop's own, or any for the admin), deleted ones included. */
export function findAssay(db: Database, scope: Scope, id: string) {
  return selectAssays(db)
    .where('a.id', '=', id)
    .where((eb) => inScope(eb, 'a.workshopId', scope))
    .executeTakeFirst();
}

/**
 * Locks packets of the scope (a workshop's own, or any for the admin) for a change, with the flags the
 * rules need computed by the database clock, and what a notification needs.
 */
export function lockAssays(db: Database, scope: Scope, ids: readonly string[]) {
  return db
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
      'a.pendingPurity',
      'a.pendingBy',
      'a.pendingReason',
      'a.pendingMethod',
      'a.pendingInstrument',
      'c.mobile1 as customerMobile',
      sql<string | null>`c.settings::text`.as('customerSettings'),
      'u.fName as labName',
      'u.settings as workshopSettings',
      canUpdateSql.as('canUpdate'),
      canDeleteSql.as('canDelete'),
    ])
    .where('a.id', 'in', ids)
    .where((eb) => inScope(eb, 'a.workshopId', scope))
    .forUpdate('a')
    .execute();
}
export type LockedAssay = Awaited<ReturnType<typeof lockAssays>>[number];

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

/** The purity's people and the second verification's state (ADR 0050). */
export interface PurityPeopleChanges {
  purityBy?: string | null;
  verifiedBy?: string | null;
  pendingPurity?: number | null;
  pendingBy?: string | null;
  pendingReason?: string | null;
  returnedReason?: string | null;
  returnedBy?: string | null;
  /** How the published purity, or the one waiting, was measured (ADR 0059). */
  purityMethod?: 'typed' | 'xrf' | 'fire' | null;
  purityInstrument?: string | null;
  pendingMethod?: 'typed' | 'xrf' | 'fire' | null;
  pendingInstrument?: string | null;
}

/** A purity waiting for its second person, or none: its time and the returned fields by the clock. */
export async function setPurityPeople(
  db: Database,
  id: string,
  changes: PurityPeopleChanges,
  clock: { pendingAt?: boolean; returnedAt?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('assays')
    .set({
      ...changes,
      pendingAt: clock.pendingAt ? sql<Date>`now()` : changes.pendingPurity === null ? null : undefined,
      returnedAt: clock.returnedAt ? sql<Date>`now()` : changes.returnedReason === null ? null : undefined,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Applies changes to a packet the caller has locked; the purity timestamps come from the database
 * clock when `true` is passed.
 */
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

/** A live customer of the packet's workshop, with what the fee and notifications need. */
export function isLiveCustomer(db: Database, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'mobile1', sql<string | null>`settings::text`.as('settings')])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deletedAt', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ————— History —————

/** The audit rows of a packet the caller has found, oldest first, with who made each. */
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
