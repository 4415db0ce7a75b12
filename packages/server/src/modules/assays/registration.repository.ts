import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, type WorkshopScope } from '../../lib/scope.ts';

// Registering packets (`Tests/GetCode`, `CheckCode`, `AddTest`): the workshop's ranges and numbers,
// its customers and photos, the insert.

export interface RangeForUpdate {
  id: string;
  fromCode: number;
  toCode: number;
  nextCode: number;
}

function workshopRangesQuery(db: Database, scope: WorkshopScope) {
  return db
    .selectFrom('codeRanges')
    .select(['id', 'fromCode', 'toCode', 'nextCode'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('fromCode');
}

/** The workshop's ranges, locked: concurrent registrations of one workshop run one after another. */
export function lockWorkshopRanges(db: Database, scope: WorkshopScope): Promise<RangeForUpdate[]> {
  return workshopRangesQuery(db, scope).forUpdate().execute();
}

export function workshopRanges(db: Database, scope: WorkshopScope): Promise<RangeForUpdate[]> {
  return workshopRangesQuery(db, scope).execute();
}

/** The lowest range's next number that is still inside its range. */
export async function nextFreeCode(db: Database, scope: WorkshopScope): Promise<number | null> {
  const row = await db
    .selectFrom('codeRanges')
    .select('nextCode')
    .where((eb) => inScope(eb, 'workshopId', scope))
    .whereRef('nextCode', '<=', 'toCode')
    .orderBy('fromCode')
    .limit(1)
    .executeTakeFirst();
  return row?.nextCode ?? null;
}

/** Moves a range (locked by the caller) past the numbers just registered. */
export async function raiseNextCode(db: Database, rangeId: string, next: number): Promise<void> {
  await db
    .updateTable('codeRanges')
    .set({ nextCode: sql<number>`greatest(next_code, ${next})` })
    .where('id', '=', rangeId)
    .execute();
}

/**
 * Which of these numbers a packet already has (deleted packets included: numbers are never reused).
 * Network-wide on purpose: a number names one packet in the whole network.
 */
export async function usedNumbers(db: Database, numbers: readonly number[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db.selectFrom('assays').select('docNumber').where('docNumber', 'in', numbers).execute();
  return rows.map((r) => r.docNumber);
}

/** The workshop's own user row: its status, name and settings. */
export function findWorkshop(db: Database, workshopId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'fName', 'settings'])
    .where('id', '=', workshopId)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
}

/** The workshop's live customers among these ids, with what the fee and notifications need. */
export function findCustomers(db: Database, scope: WorkshopScope, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'mobile1', sql<string | null>`settings::text`.as('settings')])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deletedAt', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** The workshop's photos among these file ids (a file's owner is the user who uploaded it). */
export async function ownPhotos(
  db: Database,
  scope: WorkshopScope,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('kind', '=', 'photo')
    .where((eb) => inScope(eb, 'ownerId', scope))
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
  /** Who recorded a purity given with the packet, or the one waiting for verification (ADR 0050). */
  purityBy: string | null;
  pendingPurity: number | null;
  pendingBy: string | null;
  pendingAt: Date | null;
  /** A purity given with the packet is typed (ADR 0059). */
  purityMethod: 'typed' | null;
  pendingMethod: 'typed' | null;
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
