import {
  fireOutcome,
  type AddFireAssayRequest,
  type AddFireAssayResponse,
  type PurityHistoryResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { personOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import { plainTransact, type Transact } from '../offline/offline.service.ts';
import { reasonMissing, recordResultVersion } from '../result-versions/result-versions.service.ts';
import * as fireRepo from './fire.repository.ts';
import { loadTemplates } from './notices.service.ts';
import type { Actor, PacketDeps } from './packet-view.service.ts';
import { applyPurity, lockOne, purityLocked, secondVerificationRequired } from './purity.service.ts';

/**
 * `POST /Tests/AddFireAssay` (ADR 0059): two determinations and an optional proof for one of the lab's
 * packets. The pair is always kept. Within the lab's tolerance its rule's purity is recorded as
 * `AddCutting` records one (the correction window, the reason, the second verification, the SMS, the
 * signed version), with method `fire`; outside it nothing on the packet changes and a repeat is asked.
 */
export async function addFireAssay(
  deps: PacketDeps,
  actor: Actor,
  input: AddFireAssayRequest,
  transact: Transact = plainTransact(deps.db),
): Promise<AddFireAssayResponse> {
  return transact(async (trx) => {
    const row = await lockOne(trx, workshopScope(actor.id), input.id);
    const settings = effectiveSettings(row.workshopSettings);
    const rule = { tolerance: settings.fireTolerance, rule: settings.fireRule };
    const { difference, purity } = fireOutcome(input.first, input.second, rule);
    const person = personOf(actor);
    // A repeat changes no purity, so it is not bound by the correction window; a reported one is.
    if (purity !== null && row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);
    await fireRepo.insertFireAssay(trx, {
      assayId: row.id,
      first: input.first,
      second: input.second,
      proofTenths: input.proof == null ? null : Math.round(input.proof * 10),
      tolerance: rule.tolerance,
      rule: rule.rule,
      purity,
      createdBy: person,
    });
    await writeAudit(trx, {
      actorId: person,
      action: purity === null ? 'assay.fire.repeat' : 'assay.fire',
      entity: 'assay',
      entityId: row.id,
      before: { purity: row.purity },
      after: { first: input.first, second: input.second, proof: input.proof ?? null, ...rule, purity },
      ip: actor.ip,
    });
    const answer = { purity, difference, tolerance: rule.tolerance, rule: rule.rule };
    if (purity === null) return { outcome: 'repeat' as const, ...answer };

    const templates = await loadTemplates(trx, row.workshopSettings);
    const verify = await secondVerificationRequired(trx, row.workshopSettings);
    const outcome = await applyPurity(trx, templates, actor, row, purity, {
      verify,
      reason: input.reason ?? null,
      measuredBy: { method: 'fire', instrument: null },
    });
    if (outcome === 'pending' && row.purity !== null && !input.reason?.trim()) {
      throw reasonMissing('reason', row.docNumber);
    }
    if (outcome === 'published') {
      await recordResultVersion(trx, deps.resultSigner, {
        assayId: row.id,
        status: 'published',
        reason: input.reason ?? null,
        changedBy: person,
      });
    }
    return { outcome, ...answer };
  });
}

/** `GET /Tests/PurityHistory`: the packet's method and instrument, every fire assay and file, oldest first. */
export async function purityHistory(db: Database, actor: Actor, id: string): Promise<PurityHistoryResponse> {
  const found = await fireRepo.purityHistory(db, workshopScope(actor.id), id);
  if (!found) throw notFound();
  const { packet, fireAssays, imports } = found;
  const published = packet.purity !== null;
  return {
    method: published ? (packet.purityMethod ?? 'typed') : null,
    instrument: published ? packet.purityInstrument : null,
    fireAssays: fireAssays.map((f) => ({
      first: f.first,
      second: f.second,
      proof: f.proofTenths === null ? null : f.proofTenths / 10,
      tolerance: f.tolerance,
      rule: f.rule,
      purity: f.purity,
      staffCode: f.staffCode,
      at: f.createdAt.toISOString(),
    })),
    imports: imports.map((e) => ({
      importId: e.importId,
      row: e.row,
      purity: e.purity,
      instrument: e.instrument,
      sha256: e.sha256 ?? '',
      staffCode: e.staffCode,
      at: e.createdAt.toISOString(),
    })),
  };
}
