import { ASSAY_MSG, type AddCuttingRequest } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { workshopScope, type Scope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './assays.repository.ts';
import { loadTemplates, notify, type Templates } from './notices.service.ts';
import type { Actor, PacketDeps } from './packet-view.service.ts';
import { plainTransact, type Transact } from '../offline/offline.service.ts';
import { recordResultVersion } from '../result-versions/result-versions.service.ts';
import { personOf } from '../../lib/actor.ts';

// Purities: a locked packet's first purity or a correction, and `Tests/AddCutting` for several at once.

/** One live packet of the scope, locked for a change; 404 when it is missing, deleted or not the scope's. */
export async function lockOne(trx: Database, scope: Scope, id: string): Promise<repo.LockedAssay> {
  const [row] = await repo.lockAssays(trx, scope, [id]);
  if (!row || row.deletedAt !== null) throw notFound();
  return row;
}

/** Who is told about a packet: its customer's mobile, or the other owner's. */
export const recipient = (row: repo.LockedAssay) =>
  row.customerId === null ? row.otherOwnerMobile : row.customerMobile;

/**
 * Records or corrects a purity on a locked packet: the first purity sets purity_at, a different one
 * sets purity_updated_at; either queues the ready message once and writes the audit log. The same
 * value again changes nothing.
 */
export async function applyPurity(
  trx: Database,
  templates: Templates,
  actor: Actor,
  row: repo.LockedAssay,
  purity: number,
): Promise<boolean> {
  if (row.purity === purity) return false;
  const first = row.purity === null;
  await repo.updateAssay(trx, row.id, { purity }, first ? { purityAt: true } : { purityUpdatedAt: true });
  await notify(trx, templates, {
    id: row.id,
    workshopId: row.workshopId,
    docNumber: row.docNumber,
    purity,
    readyTime: row.readyTime,
    testTypeId: row.testTypeId,
    firstPurity: first,
    sendSms: row.sendSms,
    sendCall: row.sendCall,
    to: recipient(row),
    labName: row.labName,
  });
  await writeAudit(trx, {
    actorId: personOf(actor),
    action: first ? 'assay.purity' : 'assay.purity.correct',
    entity: 'assay',
    entityId: row.id,
    before: { purity: row.purity },
    after: { purity },
    ip: actor.ip,
  });
  return true;
}

export const purityLocked = (n: number) =>
  new AppError(400, 'BUSINESS_RULE', `${ASSAY_MSG.purityLocked} (بسته ${n})`, [
    { field: 'cutting', message: ASSAY_MSG.purityLocked },
  ]);

/**
 * `POST /Tests/AddCutting`: purities of several packets in one call, all or none; a correction of a
 * published purity (in its window) with its reason (ADR 0029). `transact` is an idempotency key's
 * transaction (ADR 0033), a plain one by default.
 */
export async function addCutting(
  deps: PacketDeps,
  actor: Actor,
  list: AddCuttingRequest,
  transact: Transact = plainTransact(deps.db),
): Promise<{ updated: number }> {
  const ids = list.map((x) => x.id);
  if (new Set(ids).size !== ids.length)
    throw validation([{ field: 'list', message: 'هر بسته فقط یک بار در فهرست بیاید' }]);
  return transact(async (trx) => {
    const rows = new Map((await repo.lockAssays(trx, workshopScope(actor.id), ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.deletedAt !== null) throw notFound();
      if (row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);
    }
    const templates = await loadTemplates(trx, rows.get(ids[0]!)?.workshopSettings);
    let updated = 0;
    for (const [i, { id, cutting, reason }] of list.entries()) {
      if (!(await applyPurity(trx, templates, actor, rows.get(id)!, cutting))) continue;
      updated += 1;
      // A correction of a published purity needs its own reason, named by its place in the list.
      await recordResultVersion(trx, deps.resultSigner, {
        assayId: id,
        status: 'published',
        reason: reason ?? null,
        changedBy: personOf(actor),
        reasonField: `${i}.reason`,
      });
    }
    return { updated };
  });
}
