import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  type ImportApplyRequest,
  type ImportApplyResponse,
  type ImportPreviewRow,
} from '@ayar/contract';
import { personOf, type Actor } from '../../lib/actor.ts';
import { conflict, notFound, validation } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { loadTemplates } from '../assays/notices.service.ts';
import type { PacketDeps } from '../assays/packet-view.service.ts';
import { applyPurity, lockPackets, secondVerificationRequired } from '../assays/purity.service.ts';
import { recordResultVersion } from '../result-versions/result-versions.service.ts';
import * as repo from './imports.repository.ts';

/** The previewed rows chosen: each must be one the preview found applicable. */
function chosenRows(previewed: readonly ImportPreviewRow[], chosen: readonly number[]) {
  const byRow = new Map(previewed.map((r) => [r.row, r]));
  return [...new Set(chosen)].map((n) => {
    const r = byRow.get(n);
    if (!r || r.problem !== null || r.packetId === null || r.purity === null || r.docNumber === null)
      throw validation([{ field: 'rows', message: IMPORT_MSG.rowNotApplicable(n) }]);
    return { row: n, packetId: r.packetId, purity: r.purity, docNumber: r.docNumber };
  });
}

/**
 * `POST /Tests/ImportApply` (ADR 0059, "Apply"): the chosen rows of the lab's preview, all or none in
 * one transaction, each through `applyPurity` as a typed purity (the second verification, the SMS, the
 * signed version) with method `xrf` and the mapping's instrument. A packet that changed since the
 * preview (deleted, or given a purity) refuses the whole apply; each purity keeps its evidence row.
 */
export async function applyImport(
  deps: PacketDeps,
  actor: Actor,
  input: ImportApplyRequest,
): Promise<ImportApplyResponse> {
  const scope = workshopScope(actor.id);
  const person = personOf(actor);
  return deps.db.transaction().execute(async (trx) => {
    const found = await repo.lockImport(trx, scope, input.importId, IMPORT_LIMITS.keepHours);
    if (!found) throw notFound(IMPORT_MSG.importGone);
    if (found.appliedAt !== null) throw conflict(IMPORT_MSG.applied);
    const chosen = chosenRows(found.rows as ImportPreviewRow[], input.rows);
    const locked = new Map(
      (
        await lockPackets(
          trx,
          scope,
          chosen.map((c) => c.packetId),
        )
      ).map((r) => [r.id, r]),
    );
    for (const c of chosen) {
      const row = locked.get(c.packetId);
      if (!row || row.deletedAt !== null || row.purity !== null || row.pendingPurity !== null)
        throw conflict(IMPORT_MSG.changed(c.docNumber));
    }
    const settings = locked.values().next().value?.workshopSettings;
    const templates = await loadTemplates(trx, settings);
    const verify = await secondVerificationRequired(trx, settings);
    const measuredBy = { method: 'xrf' as const, instrument: found.instrument };
    let published = 0;
    for (const c of chosen) {
      const outcome = await applyPurity(trx, templates, actor, locked.get(c.packetId)!, c.purity, {
        verify,
        measuredBy,
      });
      if (outcome !== 'published') continue;
      published += 1;
      await recordResultVersion(trx, deps.resultSigner, {
        assayId: c.packetId,
        status: 'published',
        reason: null,
        changedBy: person,
      });
    }
    await repo.insertEvidence(
      trx,
      chosen.map((c) => ({
        assayId: c.packetId,
        importId: found.id,
        row: c.row,
        purity: c.purity,
        createdBy: person,
      })),
    );
    await repo.markApplied(trx, found.id);
    const answer = { recorded: chosen.length, published, pending: chosen.length - published };
    await writeAudit(trx, {
      actorId: person,
      action: 'import.apply',
      entity: 'assay_import',
      entityId: found.id,
      after: answer,
      ip: actor.ip,
    });
    return answer;
  });
}
