import {
  ASSAY_MSG,
  OTHER_CUSTOMER_ID,
  effectiveCustomerSettings,
  vageIssue,
  type EditTestRequest,
  type FieldError,
  type ManageEditTestRequest,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { forbidden, notFound, validation } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/metrics.ts';
import { ADMIN_SCOPE, workshopScope, type WorkshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import * as repo from './assays.repository.ts';
import { loadTemplates } from './notices.service.ts';
import {
  TEST_TYPE_NAMES,
  auditSnapshot,
  fee,
  gramsToMg,
  mayRecordPurity,
  type Actor,
  type PacketDeps,
} from './packet-view.service.ts';
import {
  currentResultStatus,
  reasonMissing,
  recordResultVersion,
} from '../result-versions/result-versions.service.ts';
import { applyPurity, lockOne, purityLocked, secondVerificationRequired } from './purity.service.ts';
import { personOf } from '../../lib/actor.ts';

// Editing a packet: the lab's `Tests/EditTest` and the admin's `Manage/EditTest`.

interface CustomerChoice {
  customerId: string | null;
  otherOwnerName: string | null;
  otherOwnerMobile: string | null;
  settings: string | null;
}

/** The packet's new owner: a live customer of its workshop, or an 'other customer' by name and mobile. */
async function chooseCustomer(
  trx: Database,
  scope: WorkshopScope,
  input: { customerId: string; testFullName: string | null; testMobile: string | null },
): Promise<CustomerChoice> {
  if (input.customerId === OTHER_CUSTOMER_ID) {
    const issues: FieldError[] = [];
    if (!input.testFullName) issues.push({ field: 'testFullName', message: ASSAY_MSG.ownerNameRequired });
    if (!input.testMobile) issues.push({ field: 'testMobile', message: ASSAY_MSG.ownerMobileRequired });
    if (issues.length > 0) throw validation(issues);
    return {
      customerId: null,
      otherOwnerName: input.testFullName,
      otherOwnerMobile: input.testMobile,
      settings: null,
    };
  }
  const customer = await repo.isLiveCustomer(trx, scope, input.customerId);
  if (!customer) throw notFound('مشتری پیدا نشد');
  return {
    customerId: customer.id,
    otherOwnerName: null,
    otherOwnerMobile: null,
    settings: customer.settings,
  };
}

function checkType(type: string | undefined): void {
  if (type && !TEST_TYPE_NAMES.has(type))
    throw validation([{ field: 'type', message: ASSAY_MSG.typeInvalid }]);
}

/** Only the keys whose values differ, for the audit log. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

/** The changed fields a notification reads (channels, recipient, and the type the rey SMS follows). */
function pickNotice(changes: repo.AssayChanges): Partial<repo.LockedAssay> {
  const out: Partial<repo.LockedAssay> = {};
  if (changes.sendSms !== undefined) out.sendSms = changes.sendSms;
  if (changes.sendCall !== undefined) out.sendCall = changes.sendCall;
  if (changes.readyTime !== undefined) out.readyTime = changes.readyTime;
  if (changes.testTypeId !== undefined) out.testTypeId = changes.testTypeId;
  if (changes.otherOwnerMobile !== undefined) out.otherOwnerMobile = changes.otherOwnerMobile;
  return out;
}

async function auditEdit(trx: Database, actor: Actor, id: string, d: ReturnType<typeof diff>): Promise<void> {
  await writeAudit(trx, {
    actorId: personOf(actor),
    action: 'assay.edit',
    entity: 'assay',
    entityId: id,
    before: d.before,
    after: d.after,
    ip: actor.ip,
  });
}

/** What a lab's edit changes on its locked packet; a new gold weight or customer recomputes the fee. */
async function labChanges(
  trx: Database,
  scope: WorkshopScope,
  row: repo.LockedAssay,
  input: EditTestRequest,
): Promise<repo.AssayChanges> {
  const changes: repo.AssayChanges = {};
  let customerSettings = row.customerSettings;
  if (input.customerId !== undefined) {
    const choice = await chooseCustomer(trx, scope, {
      customerId: input.customerId,
      testFullName: input.testFullName ?? null,
      testMobile: input.testMobile ?? null,
    });
    Object.assign(changes, {
      customerId: choice.customerId,
      otherOwnerName: choice.otherOwnerName,
      otherOwnerMobile: choice.otherOwnerMobile,
    });
    customerSettings = choice.settings;
  }
  if (input.type) changes.testTypeId = input.type;
  if (input.readyTime !== undefined) changes.readyTime = input.readyTime;
  if (input.sampleWeight !== undefined) changes.sampleWeightMg = gramsToMg(input.sampleWeight);
  if (input.weight !== undefined) changes.goldWeightMg = gramsToMg(input.weight);
  if (input.desc !== undefined) changes.description = input.desc;
  if (input.displayType !== undefined) changes.displayType = input.displayType;
  if (input.sendSMS !== undefined) changes.sendSms = input.sendSMS;
  if (input.sendCall !== undefined) changes.sendCall = input.sendCall;
  // A new gold weight or customer recomputes the fee under the packet's fee type.
  if (changes.goldWeightMg !== undefined || input.customerId !== undefined) {
    const { vage } = effectiveCustomerSettings(customerSettings, effectiveSettings(row.workshopSettings));
    Object.assign(changes, fee(row.feeType, vage, changes.goldWeightMg ?? row.goldWeightMg));
  }
  return changes;
}

/**
 * `POST /Tests/EditTest` (workshop): weights, type, description, ready time, customer, channels; the
 * purity only while the packet waits or within the correction window. Never the number.
 */
export async function editTest(deps: PacketDeps, actor: Actor, input: EditTestRequest): Promise<void> {
  checkType(input.type);
  const scope = workshopScope(actor.id);
  await inTransaction(deps.db, async (trx) => {
    const row = await lockOne(trx, scope, input.testId);
    const purityChange =
      input.cutting !== undefined && input.cutting !== null && input.cutting !== row.purity;
    // The counter edits packets before a purity, and never records one (ADR 0049).
    if (!mayRecordPurity(actor)) {
      // A purity waiting for verification counts as one (ADR 0050).
      if (row.purity !== null || row.pendingPurity !== null) throw forbidden(ASSAY_MSG.packetHasPurity);
      if (purityChange) throw forbidden(ASSAY_MSG.purityNotYours);
    }
    const changes = await labChanges(trx, scope, row, input);
    if (purityChange && row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);

    const d = diff(auditSnapshot(row), auditSnapshot(changes));
    if (d.changed) {
      await repo.updateAssay(trx, row.id, changes);
      await auditEdit(trx, actor, row.id, d);
    } else if (Object.keys(changes).length > 0) {
      await repo.updateAssay(trx, row.id, changes);
    }
    const verify = purityChange && (await secondVerificationRequired(trx, row.workshopSettings));
    if (purityChange) {
      const templates = await loadTemplates(trx, row.workshopSettings);
      const reason = input.reason ?? null;
      await applyPurity(trx, templates, actor, { ...row, ...pickNotice(changes) }, input.cutting!, {
        verify,
        reason,
      });
      // A correction waits with its reason, which its publication will need (ADR 0029, ADR 0050).
      if (verify && row.purity !== null && !reason?.trim()) throw reasonMissing('reason', row.docNumber);
    }
    // The public fields as they now stand: a new signed version when they changed (ADR 0029).
    await recordResultVersion(trx, deps.resultSigner, {
      assayId: row.id,
      ...(purityChange && !verify ? { status: 'published' as const } : {}),
      reason: input.reason ?? null,
      changedBy: personOf(actor),
    });
  });
}

/**
 * `POST /Manage/EditTest` (admin): every field but the number, the purity at any time (docs/product.md
 * §2.14). A purity change queues the corrected ready message once; everything is audited.
 */
export async function manageEditTest(
  deps: PacketDeps,
  actor: Actor,
  input: ManageEditTestRequest,
): Promise<void> {
  checkType(input.type);
  await inTransaction(deps.db, async (trx) => {
    const row = await lockOne(trx, ADMIN_SCOPE, input.testId);
    const choice = await chooseCustomer(trx, workshopScope(row.workshopId), input);
    const vageProblem = vageIssue(input.vage, row.feeType);
    if (vageProblem) throw validation([{ field: 'vage', message: vageProblem }]);
    const goldWeightMg = gramsToMg(input.weight);
    const changes: repo.AssayChanges = {
      customerId: choice.customerId,
      otherOwnerName: choice.otherOwnerName,
      otherOwnerMobile: choice.otherOwnerMobile,
      readyTime: input.readyTime ?? row.readyTime,
      sampleWeightMg: gramsToMg(input.sampleWeight),
      goldWeightMg,
      description: input.desc,
      ...fee(row.feeType, input.vage, goldWeightMg),
    };
    if (input.type) changes.testTypeId = input.type;
    if (input.displayType !== undefined) changes.displayType = input.displayType;
    if (input.sendSMS !== undefined) changes.sendSms = input.sendSMS;
    if (input.sendCall !== undefined) changes.sendCall = input.sendCall;

    const d = diff(auditSnapshot(row), auditSnapshot(changes));
    await repo.updateAssay(trx, row.id, changes);
    if (d.changed) await auditEdit(trx, actor, row.id, d);
    if (input.cutting !== row.purity) await adminPurity(trx, actor, { row, choice, changes }, input.cutting);
    await recordResultVersion(trx, deps.resultSigner, {
      assayId: row.id,
      // A new purity publishes; so does any purity on a withdrawn result (its reissue).
      ...(input.cutting !== null &&
      (input.cutting !== row.purity || (await currentResultStatus(trx, row.id)) === 'withdrawn')
        ? { status: 'published' as const }
        : {}),
      reason: input.reason ?? null,
      changedBy: personOf(actor),
    });
  });
}

/**
 * The admin's new purity on an edited packet: cleared, the packet waits again and nobody is told;
 * otherwise recorded as a correction, its ready message to the packet's (possibly new) recipient.
 */
async function adminPurity(
  trx: Database,
  actor: Actor,
  edit: { row: repo.LockedAssay; choice: CustomerChoice; changes: repo.AssayChanges },
  cutting: number | null,
): Promise<void> {
  const { row, choice, changes } = edit;
  if (cutting === null) {
    await repo.updateAssay(trx, row.id, { purity: null, purityAt: null, purityUpdatedAt: null });
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'assay.purity.correct',
      entity: 'assay',
      entityId: row.id,
      before: { purity: row.purity },
      after: { purity: null },
      ip: actor.ip,
    });
    return;
  }
  const recipientMobile =
    choice.customerId === null
      ? choice.otherOwnerMobile
      : ((await repo.isLiveCustomer(trx, workshopScope(row.workshopId), choice.customerId))?.mobile1 ?? null);
  const templates = await loadTemplates(trx, row.workshopSettings);
  await applyPurity(
    trx,
    templates,
    actor,
    {
      ...row,
      ...pickNotice(changes),
      customerId: choice.customerId,
      customerMobile: recipientMobile,
      otherOwnerMobile: choice.otherOwnerMobile,
    },
    cutting,
  );
}
