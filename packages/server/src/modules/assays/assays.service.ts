import { randomBytes } from 'node:crypto';
import {
  ASSAY_AUDIT_ACTIONS,
  ASSAY_MSG,
  OTHER_CUSTOMER_ID,
  TEST_TYPES,
  WORKSHOP_STATUS,
  effectiveCustomerSettings,
  fileAddress,
  fileIdFromAddress,
  labDraftSettingsIssues,
  vageIssue,
  type AddCuttingRequest,
  type AddTestRequest,
  type AddTestResponse,
  type EditTestRequest,
  type FieldError,
  type LabListQuery,
  type LabListRow,
  type ManageEditTestRequest,
  type ManageLabListQuery,
  type Paged,
  type TestHistoryItem,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, businessRule, notFound, validation } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import { insertWithNextCode } from '../customers/customers.repository.ts';
import * as repo from './assays.repository.ts';
import { loadTemplates, notify, type Templates } from './notices.ts';

export interface Actor {
  id: string;
  ip: string;
}

const TEST_TYPE_NAMES = new Map<string, string>(TEST_TYPES.map((t) => [t.id, t.name]));

const gramsToMg = (grams: number | null): number | null => (grams === null ? null : Math.round(grams * 1000));
const mgToGrams = (mg: number | null): number | null => (mg === null ? null : mg / 1000);

/** The fee of a packet (DESIGN.md 5 "Customer balances"): toman, or a percent of the gold weight in gold. */
function fee(
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

function toRow(row: repo.AssayRow, opts: { showMobile: boolean }): LabListRow {
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
  };
}

// ————— Packet numbers —————

export async function getCode(db: Database, workshopId: string): Promise<number> {
  const workshop = await repo.findWorkshop(db, workshopId);
  if (!workshop) throw notFound();
  if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(ASSAY_MSG.notActive);
  const next = await repo.nextFreeCode(db, workshopId);
  if (next === null) throw businessRule(ASSAY_MSG.noCode);
  return next;
}

const notYours = (n: number) => `${ASSAY_MSG.codeNotYours}: ${n}`;
const used = (n: number) => `${ASSAY_MSG.codeUsed}: ${n}`;

export async function checkCode(db: Database, workshopId: string, code: number) {
  const ranges = await repo.workshopRanges(db, workshopId);
  if (!ranges.some((r) => r.fromCode <= code && code <= r.toCode)) {
    throw new AppError(400, 'BUSINESS_RULE', notYours(code), [
      { field: 'code', message: ASSAY_MSG.codeNotYours },
    ]);
  }
  if ((await repo.usedNumbers(db, [code])).length > 0) {
    throw new AppError(409, 'CONFLICT', used(code), [{ field: 'code', message: ASSAY_MSG.codeUsed }]);
  }
  return { code, available: true };
}

// ————— Registering —————

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/**
 * `POST /Tests/AddTest`: the whole list in one transaction, all or none (DESIGN.md 5 "Packet numbers").
 * The workshop's ranges are locked first, so two registrations of one workshop run one after the other;
 * the unique index on doc_number stays the final arbiter.
 */
