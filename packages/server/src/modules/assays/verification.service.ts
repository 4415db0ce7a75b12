import { ASSAY_MSG, type VerifyCuttingRequest, type VerifyCuttingResponse } from '@ayar/contract';
import { personOf } from '../../lib/actor.ts';
import { conflict, forbidden, notFound, validation } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { plainTransact, type Transact } from '../offline/offline.service.ts';
import { recordResultVersion } from '../result-versions/result-versions.service.ts';
import * as repo from './assays.repository.ts';
import { loadTemplates } from './notices.service.ts';
import type { Actor, PacketDeps } from './packet-view.service.ts';
import { publishPurity } from './purity.service.ts';

// The second pair of eyes (ADR 0050): a purity recorded while «تأیید دوم عیار» is on waits until
// someone other than its recorder accepts it (published now, with both people named and signed) or
// sends it back with a reason (the packet waits again; the assayer reads why).

/**
 * `POST /Tests/VerifyCutting`: each listed packet's waiting purity accepted or sent back, all or none.
 * Nobody verifies their own purity, whatever their roles.
 */
export async function verifyCutting(
  deps: PacketDeps,
  actor: Actor,
  list: VerifyCuttingRequest,
  transact: Transact = plainTransact(deps.db),
): Promise<VerifyCuttingResponse> {
  const ids = list.map((x) => x.id);
  if (new Set(ids).size !== ids.length)
    throw validation([{ field: 'list', message: ASSAY_MSG.listDuplicate }]);
  const person = personOf(actor);
  return transact(async (trx) => {
    const rows = new Map((await repo.lockAssays(trx, workshopScope(actor.id), ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.deletedAt !== null) throw notFound();
      if (row.pendingPurity === null) throw conflict(`${ASSAY_MSG.notPending} (بسته ${row.docNumber})`);
      if (row.pendingBy === person) throw forbidden(`${ASSAY_MSG.selfVerify} (بسته ${row.docNumber})`);
    }
    const templates = await loadTemplates(trx, rows.get(ids[0]!)?.workshopSettings);
    let verified = 0;
    let returned = 0;
    for (const { id, accept, reason } of list) {
      const row = rows.get(id)!;
      if (!accept) {
        await sendBack(trx, actor, row, reason ?? '');
        returned += 1;
        continue;
      }
      const purityBy = row.pendingBy ?? row.workshopId;
      // Published as it was measured (ADR 0059): the method waited with the purity.
      const measuredBy = { method: row.pendingMethod ?? 'typed', instrument: row.pendingInstrument };
      await publishPurity(
        trx,
        templates,
        actor,
        row,
        row.pendingPurity!,
        { purityBy, verifiedBy: person },
        measuredBy,
      );
      await recordResultVersion(trx, deps.resultSigner, {
        assayId: id,
        status: 'published',
        reason: row.pendingReason,
        changedBy: person,
      });
      verified += 1;
    }
    return { verified, returned };
  });
}

/** Sends a waiting purity back: it is cleared, and the verifier's reason is kept for the assayer. */
async function sendBack(trx: PacketDeps['db'], actor: Actor, row: repo.LockedAssay, reason: string) {
  const person = personOf(actor);
  await repo.setPurityPeople(
    trx,
    row.id,
    {
      pendingPurity: null,
      pendingBy: null,
      pendingReason: null,
      pendingMethod: null,
      pendingInstrument: null,
      returnedReason: reason,
      returnedBy: person,
    },
    { returnedAt: true },
  );
  await writeAudit(trx, {
    actorId: person,
    action: 'assay.purity.return',
    entity: 'assay',
    entityId: row.id,
    before: { pending: row.pendingPurity, pendingBy: row.pendingBy },
    after: { reason },
    ip: actor.ip,
  });
}
