import {
  ASSAY_AUDIT_ACTIONS,
  type LabListQuery,
  type LabListRow,
  type ManageLabListQuery,
  type Paged,
  type TestHistoryItem,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { ADMIN_SCOPE, adminFilter, workshopScope } from '../../lib/scope.ts';
import { listAssays } from './assay-list.repository.ts';
import * as repo from './assays.repository.ts';
import { toRow } from './packet-view.service.ts';

// Reading packets: the lab lists, one packet, a packet's history.

export async function listTests(
  db: Database,
  workshopId: string,
  query: LabListQuery,
): Promise<Paged<LabListRow>> {
  const { rows, total } = await listAssays(db, workshopScope(workshopId), query, query);
  return {
    list: rows.map((r) => toRow(r, { showMobile: true })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/** The admin's list: every lab's packets, or one lab's (`tester`); no customer mobiles. */
export async function manageListTests(db: Database, query: ManageLabListQuery): Promise<Paged<LabListRow>> {
  const { rows, total } = await listAssays(db, adminFilter(query.tester), query, query);
  return {
    list: rows.map((r) => toRow(r, { showMobile: false })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function getTest(db: Database, workshopId: string, id: string): Promise<LabListRow> {
  const row = await repo.findAssay(db, workshopScope(workshopId), id);
  if (!row || row.deletedAt !== null) throw notFound();
  return toRow(row, { showMobile: true });
}

export async function manageGetTest(db: Database, id: string): Promise<LabListRow> {
  const row = await repo.findAssay(db, ADMIN_SCOPE, id);
  if (!row) throw notFound();
  return toRow(row, { showMobile: true });
}

export async function testHistory(db: Database, id: string): Promise<{ list: TestHistoryItem[] }> {
  const exists = await repo.findAssay(db, ADMIN_SCOPE, id);
  if (!exists) throw notFound();
  const rows = await repo.assayHistory(db, id);
  return {
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName:
        r.actorRole === 'workshop' ? (r.actorLabName ?? null) : r.actorFullName || r.actorUsername || null,
      action: r.action,
      actionLabel: ASSAY_AUDIT_ACTIONS[r.action as keyof typeof ASSAY_AUDIT_ACTIONS] ?? r.action,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  };
}