export async function addTests(db: Database, actor: Actor, list: AddTestRequest): Promise<AddTestResponse> {
  const workshopId = actor.id;
  try {
    return await db.transaction().execute(async (trx) => {
      const workshop = await repo.findWorkshop(trx, workshopId);
      if (!workshop) throw notFound();
      if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(ASSAY_MSG.notActive);
      const settings = effectiveSettings(workshop.settings);

      // Field rules that depend on the workshop's settings, and the test types.
      const issues: FieldError[] = [];
      list.forEach((d, i) => {
        for (const issue of labDraftSettingsIssues(d, settings))
          issues.push({ field: `${i}.${issue.path}`, message: issue.message });
        const type = d.type ?? settings.testType;
        if (type && !TEST_TYPE_NAMES.has(type))
          issues.push({ field: `${i}.type`, message: ASSAY_MSG.typeInvalid });
      });
      if (issues.length > 0) throw validation(issues);

      // Numbers: the workshop's own, unused.
      const ranges = await repo.lockWorkshopRanges(trx, workshopId);
      const rangeOf = (n: number) => ranges.find((r) => r.fromCode <= n && n <= r.toCode);
      list.forEach((d, i) => {
        if (!rangeOf(d.docNumber))
          throw new AppError(400, 'BUSINESS_RULE', notYours(d.docNumber), [
            { field: `${i}.docNumber`, message: ASSAY_MSG.codeNotYours },
          ]);
      });
      const taken = await repo.usedNumbers(
        trx,
        list.map((d) => d.docNumber),
      );
      if (taken.length > 0) {
        const n = Math.min(...taken);
        throw new AppError(409, 'CONFLICT', used(n), [
          { field: `${list.findIndex((d) => d.docNumber === n)}.docNumber`, message: ASSAY_MSG.codeUsed },
        ]);
      }

      // Customers: the workshop's own live ones, or the 'other customer' (saved to the list when asked).
      const customerIds = [
        ...new Set(list.map((d) => d.customerId).filter((id) => id !== OTHER_CUSTOMER_ID)),
      ];
      const customers = new Map(
        (await repo.findCustomers(trx, workshopId, customerIds)).map((c) => [c.id, c]),
      );
      for (const id of customerIds) if (!customers.has(id)) throw notFound('مشتری پیدا نشد');

      // Photos: the workshop's own uploads.
      const fileIdsOf = (d: AddTestRequest[number]) => d.images.map((a) => fileIdFromAddress(a) ?? '');
      const allFileIds = [...new Set(list.flatMap(fileIdsOf))];
      const photos = await repo.ownPhotos(trx, workshopId, allFileIds);
      list.forEach((d, i) => {
        if (fileIdsOf(d).some((id) => !photos.has(id)))
          issues.push({ field: `${i}.images`, message: ASSAY_MSG.imageInvalid });
      });
      if (issues.length > 0) throw validation(issues);

      const savedOwners = new Map<string, { id: string }>();
      const rows: repo.NewAssay[] = [];
      const targets: { to: string | null }[] = [];
      for (const d of list) {
        let customerId: string | null = null;
        let ownerName: string | null = null;
        let ownerMobile: string | null = null;
        let customerSettings: string | null = null;
        let to: string | null;
        if (d.customerId === OTHER_CUSTOMER_ID) {
          ownerName = d.testFullName;
          ownerMobile = d.testMobile;
          to = d.testMobile;
          if (d.saveInCustomer && d.testFullName && d.testMobile) {
            const key = `${d.testFullName}\n${d.testMobile}`;
            let saved = savedOwners.get(key);
            if (!saved) {
              saved = await insertWithNextCode(trx, workshopId, {
                name: d.testFullName,
                mobile1: d.testMobile,
                mobile2: null,
                mobile3: null,
                phone: null,
                description: null,
                settings: null,
              });
              savedOwners.set(key, saved);
            }
            customerId = saved.id;
            ownerName = null;
            ownerMobile = null;
          }
        } else {
          const customer = customers.get(d.customerId)!;
          customerId = customer.id;
          customerSettings = customer.settings;
          to = customer.mobile1;
        }
        const { vage } = effectiveCustomerSettings(customerSettings, settings);
        const goldWeightMg = gramsToMg(d.weight);
        rows.push({
          workshopId,
          customerId,
          otherOwnerName: ownerName,
          otherOwnerMobile: ownerMobile,
          testTypeId: d.type ?? settings.testType,
          docNumber: d.docNumber,
          codeRangeId: rangeOf(d.docNumber)!.id,
          purity: d.cutting,
          purityAt: d.cutting === null ? null : new Date(),
          readyTime: d.readyTime,
          sampleWeightMg: gramsToMg(d.sampleWeight),
          goldWeightMg,
          feeType: settings.vageType,
          ...fee(settings.vageType, vage, goldWeightMg),
          title: d.title,
          description: d.desc,
          displayType: d.displayType ?? null,
          sendSms: d.sendSMS,
          sendCall: d.sendCall,
          platform: d.platform || 'w',
          publicToken: randomBytes(16).toString('base64url'),
          createdBy: actor.id,
        });
        targets.push({ to });
      }

      const inserted = await repo.insertAssays(trx, rows);
      const idOf = new Map(inserted.map((r) => [r.docNumber, r.id]));

      for (const range of ranges) {
        const mine = list.map((d) => d.docNumber).filter((n) => range.fromCode <= n && n <= range.toCode);
        if (mine.length > 0) await repo.raiseNextCode(trx, range.id, Math.max(...mine) + 1);
      }

      await repo.linkImages(
        trx,
        list.flatMap((d) =>
          fileIdsOf(d).map((fileId, position) => ({ assayId: idOf.get(d.docNumber)!, fileId, position })),
        ),
      );

      const templates = await loadTemplates(trx, workshop.settings);
      for (const [i, row] of rows.entries()) {
        const id = idOf.get(row.docNumber)!;
        await notify(trx, templates, {
          id,
          workshopId,
          docNumber: row.docNumber,
          purity: row.purity,
          readyTime: row.readyTime,
          testTypeId: row.testTypeId,
          firstPurity: row.purity !== null,
          sendSms: row.sendSms,
          sendCall: row.sendCall,
          to: targets[i]!.to,
          labName: workshop.fName,
        });
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'assay.add',
          entity: 'assay',
          entityId: id,
          after: auditSnapshot(row),
          ip: actor.ip,
        });
      }
      return { list: inserted };
    });
  } catch (err) {
    const pgErr = err as PgError;
    if (pgErr.code === '23505' && pgErr.constraint === 'assays_doc_number_key') {
      const n = /=\((\d+)\)/.exec(pgErr.detail ?? '')?.[1];
      throw new AppError(409, 'CONFLICT', n ? used(Number(n)) : ASSAY_MSG.codeUsed);
    }
    throw err;
  }
}

