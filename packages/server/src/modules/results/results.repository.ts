import { sql } from 'kysely';
import type { UserSettings } from '@ayar/contract';
import { CompiledOnce } from '../../db/compiled-query.ts';
import type { Database } from '../../db/database.ts';

/**
 * The lab's report settings the public item obeys (docs/product.md §3.2). Each is read in SQL, as true
 * only where the lab stored `true` (every one is off by default): the lookup needs five flags, not the
 * whole settings document parsed, camel-cased and validated on every request (ADR 0036).
 */
const reportFlag = <K extends keyof UserSettings>(key: K) =>
  sql<boolean>`((u.settings -> ${sql.lit(key)}) = 'true'::jsonb) is true`.as(key);

/**
 * One published packet as the public lookup needs it: the packet, its lab (name, reference code and
 * report settings), the customer's name (never a mobile), the type name, the range's serial, the
 * photo ids in order and its current signed version (status, time, reason, payload, JWS). Deleted
 * packets are never found. One indexed query (doc_number and public_token are unique; the version by
 * its primary key), the photo ids as an array from the assay_images primary key.
 */
function resultQuery(db: Database) {
  return db
    .selectFrom('assays as a')
    .innerJoin('users as u', 'u.id', 'a.workshopId')
    .leftJoin('resultVersions as v', (join) =>
      join.onRef('v.assayId', '=', 'a.id').onRef('v.version', '=', 'a.resultVersion'),
    )
    .leftJoin('customers as c', 'c.id', 'a.customerId')
    .leftJoin('testTypes as t', 't.id', 'a.testTypeId')
    .leftJoin('codeRanges as r', 'r.id', 'a.codeRangeId')
    .select([
      'a.id',
      'a.docNumber',
      'a.purity',
      'a.purityMethod',
      'a.purityInstrument',
      'a.readyTime',
      'a.createdAt',
      'a.sampleWeightMg',
      'a.goldWeightMg',
      'a.publicToken',
      'a.otherOwnerName',
      'a.deletedAt',
      'v.status as resultStatus',
      'a.resultVersion',
      'v.createdAt as resultAt',
      'v.reason as resultReason',
      'v.changedAt as resultChangedAt',
      'v.jws',
      // What the version signed: the item shows these values, not the live ones (ADR 0041).
      'v.payload as signedPayload',
      'c.name as customerName',
      't.name as typeName',
      'r.serialNo',
      'u.fName as labName',
      'u.rejeCode',
      reportFlag('showCustomerNameForReport'),
      reportFlag('showTypeForReport'),
      reportFlag('showWeightForReport'),
      reportFlag('showSampleWeightForReport'),
      reportFlag('showReadyTimeForReport'),
      sql<
        string[]
      >`array(select ai.file_id::text from assay_images ai where ai.assay_id = a.id order by ai.position, ai.file_id)`.as(
        'imageIds',
      ),
    ]);
}

function publicResultQuery(db: Database) {
  return resultQuery(db).where('a.deletedAt', 'is', null);
}

/** A packet as the public would see it, deleted ones included (a deletion is signed too). */
export function findAnyById(db: Database, id: string) {
  return resultQuery(db).where('a.id', '=', id).executeTakeFirst();
}

/**
 * The staff codes of the people behind a packet's purity (ADR 0050): the lab account is 1, a staff
 * member their own code; null where nobody is named. Read when signing, never by the lookup.
 */
export async function purityPeopleCodes(
  db: Database,
  id: string,
): Promise<{
  assayer: number | null;
  verifier: number | null;
  purityBy: string | null;
  verifiedBy: string | null;
}> {
  const code = (column: 'a.purity_by' | 'a.verified_by') =>
    sql<number | null>`(select case p.role when 'staff' then p.staff_code::int when 'workshop' then 1 end
      from users p where p.id = ${sql.ref(column)})`;
  const row = await db
    .selectFrom('assays as a')
    .select([
      code('a.purity_by').as('assayer'),
      code('a.verified_by').as('verifier'),
      'a.purityBy',
      'a.verifiedBy',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return {
    assayer: row?.assayer ?? null,
    verifier: row?.verifier ?? null,
    purityBy: row?.purityBy ?? null,
    verifiedBy: row?.verifiedBy ?? null,
  };
}

export type PublicResultRow = NonNullable<Awaited<ReturnType<typeof findByDocNumber>>>;

// The public lookup's two statements, compiled once: they are the network's hottest path.
const byDocNumber = new CompiledOnce([0] as [number], (db, docNumber) =>
  publicResultQuery(db).where('a.docNumber', '=', docNumber),
);
const byToken = new CompiledOnce([''] as [string], (db, token) =>
  publicResultQuery(db).where('a.publicToken', '=', token),
);

export function findByDocNumber(db: Database, docNumber: number) {
  return byDocNumber.first(db, docNumber);
}

/** The live packets with these numbers, for a partner's bulk lookup (ADR 0061). */
export function findByDocNumbers(db: Database, docNumbers: readonly number[]) {
  return publicResultQuery(db)
    .where('a.docNumber', 'in', [...docNumbers])
    .execute();
}

export function findByToken(db: Database, token: string) {
  return byToken.first(db, token);
}

/** A photo of a published (not deleted) packet, found only through that packet's token. */
export function findPacketPhoto(db: Database, token: string, fileId: string) {
  return db
    .selectFrom('assays as a')
    .innerJoin('assayImages as ai', 'ai.assayId', 'a.id')
    .innerJoin('files as f', 'f.id', 'ai.fileId')
    .select(['f.id', 'f.storageKey', 'f.thumbnailKey', 'f.mime', 'f.sizeBytes'])
    .where('a.publicToken', '=', token)
    .where('a.deletedAt', 'is', null)
    .where('ai.fileId', '=', fileId)
    .where('f.kind', '=', 'photo')
    .executeTakeFirst();
}
