import type { Database } from '../../db/database.ts';
import type { ResultVersionsTable } from '../../db/schema.ts';

export type ResultStatus = ResultVersionsTable['status'];

/** The packet's newest version, if any; its row is locked until the transaction ends. */
export function latestVersion(db: Database, assayId: string) {
  return db
    .selectFrom('resultVersions')
    .select(['version', 'status', 'payload', 'jws', 'createdAt'])
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
  },
): Promise<void> {
  await db.insertInto('resultVersions').values(row).execute();
  await db.updateTable('assays').set({ resultVersion: row.version }).where('id', '=', row.assayId).execute();
}

/** Every version of one packet, oldest first, with who made it (labs and admins see the history). */
export function listVersions(db: Database, assayId: string) {
  return db
    .selectFrom('resultVersions as v')
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
    .where('v.assayId', '=', assayId)
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
      'v.reason',
    ])
    .where('a.docNumber', '=', docNumber)
    .where('a.deletedAt', 'is', null)
    .executeTakeFirst();
}
