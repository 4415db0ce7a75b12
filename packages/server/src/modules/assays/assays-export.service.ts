import type { LabListQuery, ManageLabListQuery } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { adminFilter, workshopScope, type Scope } from '../../lib/scope.ts';
import {
  listAssays,
  listAssaysAfter,
  type AssayCursor,
  type AssayExportRow,
  type AssayFilter,
} from './assay-list.repository.ts';

// The lab lists as files (ADR 0055): the same filters, scope and order as the screens' lists
// (lists.service.ts), every matching packet in batches rather than one page.

/** A packet as an export writes it: the `EXPORTS.tests` / `manageTests` columns by key. */
export type PacketExportRow = {
  docNumber: number;
  customerName: string;
  customerCode: number | null;
  typeName: string | null;
  cutting: number | null;
  state: string;
  weight: number | null;
  sampleWeight: number | null;
  feeToman: number;
  feeGold: number;
  readyTime: number | null;
  date: Date;
  purityAt: Date | null;
  registeredBy: string | null;
  purityBy: string | null;
  verifiedBy: string | null;
  forDelete: boolean;
  desc: string | null;
  labName: string;
  customerMobile: string | null;
};

/** What an export reads: how many packets, then the packets a batch at a time. */
export interface PacketBatches {
  total: number;
  batches: AsyncGenerator<PacketExportRow[]>;
}

/** Where a packet stands, in the lab's words (docs/glossary.md; the lists' badges, lists.service.ts). */
function packetState(row: AssayExportRow): string {
  if (row.resultStatus === 'withdrawn') return 'باطل شده';
  if (row.pendingPurity !== null) return 'در انتظار تأیید';
  if (row.purity === null) return 'در انتظار عیار';
  return 'عیار ثبت شده';
}

const grams = (mg: number | null) => (mg === null ? null : mg / 1000);

/** The list row's fields (packet-view.service.ts `toRow`), only those a file shows. */
function toExportRow(row: AssayExportRow, showMobile: boolean): PacketExportRow {
  const other = row.customerId === null;
  return {
    docNumber: row.docNumber,
    customerName: row.customerName ?? row.otherOwnerName ?? '',
    customerCode: row.customerCode ?? null,
    typeName: row.typeName ?? null,
    cutting: row.purity,
    state: packetState(row),
    weight: grams(row.goldWeightMg),
    sampleWeight: grams(row.sampleWeightMg),
    feeToman: row.feeToman,
    feeGold: row.feeGoldMg / 1000,
    readyTime: row.readyTime,
    date: row.createdAt,
    purityAt: row.purityAt,
    registeredBy: row.registeredBy,
    purityBy: row.purity === null ? null : row.purityBy,
    verifiedBy: row.purity === null ? null : row.verifiedBy,
    forDelete: row.deleteRequestedAt !== null,
    desc: row.description,
    labName: row.labName,
    customerMobile: showMobile ? (other ? row.otherOwnerMobile : (row.customerMobile ?? null)) : null,
  };
}

async function* batchesOf(
  db: Database,
  scope: Scope,
  filter: AssayFilter,
  batchSize: number,
  showMobile: boolean,
): AsyncGenerator<PacketExportRow[]> {
  const read = (cursor: AssayCursor | null) => {
    const batch = listAssaysAfter(db, scope, filter, cursor, batchSize);
    // Read ahead while the previous batch is written; a file abandoned mid-way leaves it unawaited.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = read(null);
  for (;;) {
    const { rows, next } = await pending;
    if (next) pending = read(next);
    if (rows.length > 0) yield rows.map((r) => toExportRow(r, showMobile));
    if (!next) return;
  }
}

async function open(
  db: Database,
  scope: Scope,
  filter: AssayFilter,
  batchSize: number,
  showMobile: boolean,
): Promise<PacketBatches> {
  // The list's own count (day counts, name counts or a count: ADR 0037), as its screen shows it.
  const { total } = await listAssays(db, scope, filter, { pageNumber: 1, pageSize: 1 });
  return { total, batches: batchesOf(db, scope, filter, batchSize, showMobile) };
}

/** The workshop's packets (`Tests/AllTests` filters), with its customers' mobiles. */
export function exportTests(
  db: Database,
  workshopId: string,
  query: Omit<LabListQuery, 'pageNumber' | 'pageSize'>,
  batchSize: number,
): Promise<PacketBatches> {
  return open(db, workshopScope(workshopId), query, batchSize, true);
}

/** Every lab's packets or one lab's (`Manage/AllTests` filters), without mobiles. */
export function exportManageTests(
  db: Database,
  query: Omit<ManageLabListQuery, 'pageNumber' | 'pageSize'>,
  batchSize: number,
): Promise<PacketBatches> {
  return open(db, adminFilter(query.tester), query, batchSize, false);
}
