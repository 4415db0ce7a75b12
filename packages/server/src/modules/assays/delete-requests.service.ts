import {
  ASSAY_MSG,
  DELETE_DECLINE_ACTION,
  DELETE_REQUEST_MSG,
  type DeclineDeleteRequest,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, notFound } from '../../lib/errors.ts';
import { ADMIN_SCOPE, workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './assays.repository.ts';
import { lockOne, type Actor } from './assays.service.ts';
import type { PacketDeps } from './packet-view.service.ts';
import { recordResultVersion } from '../result-versions/result-versions.service.ts';
import * as deletes from './delete-requests.repository.ts';
import { personOf } from '../../lib/actor.ts';

// Deleting packets (ADR 0012): a lab deletes a fresh mistake itself, otherwise it asks and the admin
// deletes the packet or declines the request with a reason the lab reads (ADR 0025).

async function deleteLocked(trx: Database, actor: Actor, row: repo.LockedAssay): Promise<void> {
  await deletes.softDelete(trx, row.id, personOf(actor));
  await writeAudit(trx, {
    actorId: personOf(actor),
    action: 'assay.delete',
    entity: 'assay',
    entityId: row.id,
    before: { deletedAt: null, deleteRequestedAt: row.deleteRequestedAt?.toISOString() ?? null },
    after: { deleted: true },
    ip: actor.ip,
  });
}

/** `POST /Tests/DeleteTest`: only a packet without purity registered less than 15 minutes ago. */
export async function deleteTest(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockOne(trx, workshopScope(actor.id), id);
    if (!row.canDelete) throw businessRule(ASSAY_MSG.deleteWindowPassed);
    await deleteLocked(trx, actor, row);
  });
}

/**
 * `POST /Tests/RequestToDeleteTest`: marks the packet for the admin; asking twice changes nothing.
 * After a decline the lab may ask again: that is a new request, and the decline's note goes.
 */
export async function requestDelete(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockOne(trx, workshopScope(actor.id), id);
    if (row.deleteRequestedAt !== null) return;
    await deletes.markDeleteRequested(trx, row.id, personOf(actor));
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'assay.delete.request',
      entity: 'assay',
      entityId: row.id,
      before: { deleteRequestedAt: null },
      after: { deleteRequested: true },
      ip: actor.ip,
    });
  });
}

/** `POST /Manage/DeleteTest`: the admin deletes any live packet (and so decides a delete request). */
export async function manageDeleteTest(deps: PacketDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const [row] = await repo.lockAssays(trx, ADMIN_SCOPE, [id]);
    if (!row) throw notFound();
    if (row.deletedAt !== null) throw businessRule(ASSAY_MSG.alreadyDeleted);
    await deleteLocked(trx, actor, row);
    // A published result that is deleted says so, signed, to whoever checks an old slip (ADR 0029).
    await recordResultVersion(trx, deps.resultSigner, {
      assayId: row.id,
      status: 'deleted',
      reason: null,
      changedBy: personOf(actor),
    });
  });
}

/**
 * `POST /Manage/DeclineDeleteTest`: the packet stays and leaves the request list; the reason goes on
 * the packet for the lab and into its history with who declined. Only a pending request can be
 * declined, so of two admins answering at once the second is told it was decided already.
 */
export async function declineDelete(db: Database, actor: Actor, input: DeclineDeleteRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [row] = await repo.lockAssays(trx, ADMIN_SCOPE, [input.id]);
    if (!row) throw notFound();
    if (row.deletedAt !== null) throw businessRule(ASSAY_MSG.alreadyDeleted);
    if (row.deleteRequestedAt === null) throw businessRule(DELETE_REQUEST_MSG.noRequest);
    await deletes.declineRequest(trx, row.id, actor.id, input.reason);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: DELETE_DECLINE_ACTION,
      entity: 'assay',
      entityId: row.id,
      before: { deleteRequested: true },
      after: { deleteRequested: false, reason: input.reason },
      ip: actor.ip,
    });
  });
}

/** `POST /Manage/RemoveTest`: soft-deletes every packet registered before that Tehran day. */
export async function removeTests(
  db: Database,
  actor: Actor,
  startDate: string,
): Promise<{ removed: number }> {
  return db.transaction().execute(async (trx) => {
    const removed = await deletes.removeBefore(trx, ADMIN_SCOPE, startDate, actor.id);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'assay.remove',
      entity: 'assays',
      entityId: null,
      after: { startDate, removed },
      ip: actor.ip,
    });
    return { removed };
  });
}
