import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ResultVersionsTable } from '../../db/schema.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

export type ResultStatus = ResultVersionsTable['status'];

/** The packet's newest version, if any; its row is locked until the transaction ends. */
export function latestVersion(db: Database, assayId: string) {
  return db
    .selectFrom('resultVersions')
    .select(['version', 'status', 'payload', 'jws', 'reason', 'changedAt', 'createdAt'])
    .where('assayId', '=', assayId)
    .orderBy('version', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertVersion(
  db: Database,
  row: {
    assayId: string;
    version: number;
    status: ResultStatus;
    purity: number | null;
    payload: string;
    jws: string;
    reason: string | null;
    changedBy: string | null;
    /** The payload's `publishedAt`, so the version's time is the one it was signed with. */
    createdAt: Date;
    /** Its entry in the status lists (v2, ADR 0041). */
    statusIdx: number;
    /** When the result was last corrected as the public reads it, or null (ADR 0041). */
    changedAt: Date | null;
    /** The people of this version's purity (ADR 0050). */
    purityBy: string | null;
    verifiedBy: string | null;
  },
): Promise<void> {
  await db.insertInto('resultVersions').values(row).execute();
  await db.updateTable('assays').set({ resultVersion: row.version }).where('id', '=', row.assayId).execute();
}

/**
 * The next global status list index (ADR 0041): a sequence, so concurrent publications never share
 * one; a transaction that rolls back leaves a gap, which reads as VALID (an unassigned entry).
 */
export async function nextStatusIndex(db: Database): Promise<number> {
  const row = await db
    .selectNoFrom(sql<number>`nextval('result_status_idx_seq')`.as('idx'))
    .executeTakeFirstOrThrow();
  return Number(row.idx);
}

/**
 * The packet as its history's reader may see it: a workshop its own live packet, the administrator any
 * packet, deleted ones included (as GetTest and Manage/GetTest do).
 */
function visiblePacket(db: Database, scope: Scope, assayId: string) {
  return db
    .selectFrom('assays as a')
    .where('a.id', '=', assayId)
    .where((eb) => inScope(eb, 'a.workshopId', scope))
    .$if(scope.kind === 'workshop', (q) => q.where('a.deletedAt', 'is', null));
}

export async function packetVisible(db: Database, scope: Scope, assayId: string): Promise<boolean> {
  return !!(await visiblePacket(db, scope, assayId).select('a.id').executeTakeFirst());
}

/** Every version of one packet in the scope, oldest first, with who made it. */
export function listVersions(db: Database, scope: Scope, assayId: string) {
  return visiblePacket(db, scope, assayId)
    .innerJoin('resultVersions as v', 'v.assayId', 'a.id')
    .leftJoin('users as u', 'u.id', 'v.changedBy')
    .select([
      'v.version',
      'v.status',
      'v.purity',
      'v.reason',
      'v.createdAt',
      'v.jws',
      'u.role as changedByRole',
      'u.fName as changedByName',
    ])
    .orderBy('v.version')
    .execute();
}

/** The live (not deleted) packet with this number and its current version, for checking a slip. */
export function currentForSlip(db: Database, docNumber: number) {
  return db
    .selectFrom('assays as a')
    .leftJoin('resultVersions as v', (join) =>
      join.onRef('v.assayId', '=', 'a.id').onRef('v.version', '=', 'a.resultVersion'),
    )
    .select([
      'a.purity as assayPurity',
      'v.version',
      'v.status',
      'v.purity as versionPurity',
      'v.createdAt as at',
      'v.changedAt',
      'v.reason',
    ])
    .where('a.docNumber', '=', docNumber)
    .where('a.deletedAt', 'is', null)
    .executeTakeFirst();
}