/** What the audit log keeps of a packet: the fields whose changes matter. */
function auditSnapshot(row: {
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

// ————— Lists —————

export async function listTests(
  db: Database,
  workshopId: string,
  query: LabListQuery,
): Promise<Paged<LabListRow>> {
  const { rows, total } = await repo.listAssays(db, { ...query, workshopId }, query);
  return {
    list: rows.map((r) => toRow(r, { showMobile: true })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function manageListTests(db: Database, query: ManageLabListQuery): Promise<Paged<LabListRow>> {
  const { rows, total } = await repo.listAssays(db, { ...query, workshopId: query.tester }, query);
  return {
    list: rows.map((r) => toRow(r, { showMobile: false })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function getTest(db: Database, workshopId: string, id: string): Promise<LabListRow> {
  const row = await repo.findAssay(db, workshopId, id);
  if (!row || row.deletedAt !== null) throw notFound();
  return toRow(row, { showMobile: true });
}

export async function manageGetTest(db: Database, id: string): Promise<LabListRow> {
  const row = await repo.findAssay(db, undefined, id);
  if (!row) throw notFound();
  return toRow(row, { showMobile: true });
}

// ————— Purity —————

export async function lockOne(
  trx: Database,
  workshopId: string | undefined,
  id: string,
): Promise<repo.LockedAssay> {
  const [row] = await repo.lockAssays(trx, workshopId, [id]);
  if (!row || row.deletedAt !== null) throw notFound();
  return row;
}

const recipient = (row: repo.LockedAssay) =>
  row.customerId === null ? row.otherOwnerMobile : row.customerMobile;

/**
 * Records or corrects a purity on a locked packet: the first purity sets purity_at, a different one
 * sets purity_updated_at; either queues the ready message once and writes the audit log. The same
 * value again changes nothing.
 */
async function applyPurity(
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
    actorId: actor.id,
    action: first ? 'assay.purity' : 'assay.purity.correct',
    entity: 'assay',
    entityId: row.id,
    before: { purity: row.purity },
    after: { purity },
    ip: actor.ip,
  });
  return true;
}

const purityLocked = (n: number) =>
  new AppError(400, 'BUSINESS_RULE', `${ASSAY_MSG.purityLocked} (بسته ${n})`, [
    { field: 'cutting', message: ASSAY_MSG.purityLocked },
  ]);

/** `POST /Tests/AddCutting`: purities of several packets in one call, all or none. */
export async function addCutting(
  db: Database,
  actor: Actor,
  list: AddCuttingRequest,
): Promise<{ updated: number }> {
  const ids = list.map((x) => x.id);
  if (new Set(ids).size !== ids.length)
    throw validation([{ field: 'list', message: 'هر بسته فقط یک بار در فهرست بیاید' }]);
  return db.transaction().execute(async (trx) => {
    const rows = new Map((await repo.lockAssays(trx, actor.id, ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.deletedAt !== null) throw notFound();
      if (row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);
    }
    const templates = await loadTemplates(trx, rows.get(ids[0]!)?.workshopSettings);
    let updated = 0;
    for (const { id, cutting } of list) {
      if (await applyPurity(trx, templates, actor, rows.get(id)!, cutting)) updated += 1;
    }
    return { updated };
  });
}

// ————— Editing —————

interface CustomerChoice {
  customerId: string | null;
  otherOwnerName: string | null;
  otherOwnerMobile: string | null;
  settings: string | null;
}

async function chooseCustomer(
  trx: Database,
  workshopId: string,
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
  const customer = await repo.isLiveCustomer(trx, workshopId, input.customerId);
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

/**
 * `POST /Tests/EditTest` (workshop): weights, type, description, ready time, customer, channels; the
 * purity only while the packet waits or within the correction window. Never the number.
 */
export async function editTest(db: Database, actor: Actor, input: EditTestRequest): Promise<void> {
  checkType(input.type);
  await db.transaction().execute(async (trx) => {
    const row = await lockOne(trx, actor.id, input.testId);
    const changes: repo.AssayChanges = {};
    let customerSettings = row.customerSettings;
    if (input.customerId !== undefined) {
      const choice = await chooseCustomer(trx, actor.id, {
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

    const purityChange =
      input.cutting !== undefined && input.cutting !== null && input.cutting !== row.purity;
    if (purityChange && row.purity !== null && !row.canUpdate) throw purityLocked(row.docNumber);

    const d = diff(auditSnapshot(row), auditSnapshot(changes));
    if (d.changed) {
      await repo.updateAssay(trx, row.id, changes);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'assay.edit',
        entity: 'assay',
        entityId: row.id,
        before: d.before,
        after: d.after,
        ip: actor.ip,
      });
    } else if (Object.keys(changes).length > 0) {
      await repo.updateAssay(trx, row.id, changes);
    }
    if (purityChange) {
      const templates = await loadTemplates(trx, row.workshopSettings);
      await applyPurity(trx, templates, actor, { ...row, ...pickNotice(changes) }, input.cutting!);
    }
  });
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

/**
 * `POST /Manage/EditTest` (admin): every field but the number, the purity at any time (SPEC.md 2.14).
 * A purity change queues the corrected ready message once; everything is audited.
 */
export async function manageEditTest(
  db: Database,
  actor: Actor,
  input: ManageEditTestRequest,
): Promise<void> {
  checkType(input.type);
  await db.transaction().execute(async (trx) => {
    const row = await lockOne(trx, undefined, input.testId);
    const choice = await chooseCustomer(trx, row.workshopId, input);
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
    if (d.changed) {
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'assay.edit',
        entity: 'assay',
        entityId: row.id,
        before: d.before,
        after: d.after,
        ip: actor.ip,
      });
    }
    if (input.cutting !== row.purity) {
      if (input.cutting === null) {
        // The admin clears a purity: the packet waits again; nobody is told.
        await repo.updateAssay(trx, row.id, { purity: null, purityAt: null, purityUpdatedAt: null });
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'assay.purity.correct',
          entity: 'assay',
          entityId: row.id,
          before: { purity: row.purity },
          after: { purity: null },
          ip: actor.ip,
        });
      } else {
        const recipientMobile =
          choice.customerId === null
            ? choice.otherOwnerMobile
            : ((await repo.isLiveCustomer(trx, row.workshopId, choice.customerId))?.mobile1 ?? null);
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
          input.cutting,
        );
      }
    }
  });
}

// ————— History —————

export async function testHistory(db: Database, id: string): Promise<{ list: TestHistoryItem[] }> {
  const exists = await repo.findAssay(db, undefined, id);
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
