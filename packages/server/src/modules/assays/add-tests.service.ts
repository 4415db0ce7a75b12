import { randomBytes } from 'node:crypto';
import {
  ASSAY_MSG,
  OFFLINE_MSG,
  OTHER_CUSTOMER_ID,
  WORKSHOP_STATUS,
  effectiveCustomerSettings,
  fileIdFromAddress,
  labDraftSettingsIssues,
  type AddTestRequest,
  type AddTestResponse,
  type FieldError,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { recordResultVersion } from '../result-versions/result-versions.service.ts';
import { AppError, businessRule, forbidden, notFound, validation } from '../../lib/errors.ts';
import { workshopScope, type WorkshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import { insertCustomer } from '../customers/customers.service.ts';
import {
  claimReserved,
  plainTransact,
  type OfflineTokenKeys,
  type Transact,
} from '../offline/offline.service.ts';
import { loadTemplates, notify } from './notices.service.ts';
import { purityFields, secondVerificationRequired } from './purity.service.ts';
import { notYours, used } from './numbers.service.ts';
import {
  TEST_TYPE_NAMES,
  auditSnapshot,
  fee,
  gramsToMg,
  mayRecordPurity,
  type Actor,
  type PacketDeps,
} from './packet-view.service.ts';
import * as registration from './registration.repository.ts';
import { personOf } from '../../lib/actor.ts';

// `POST /Tests/AddTest` (docs/product.md §5.1), phase by phase: the workshop, the drafts' fields, the
// numbers, the customers, the photos, the rows, the insert, then the messages and the audit log.

type Draft = AddTestRequest[number];
type Workshop = NonNullable<Awaited<ReturnType<typeof registration.findWorkshop>>>;
type Settings = ReturnType<typeof effectiveSettings>;
type Customer = Awaited<ReturnType<typeof registration.findCustomers>>[number];
type Ranges = registration.RangeForUpdate[];
type Inserted = AddTestResponse['list'];

/** Who a packet belongs to, and where its messages go. */
interface Owner {
  customerId: string | null;
  ownerName: string | null;
  ownerMobile: string | null;
  customerSettings: string | null;
  to: string | null;
}

/** Who sends a registration: the device (null: none named) and the transaction to run it in. */
export interface AddTestsOptions {
  deviceId?: string | null;
  /** An idempotency key's transaction (ADR 0033); a plain one by default. */
  transact?: Transact;
}

/** What registering needs besides the packets' deps: the keys offline tokens are checked with. */
export type RegistrationDeps = PacketDeps & { offlineTokens: OfflineTokenKeys };

/**
 * The whole list in one transaction, all or none. The workshop's ranges are locked first, so two
 * registrations of one workshop (and its devices' reservations) run one after the other; the unique
 * indexes on doc_number and public_token stay the final arbiters.
 */
export async function addTests(
  deps: RegistrationDeps,
  actor: Actor,
  list: AddTestRequest,
  opts: AddTestsOptions = {},
): Promise<AddTestResponse> {
  const scope = workshopScope(actor.id);
  const transact = opts.transact ?? plainTransact(deps.db);
  try {
    return await transact(async (trx) => {
      // First, and inside the idempotency key's transaction: a stored answer is replayed whatever the
      // keys are now (a JWT secret rotated since), and a refusal reads nothing.
      checkTokens(deps.offlineTokens, actor.id, opts.deviceId ?? null, list);
      // A packet registered with its purity is the assayer's work, not the counter's (ADR 0049).
      if (!mayRecordPurity(actor) && list.some((d) => d.cutting !== null)) {
        throw forbidden(ASSAY_MSG.purityNotYours);
      }
      const workshop = await activeWorkshop(trx, scope);
      const settings = effectiveSettings(workshop.settings);
      checkDrafts(list, settings);
      const ranges = await claimNumbers(trx, scope, list, opts.deviceId ?? null);
      const customers = await ownCustomers(trx, scope, list);
      await checkPhotos(trx, scope, list);
      // A purity given with a packet waits for a second person like any other (ADR 0050).
      const verify =
        list.some((d) => d.cutting !== null) && (await secondVerificationRequired(trx, workshop.settings));
      const { rows, targets } = await buildRows(trx, scope, actor, list, {
        settings,
        ranges,
        customers,
        verify,
      });
      const inserted = await saveRows(trx, list, rows, ranges);
      await announce(trx, actor, workshop, rows, inserted, targets);
      // A packet registered with its purity is published at once: version 1, signed (ADR 0029).
      const withPurity = new Set(rows.filter((r) => r.purity !== null).map((r) => r.docNumber));
      for (const { id } of inserted.filter((r) => withPurity.has(r.docNumber))) {
        await recordResultVersion(trx, deps.resultSigner, {
          assayId: id,
          status: 'published',
          reason: null,
          changedBy: personOf(actor),
        });
      }
      return { list: inserted };
    });
  } catch (err) {
    throw numberTakenError(err, list);
  }
}

/** The registering workshop, which must be active. */
async function activeWorkshop(trx: Database, scope: WorkshopScope): Promise<Workshop> {
  const workshop = await registration.findWorkshop(trx, scope.id);
  if (!workshop) throw notFound();
  if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(ASSAY_MSG.notActive);
  return workshop;
}

/** Field rules that depend on the workshop's settings, and the test types. */
function checkDrafts(list: AddTestRequest, settings: Settings): void {
  const issues: FieldError[] = [];
  list.forEach((d, i) => {
    for (const issue of labDraftSettingsIssues(d, settings))
      issues.push({ field: `${i}.${issue.path}`, message: issue.message });
    const type = d.type ?? settings.testType;
    if (type && !TEST_TYPE_NAMES.has(type))
      issues.push({ field: `${i}.type`, message: ASSAY_MSG.typeInvalid });
  });
  if (issues.length > 0) throw validation(issues);
}

const rangeOf = (ranges: Ranges, n: number) => ranges.find((r) => r.fromCode <= n && n <= r.toCode);

/**
 * Numbers: the workshop's own (its ranges, locked for the transaction), unused, and not kept for
 * another of its devices (ADR 0033) unless that device's lease lapsed (ADR 0045).
 */
async function claimNumbers(
  trx: Database,
  scope: WorkshopScope,
  list: AddTestRequest,
  deviceId: string | null,
): Promise<Ranges> {
  const ranges = await registration.lockWorkshopRanges(trx, scope);
  list.forEach((d, i) => {
    if (!rangeOf(ranges, d.docNumber))
      throw new AppError(400, 'BUSINESS_RULE', notYours(d.docNumber), [
        { field: `${i}.docNumber`, message: ASSAY_MSG.codeNotYours },
      ]);
  });
  const taken = await registration.usedNumbers(
    trx,
    list.map((d) => d.docNumber),
  );
  if (taken.length > 0) {
    const n = Math.min(...taken);
    throw new AppError(409, 'CONFLICT', used(n), [
      { field: `${list.findIndex((d) => d.docNumber === n)}.docNumber`, message: ASSAY_MSG.codeUsed },
    ]);
  }
  const numbers = list.map((d) => d.docNumber);
  const reserved = await claimReserved(trx, scope.id, deviceId, numbers);
  if (reserved !== null)
    throw new AppError(409, 'CONFLICT', `${OFFLINE_MSG.codeReserved}: ${reserved}`, [
      { field: `${numbers.indexOf(reserved)}.docNumber`, message: OFFLINE_MSG.codeReserved },
    ]);
  return ranges;
}

/**
 * Public tokens a device made offline (its slips are printed with them, ADR 0040): each must be the
 * token this workshop's sending device makes for the draft's number. Any other (another workshop's or
 * device's, another number's, no device, a made-up one) is refused exactly as the contract refuses a
 * malformed token, so the answer says nothing about whether the token exists anywhere. Reads nothing.
 */
function checkTokens(
  keys: OfflineTokenKeys,
  workshopId: string,
  deviceId: string | null,
  list: AddTestRequest,
): void {
  const issues: FieldError[] = [];
  list.forEach((d, i) => {
    if (d.publicToken !== undefined && !keys.isBound(workshopId, deviceId, d.docNumber, d.publicToken))
      issues.push({ field: `${i}.publicToken`, message: OFFLINE_MSG.tokenInvalid });
  });
  if (issues.length > 0) throw validation(issues);
}

/** Customers: the workshop's own live ones, or the 'other customer'. */
async function ownCustomers(
  trx: Database,
  scope: WorkshopScope,
  list: AddTestRequest,
): Promise<Map<string, Customer>> {
  const customerIds = [...new Set(list.map((d) => d.customerId).filter((id) => id !== OTHER_CUSTOMER_ID))];
  const customers = new Map(
    (await registration.findCustomers(trx, scope, customerIds)).map((c) => [c.id, c]),
  );
  for (const id of customerIds) if (!customers.has(id)) throw notFound('مشتری پیدا نشد');
  return customers;
}

const fileIdsOf = (d: Draft) => d.images.map((a) => fileIdFromAddress(a) ?? '');

/** Photos: the workshop's own uploads. */
async function checkPhotos(trx: Database, scope: WorkshopScope, list: AddTestRequest): Promise<void> {
  const allFileIds = [...new Set(list.flatMap(fileIdsOf))];
  const photos = await registration.ownPhotos(trx, scope, allFileIds);
  const issues: FieldError[] = [];
  list.forEach((d, i) => {
    if (fileIdsOf(d).some((id) => !photos.has(id)))
      issues.push({ field: `${i}.images`, message: ASSAY_MSG.imageInvalid });
  });
  if (issues.length > 0) throw validation(issues);
}

/**
 * A draft's owner: one of the workshop's customers, or an 'other customer' by name and mobile, saved
 * to the customer list when asked (once per name and mobile in the list).
 */
async function ownerOf(
  trx: Database,
  scope: WorkshopScope,
  d: Draft,
  customers: Map<string, Customer>,
  savedOwners: Map<string, { id: string }>,
): Promise<Owner> {
  if (d.customerId !== OTHER_CUSTOMER_ID) {
    const customer = customers.get(d.customerId)!;
    return {
      customerId: customer.id,
      ownerName: null,
      ownerMobile: null,
      customerSettings: customer.settings,
      to: customer.mobile1,
    };
  }
  const owner = {
    ownerName: d.testFullName,
    ownerMobile: d.testMobile,
    customerSettings: null,
    to: d.testMobile,
  };
  if (!(d.saveInCustomer && d.testFullName && d.testMobile)) return { ...owner, customerId: null };
  const key = `${d.testFullName}\n${d.testMobile}`;
  let saved = savedOwners.get(key);
  if (!saved) {
    saved = await insertCustomer(trx, scope, {
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
  return { ...owner, customerId: saved.id, ownerName: null, ownerMobile: null };
}

/** The rows to insert, with each packet's recipient, in the list's order. */
async function buildRows(
  trx: Database,
  scope: WorkshopScope,
  actor: Actor,
  list: AddTestRequest,
  ctx: { settings: Settings; ranges: Ranges; customers: Map<string, Customer>; verify: boolean },
): Promise<{ rows: registration.NewAssay[]; targets: { to: string | null }[] }> {
  const { settings } = ctx;
  const savedOwners = new Map<string, { id: string }>();
  const rows: registration.NewAssay[] = [];
  const targets: { to: string | null }[] = [];
  for (const d of list) {
    const owner = await ownerOf(trx, scope, d, ctx.customers, savedOwners);
    const { vage } = effectiveCustomerSettings(owner.customerSettings, settings);
    const goldWeightMg = gramsToMg(d.weight);
    rows.push({
      workshopId: scope.id,
      customerId: owner.customerId,
      otherOwnerName: owner.ownerName,
      otherOwnerMobile: owner.ownerMobile,
      testTypeId: d.type ?? settings.testType,
      docNumber: d.docNumber,
      codeRangeId: rangeOf(ctx.ranges, d.docNumber)!.id,
      ...purityFields(d.cutting, personOf(actor), ctx.verify),
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
      publicToken: d.publicToken ?? randomBytes(16).toString('base64url'),
      createdBy: personOf(actor),
    });
    targets.push({ to: owner.to });
  }
  return { rows, targets };
}

/** Inserts the packets, moves each range past its new numbers and links the photos in order. */
async function saveRows(
  trx: Database,
  list: AddTestRequest,
  rows: registration.NewAssay[],
  ranges: Ranges,
): Promise<Inserted> {
  const inserted = await registration.insertAssays(trx, rows);
  const idOf = new Map(inserted.map((r) => [r.docNumber, r.id]));
  for (const range of ranges) {
    const mine = list.map((d) => d.docNumber).filter((n) => range.fromCode <= n && n <= range.toCode);
    if (mine.length > 0) await registration.raiseNextCode(trx, range.id, Math.max(...mine) + 1);
  }
  await registration.linkImages(
    trx,
    list.flatMap((d) =>
      fileIdsOf(d).map((fileId, position) => ({ assayId: idOf.get(d.docNumber)!, fileId, position })),
    ),
  );
  return inserted;
}

/** Queues each packet's message (wait or ready) and writes its audit row. */
async function announce(
  trx: Database,
  actor: Actor,
  workshop: Workshop,
  rows: registration.NewAssay[],
  inserted: Inserted,
  targets: { to: string | null }[],
): Promise<void> {
  const idOf = new Map(inserted.map((r) => [r.docNumber, r.id]));
  const templates = await loadTemplates(trx, workshop.settings);
  for (const [i, row] of rows.entries()) {
    const id = idOf.get(row.docNumber)!;
    await notify(trx, templates, {
      id,
      workshopId: row.workshopId,
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
      actorId: personOf(actor),
      action: 'assay.add',
      entity: 'assay',
      entityId: id,
      after: auditSnapshot(row),
      ip: actor.ip,
    });
  }
}

/**
 * A number or a public token another registration took meanwhile (the unique index decided) is a 409
 * naming it. A client's token is bound to its number (ADR 0040), so a taken one is its own packet's.
 */
function numberTakenError(err: unknown, list: AddTestRequest): unknown {
  const pgErr = err as { code?: string; constraint?: string; detail?: string };
  if (pgErr.code === '23505' && pgErr.constraint === 'assays_doc_number_key') {
    const n = /=\((\d+)\)/.exec(pgErr.detail ?? '')?.[1];
    return new AppError(409, 'CONFLICT', n ? used(Number(n)) : ASSAY_MSG.codeUsed);
  }
  if (pgErr.code === '23505' && pgErr.constraint === 'assays_public_token_key') {
    const token = /=\(([^)]*)\)/.exec(pgErr.detail ?? '')?.[1];
    const i = list.findIndex((d) => d.publicToken !== undefined && d.publicToken === token);
    return new AppError(409, 'CONFLICT', OFFLINE_MSG.tokenUsed, [
      { field: `${Math.max(i, 0)}.publicToken`, message: OFFLINE_MSG.tokenUsed },
    ]);
  }
  return err;
}
