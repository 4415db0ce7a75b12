import { ASSAY_MSG, type AddCuttingRequest } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { workshopScope, type Scope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './assays.repository.ts';
import { loadTemplates, notify, type Templates } from './notices.service.ts';
import type { Actor, PacketDeps } from './packet-view.service.ts';
import { plainTransact, type Transact } from '../offline/offline.service.ts';
import { reasonMissing, recordResultVersion } from '../result-versions/result-versions.service.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import { networkRequiresSecondVerification } from '../system-settings/system-settings.service.ts';
import { personOf } from '../../lib/actor.ts';

// Purities: a locked packet's first purity or a correction, and `Tests/AddCutting` for several at once.

/** One live packet of the scope, locked for a change; 404 when it is missing, deleted or not the scope's. */
export async function lockOne(trx: Database, scope: Scope, id: string): Promise<repo.LockedAssay> {
  const [row] = await repo.lockAssays(trx, scope, [id]);
  if (!row || row.deletedAt !== null) throw notFound();
  return row;
}

/** The scope's packets, locked for a change, whatever their state (the caller checks it). */
export function lockPackets(
  trx: Database,
  scope: Scope,
  ids: readonly string[],
): Promise<repo.LockedAssay[]> {
  return repo.lockAssays(trx, scope, ids);
}

/** Who is told about a packet: its customer's mobile, or the other owner's. */
export const recipient = (row: repo.LockedAssay) =>
  row.customerId === null ? row.otherOwnerMobile : row.customerMobile;

/**
 * Whether the lab's purities wait for a second person (ADR 0050): its own «تأیید دوم عیار», or the
 * network's setting that makes it compulsory for every lab.
 */
export async function secondVerificationRequired(db: Database, workshopSettings: unknown): Promise<boolean> {
  return (
    effectiveSettings(workshopSettings).requireSecondVerification ||
    (await networkRequiresSecondVerification(db))
  );
}

/** A draft's purity: published by its recorder, or waiting for a second person (ADR 0050); typed. */
export function purityFields(cutting: number | null, person: string, verify: boolean) {
  const published = cutting !== null && !verify;
  const pending = cutting !== null && verify;
  return {
    purity: published ? cutting : null,
    purityAt: published ? new Date() : null,
    purityBy: published ? person : null,
    purityMethod: published ? ('typed' as const) : null,
    pendingPurity: pending ? cutting : null,
    pendingBy: pending ? person : null,
    pendingAt: pending ? new Date() : null,
    pendingMethod: pending ? ('typed' as const) : null,
  };
}

/** How a purity was measured (ADR 0059): typed by default; an import names its instrument. */
export interface MeasuredBy {
  method: 'typed' | 'xrf' | 'fire';
  instrument: string | null;
}
export const TYPED: MeasuredBy = { method: 'typed', instrument: null };

/** What recording a purity did: nothing (the same value), published it, or left it for a second person. */
export type PurityOutcome = 'unchanged' | 'published' | 'pending';

/**
 * Records or corrects a purity on a locked packet. With a second verification required (ADR 0050)
 * it waits beside the published one (none, or the one it corrects): not public, no message, no
 * version. Otherwise it is published at once by the person recording it.
 */
export async function applyPurity(
  trx: Database,
  templates: Templates,
  actor: Actor,
  row: repo.LockedAssay,
  purity: number,
  opts: { verify?: boolean; reason?: string | null; measuredBy?: MeasuredBy } = {},
): Promise<PurityOutcome> {
  const person = personOf(actor);
  const measuredBy = opts.measuredBy ?? TYPED;
  if (row.purity === purity) {
    // The published value again: a correction waiting for its second person is called off, and
    // nothing is published or signed anew (ADR 0050).
    if (row.pendingPurity !== null) await cancelPending(trx, actor, row);
    return 'unchanged';
  }
  if (!opts.verify) {
    await publishPurity(
      trx,
      templates,
      actor,
      row,
      purity,
      { purityBy: person, verifiedBy: null },
      measuredBy,
    );
    return 'published';
  }
  if (
    row.pendingPurity === purity &&
    row.pendingBy === person &&
    row.pendingMethod === measuredBy.method &&
    row.pendingInstrument === measuredBy.instrument
  )
    return 'unchanged';
  await repo.setPurityPeople(
    trx,
    row.id,
    {
      pendingPurity: purity,
      pendingBy: person,
      pendingReason: opts.reason?.trim() ? opts.reason : null,
      returnedReason: null,
      returnedBy: null,
      pendingMethod: measuredBy.method,
      pendingInstrument: measuredBy.instrument,
    },
    { pendingAt: true },
  );
  await writeAudit(trx, {
    actorId: person,
    action: 'assay.purity.pending',
    entity: 'assay',
    entityId: row.id,
    before: { purity: row.purity, pending: row.pendingPurity },
    after: { pending: purity, method: measuredBy.method, instrument: measuredBy.instrument },
    ip: actor.ip,
  });
  return 'pending';
}

/** Calls off a waiting correction: the published purity stands as it was. */
async function cancelPending(trx: Database, actor: Actor, row: repo.LockedAssay): Promise<void> {
  await repo.setPurityPeople(trx, row.id, {
    pendingPurity: null,
    pendingBy: null,
    pendingReason: null,
    pendingMethod: null,
    pendingInstrument: null,
  });
  await writeAudit(trx, {
    actorId: personOf(actor),
    action: 'assay.purity.pending.cancel',
    entity: 'assay',
    entityId: row.id,
    before: { pending: row.pendingPurity },
    after: { purity: row.purity },
    ip: actor.ip,
  });
}

/**
 * Publishes a purity on a locked packet: the first sets purity_at, a different one purity_updated_at;
 * either queues the ready message once and writes the audit log; the purity's people are recorded and
 * anything waiting for verification is cleared.
 */
export async function publishPurity(
  trx: Database,
  templates: Templates,
  actor: Actor,
  row: repo.LockedAssay,
  purity: number,
  people: { purityBy: string; verifiedBy: string | null },
  measuredBy: MeasuredBy = TYPED,
): Promise<void> {
  const first = row.purity === null;
  if (row.purity !== purity) {
    await repo.updateAssay(trx, row.id, { purity }, first ? { purityAt: true } : { purityUpdatedAt: true });
  }
  await repo.setPurityPeople(trx, row.id, {
    ...people,
    purityMethod: measuredBy.method,
    purityInstrument: measuredBy.instrument,
    pendingPurity: null,
    pendingBy: null,
    pendingReason: null,
    pendingMethod: null,
    pendingInstrument: null,
    returnedReason: null,
    returnedBy: null,
  });
  // The customer hears of a new value only: a waiting correction back to the published purity, once
  // accepted, does not tell them the same result twice (ADR 0050).
  if (row.purity !== purity) {
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
  }
  await writeAudit(trx, {
    actorId: personOf(actor),
    action: first ? 'assay.purity' : 'assay.purity.correct',
    entity: 'assay',
    entityId: row.id,
    before: { purity: row.purity },
    after: { purity, ...people, method: measuredBy.method, instrument: measuredBy.instrument },
    ip: actor.ip,
  });
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
): Promise<{ updated: number; awaitingVerification: number }> {
  const ids = list.map((x) => x.id);
  if (new Set(ids).size !== ids.length)
    throw validation([{ field: 'list', message: ASSAY_MSG.listDuplicate }]);
  return transact(async (trx) => {
    const rows = new Map((await repo.lockAssays(trx, workshopScope(actor.id), ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.deletedAt !== null) throw notFound();
      if (row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);
    }
    const settings = rows.get(ids[0]!)?.workshopSettings;
    const templates = await loadTemplates(trx, settings);
    const verify = await secondVerificationRequired(trx, settings);
    let updated = 0;
    let awaitingVerification = 0;
    for (const [i, { id, cutting, reason }] of list.entries()) {
      const row = rows.get(id)!;
      const outcome = await applyPurity(trx, templates, actor, row, cutting, {
        verify,
        reason: reason ?? null,
      });
      if (outcome === 'unchanged') continue;
      updated += 1;
      if (outcome === 'pending') {
        // A correction waits with its reason, which its publication will need (ADR 0029).
        if (row.purity !== null && !reason?.trim()) throw reasonMissing(`${i}.reason`, row.docNumber);
        awaitingVerification += 1;
        continue;
      }
      // A correction of a published purity needs its own reason, named by its place in the list.
      await recordResultVersion(trx, deps.resultSigner, {
        assayId: id,
        status: 'published',
        reason: reason ?? null,
        changedBy: personOf(actor),
        reasonField: `${i}.reason`,
      });
    }
    return { updated, awaitingVerification };
  });
}
