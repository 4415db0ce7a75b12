import {
  CUSTOMER_MSG,
  CUSTOMERS_BY_NAME_LIMIT,
  CUSTOMER_BOOK_LIMIT,
  OTHER_CUSTOMER_ID,
  customerSettingsDiff,
  customerSettingsSchema,
  vageIssue,
  type AddCustomerRequest,
  type AllCustomersQuery,
  type CustomerBook,
  type CustomerDetail,
  type CustomerRow,
  type CustomerSearchItem,
  type CustomerSettings,
  type ManageCustomerCard,
  type ManageEditCustomerRequest,
  type ManageCustomerRow,
  type ManageCustomersQuery,
  type Paged,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, notFound, validation } from '../../lib/errors.ts';
import { ADMIN_SCOPE, adminFilter, workshopScope, type Scope, type WorkshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import * as repo from './customers.repository.ts';
import { personOf, type Actor } from '../../lib/actor.ts';

export type { Actor } from '../../lib/actor.ts';

/** jsonb as text («{"vage": 5}») to the compact JSON string the API speaks. */
function settingsString(stored: string | null): string | null {
  const object = settingsObject(stored);
  return object ? JSON.stringify(object) : null;
}

/** The same settings as the object a write takes (ADR 0060), or null. */
function settingsObject(stored: string | null): CustomerSettings | null {
  if (!stored) return null;
  try {
    const parsed = customerSettingsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Creates a customer (the code is the workshop's next one) or updates one of the workshop's own.
 * Settings are kept only where they differ from the workshop's defaults; equal to them, null.
 */
export async function saveCustomer(
  db: Database,
  workshopId: string,
  input: AddCustomerRequest,
): Promise<{ code: number; created: boolean }> {
  if (input.customerId === OTHER_CUSTOMER_ID) throw businessRule(CUSTOMER_MSG.otherCustomer);
  const scope = workshopScope(workshopId);
  const values = await valuesFor(db, workshopId, input);
  if (input.customerId) {
    const updated = await repo.updateCustomer(db, scope, input.customerId, values);
    if (!updated) throw notFound();
    return { code: updated.code, created: false };
  }
  const created = await db.transaction().execute((trx) => repo.insertWithNextCode(trx, scope, values));
  return { code: created.code, created: true };
}

/** What a customer form stores, under its workshop's fee type and defaults (the same rule for both forms). */
async function valuesFor(
  db: Database,
  workshopId: string,
  input: AddCustomerRequest,
): Promise<repo.CustomerValues> {
  const defaults = effectiveSettings(await repo.workshopSettings(db, workshopId));
  const wanted = {
    vage: input.settings?.vage ?? defaults.vage,
    sendSMS: input.settings?.sendSMS ?? defaults.sendSMS,
  };
  const issue = vageIssue(wanted.vage, defaults.vageType);
  if (issue) throw validation([{ field: 'settings.vage', message: issue }]);
  return {
    name: input.customerName,
    mobile1: input.mobile1,
    mobile2: input.mobile2,
    mobile3: input.mobile3,
    phone: input.phone,
    description: input.desc,
    settings: customerSettingsDiff(wanted, defaults),
  };
}

export async function getCustomer(db: Database, workshopId: string, id: string): Promise<CustomerDetail> {
  const row =
    id === OTHER_CUSTOMER_ID ? undefined : await repo.findCustomer(db, workshopScope(workshopId), id);
  if (!row) throw notFound();
  return {
    customerId: row.id,
    customerName: row.name,
    code: row.code,
    mobile1: row.mobile1,
    mobile2: row.mobile2,
    mobile3: row.mobile3,
    phone: row.phone,
    desc: row.description,
    settings: settingsString(row.settings),
    customerSettings: settingsObject(row.settings),
  };
}

export async function customersByName(
  db: Database,
  workshopId: string,
  name: string,
): Promise<CustomerSearchItem[]> {
  const rows = await repo.searchByName(db, workshopScope(workshopId), name, CUSTOMERS_BY_NAME_LIMIT);
  return rows.map(searchItem);
}

type SearchRow = Awaited<ReturnType<typeof repo.searchByName>>[number];

const searchItem = (r: SearchRow): CustomerSearchItem => ({
  id: r.id,
  name: r.name,
  settings: settingsString(r.settings),
  customerSettings: settingsObject(r.settings),
  code: r.code,
  mobile: r.mobile1,
});

/** The workshop's customer book for choosing offline (ADR 0047). */
export async function customerBook(db: Database, workshopId: string): Promise<CustomerBook> {
  const { list, total } = await repo.customerBook(db, workshopScope(workshopId), CUSTOMER_BOOK_LIMIT);
  return { list: list.map(searchItem), totalCount: total };
}

export async function allCustomers(
  db: Database,
  workshopId: string,
  query: AllCustomersQuery,
): Promise<Paged<CustomerRow>> {
  const { list, total } = await repo.listCustomers(db, workshopScope(workshopId), query);
  return {
    list: list.map((r) => ({
      customerId: r.id,
      customerName: r.name,
      customerCode: r.code,
      customerMobile: r.mobile1,
      customerPhone: r.phone,
    })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * Deletes a customer softly (docs/decisions: customers are never hard-deleted): it leaves the lists
 * and the search, while its packets, payments and code stay for the history and the fund report.
 * `workshopId` is the signed-in workshop's, or null for the admin (any lab's customer).
 */
export async function deleteCustomer(
  db: Database,
  workshopId: string | null,
  id: string,
  actor: Actor,
): Promise<string> {
  if (id === OTHER_CUSTOMER_ID) throw notFound(CUSTOMER_MSG.otherCustomer);
  const scope = workshopId === null ? ADMIN_SCOPE : workshopScope(workshopId);
  return db.transaction().execute(async (trx) => {
    const deleted = await repo.softDelete(trx, scope, id);
    if (!deleted) throw notFound();
    const history = await repo.historyCounts(trx, id);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: scope.kind === 'admin' ? 'customer.delete.admin' : 'customer.delete',
      entity: 'customer',
      entityId: id,
      before: { name: deleted.name, code: deleted.code, workshopId: deleted.workshopId, ...history },
      ip: actor.ip,
    });
    return history.testCount + history.payCount > 0 ? CUSTOMER_MSG.deletedWithHistory : CUSTOMER_MSG.deleted;
  });
}

export async function manageCustomers(
  db: Database,
  query: ManageCustomersQuery,
): Promise<Paged<ManageCustomerRow>> {
  const { list, total } = await repo.listCustomers(db, adminFilter(query.user), {
    name: query.name,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  });
  return {
    list: list.map((r) => ({
      id: r.id,
      name: r.name,
      lab: r.lab,
      userId: r.workshopId,
      code: r.code,
      mobile: r.mobile1,
      phone: r.phone,
    })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function manageGetCustomer(db: Database, id: string): Promise<ManageCustomerCard> {
  const row = id === OTHER_CUSTOMER_ID ? undefined : await repo.findCustomer(db, ADMIN_SCOPE, id);
  if (!row) throw notFound();
  const history = await repo.historyCounts(db, id);
  const lab = effectiveSettings(await repo.workshopSettings(db, row.workshopId));
  return {
    customerId: row.id,
    customerName: row.name,
    code: row.code,
    mobile1: row.mobile1,
    mobile2: row.mobile2,
    mobile3: row.mobile3,
    phone: row.phone,
    desc: row.description,
    settings: settingsString(row.settings),
    customerSettings: settingsObject(row.settings),
    lab: row.lab,
    userId: row.workshopId,
    createdAt: row.createdAt.toISOString(),
    ...history,
    workshopDefaults: { vage: lab.vage, vageType: lab.vageType, sendSMS: lab.sendSMS },
  };
}

/** The audited fields of a customer, as the API names them. */
function auditView(v: { [K in keyof repo.CustomerValues]: repo.CustomerValues[K] | null }) {
  return {
    customerName: v.name,
    mobile1: v.mobile1,
    mobile2: v.mobile2,
    mobile3: v.mobile3,
    phone: v.phone,
    desc: v.description,
    settings: settingsString(v.settings),
  };
}

/**
 * `POST /Manage/EditCustomer` (ADR 0025): the admin edits any lab's customer under that lab's rules
 * (its fee type and defaults, as the lab's own form); what changed is written to the audit log.
 */
export async function manageEditCustomer(
  db: Database,
  actor: Actor,
  input: ManageEditCustomerRequest,
): Promise<{ code: number }> {
  if (input.customerId === OTHER_CUSTOMER_ID) throw notFound(CUSTOMER_MSG.otherCustomer);
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockCustomer(trx, ADMIN_SCOPE, input.customerId);
    if (!row) throw notFound();
    const values = await valuesFor(trx, row.workshopId, input);
    const updated = await repo.updateCustomer(trx, workshopScope(row.workshopId), row.id, values);
    if (!updated) throw notFound();
    const before: Record<string, unknown> = auditView(row);
    const after: Record<string, unknown> = auditView(values);
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length > 0) {
      await writeAudit(trx, {
        actorId: personOf(actor),
        action: 'customer.edit.admin',
        entity: 'customer',
        entityId: row.id,
        before: { workshopId: row.workshopId, ...Object.fromEntries(changed.map((k) => [k, before[k]])) },
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        ip: actor.ip,
      });
    }
    return { code: updated.code };
  });
}

// ————— For other modules —————

/**
 * A new customer of the workshop with its next code, in the caller's transaction (a packet's «other
 * customer» saved to the list while it is registered).
 */
export function insertCustomer(
  trx: Database,
  scope: WorkshopScope,
  values: repo.CustomerValues,
): Promise<{ id: string; code: number }> {
  return repo.insertWithNextCode(trx, scope, values);
}

/** A live customer of the scope, or undefined (another workshop's is as missing as a deleted one). */
export function findLiveCustomer(db: Database, scope: Scope, id: string) {
  return repo.findCustomer(db, scope, id);
}

/** A customer of the workshop, deleted or not (its history stays readable). */
export function findCustomerWithDeleted(db: Database, scope: WorkshopScope, id: string) {
  return repo.findCustomerWithDeleted(db, scope, id);
}
