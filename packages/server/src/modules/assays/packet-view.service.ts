import type { ResultSigner } from '../signing/signer.lib.ts';
import type { Database } from '../../db/database.ts';
import {
  OTHER_CUSTOMER_ID,
  ROUTE_PATHS,
  TEST_TYPES,
  fileAddress,
  hasRole,
  type LabListRow,
} from '@ayar/contract';
import type { AssayRow } from './assays.repository.ts';
import type { Actor } from '../../lib/actor.ts';

// What every part of the packets' service shares: who acts, units, the fee, the API's row and the
// audit snapshot of a packet.

export type { Actor } from '../../lib/actor.ts';

/** Whether the actor may record or change a purity: whoever may call AddCutting (ADR 0049). */
export function mayRecordPurity(actor: Actor): boolean {
  return actor.roles === undefined || hasRole(actor.roles, ROUTE_PATHS.tests.addCutting.roles);
}

/** What the packet services work with: the database, and the key every result change is signed with. */
export interface PacketDeps {
  db: Database;
  resultSigner: ResultSigner;
}

export const TEST_TYPE_NAMES = new Map<string, string>(TEST_TYPES.map((t) => [t.id, t.name]));

export const gramsToMg = (grams: number | null): number | null =>
  grams === null ? null : Math.round(grams * 1000);
const mgToGrams = (mg: number | null): number | null => (mg === null ? null : mg / 1000);

/** The fee of a packet (docs/product.md §5.7): toman, or a percent of the gold weight in gold. */
export function fee(
  vageType: 0 | 1,
  vage: number,
  goldWeightMg: number | null,
): { feeToman: number; feeGoldMg: number } {
  if (vageType === 1) return { feeToman: Math.round(vage), feeGoldMg: 0 };
  return { feeToman: 0, feeGoldMg: Math.round(((goldWeightMg ?? 0) * vage) / 100) };
}

/** The fee rate back from a stored packet: toman, or the percent (two decimals). */
function vageOf(row: {
  feeType: 0 | 1;
  feeToman: number;
  feeGoldMg: number;
  goldWeightMg: number | null;
}): number {
  if (row.feeType === 1) return row.feeToman;
  if (!row.goldWeightMg) return 0;
  return Math.round((row.feeGoldMg * 10_000) / row.goldWeightMg) / 100;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * Where the packet's public result stands, for the lab's and admin's screens (the slip prints it):
 * withdrawn when its current version says so; published while it has a purity the public sees (signed,
 * or from before versions existed); else null (waiting, or deleted).
 */
function resultStatusOf(row: AssayRow): LabListRow['resultStatus'] {
  if (row.deletedAt !== null) return null;
  if (row.resultStatus === 'withdrawn') return 'withdrawn';
  return row.purity === null ? null : 'published';
}

/** A packet as the lab lists and the detail answer it; mobiles only where `showMobile` says. */
export function toRow(row: AssayRow, opts: { showMobile: boolean }): LabListRow {
  const other = row.customerId === null;
  return {
    id: row.id,
    customerId: row.customerId ?? OTHER_CUSTOMER_ID,
    customerName: row.customerName ?? row.otherOwnerName ?? '',
    customerCode: row.customerCode ?? null,
    type: row.testTypeId,
    typeName: row.typeName ?? null,
    docNumber: row.docNumber,
    cutting: row.purity,
    title: row.title,
    titleName: row.title ? 'بسته' : 'انگ',
    weight: mgToGrams(row.goldWeightMg),
    readyTime: row.readyTime,
    sendSMS: row.sendSms,
    sendCall: row.sendCall,
    displayType: row.displayType,
    desc: row.description,
    sampleWeight: mgToGrams(row.sampleWeightMg),
    vage: vageOf(row),
    vageType: row.feeType,
    feeToman: row.feeToman,
    feeGold: row.feeGoldMg / 1000,
    customerMobile: opts.showMobile ? (other ? row.otherOwnerMobile : (row.customerMobile ?? null)) : null,
    testFullName: row.otherOwnerName,
    testMobile: opts.showMobile ? row.otherOwnerMobile : null,
    waitFor: row.purity === null && row.deletedAt === null,
    canUpdate: row.canUpdate,
    canDelete: row.canDelete,
    date: row.createdAt.toISOString(),
    purityAt: iso(row.purityAt),
    resultVersion: row.resultVersion,
    resultAt: iso(row.resultAt),
    resultStatus: resultStatusOf(row),
    platform: row.platform,
    userId: row.workshopId,
    labName: row.labName,
    userFullName: row.userFullName,
    serialNo: row.serialNo ?? null,
    forDelete: row.deleteRequestedAt !== null && row.deletedAt === null,
    forDeleteDate: iso(row.deleteRequestedAt),
    deleteDecline:
      row.deleteDeclinedAt && row.deletedAt === null
        ? { at: row.deleteDeclinedAt.toISOString(), reason: row.deleteDeclineReason ?? '' }
        : null,
    deleted: row.deletedAt !== null,
    deletedAt: iso(row.deletedAt),
    publicToken: row.publicToken,
    images: row.imageIds.map(fileAddress),
    registeredBy: row.registeredBy,
    purityBy: row.purity === null ? null : row.purityBy,
    verifiedBy: row.purity === null ? null : row.verifiedBy,
    pendingCutting: row.pendingPurity,
    pendingBy: row.pendingPurity === null ? null : row.pendingBy,
    pendingById: row.pendingPurity === null ? null : row.pendingById,
    pendingReason: row.pendingPurity === null ? null : row.pendingReason,
    returnedReason: row.returnedReason,
    purityMethod: row.purity === null ? null : (row.purityMethod ?? 'typed'),
    purityInstrument: row.purity === null ? null : row.purityInstrument,
  };
}

/** What the audit log keeps of a packet: the fields whose changes matter. */
export function auditSnapshot(row: {
  customerId?: string | null;
  otherOwnerName?: string | null;
  otherOwnerMobile?: string | null;
  testTypeId?: string | null;
  docNumber?: number;
  purity?: number | null;
  readyTime?: number | null;
  sampleWeightMg?: number | null;
  goldWeightMg?: number | null;
  feeToman?: number;
  feeGoldMg?: number;
  description?: string | null;
}) {
  return {
    customerId: row.customerId,
    otherOwnerName: row.otherOwnerName,
    otherOwnerMobile: row.otherOwnerMobile,
    testTypeId: row.testTypeId,
    docNumber: row.docNumber,
    purity: row.purity,
    readyTime: row.readyTime,
    sampleWeightMg: row.sampleWeightMg,
    goldWeightMg: row.goldWeightMg,
    feeToman: row.feeToman,
    feeGoldMg: row.feeGoldMg,
    description: row.description,
  };
}
