import {
  OTHER_CUSTOMER_ID,
  jalaliYearBounds,
  type AddPayRequest,
  type GetPaysResponse,
  type GetStoreQuery,
  type StoreResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { findCustomerWithDeleted, findLiveCustomer } from '../customers/customers.service.ts';
import * as repo from './payments.repository.ts';
import { personOf, type Actor } from '../../lib/actor.ts';

export type { Actor } from '../../lib/actor.ts';

/** Records a receipt or a payment for one of the workshop's live customers. */
export async function addPay(
  db: Database,
  workshopId: string,
  actor: Actor,
  input: AddPayRequest,
): Promise<string> {
  const customer =
    input.customerId === OTHER_CUSTOMER_ID
      ? undefined
      : await findLiveCustomer(db, workshopScope(workshopId), input.customerId);
  if (!customer) throw notFound('مشتری پیدا نشد');
  return repo.insertPayment(db, {
    workshopId,
    customerId: customer.id,
    type: input.type,
    goldMg: input.gold,
    moneyToman: input.money,
    description: input.desc,
    paidOn: input.date,
    createdBy: personOf(actor),
  });
}

/** The customer's receipts and payments, newest first, with the balance of all time. */
export async function getPays(
  db: Database,
  workshopId: string,
  customerId: string,
): Promise<GetPaysResponse> {
  const scope = workshopScope(workshopId);
  const customer =
    customerId === OTHER_CUSTOMER_ID ? undefined : await findCustomerWithDeleted(db, scope, customerId);
  if (!customer) throw notFound('مشتری پیدا نشد');
  const [list, b] = await Promise.all([
    repo.listPayments(db, scope, customerId),
    repo.customerBalance(db, scope, customerId),
  ]);
  const pays = list.map((p) => {
    const received = p.type === 1;
    return {
      id: p.id,
      customerId,
      customerName: customer.name,
      type: p.type,
      goldMg: p.goldMg,
      money: p.moneyToman,
      payRecGoldWeigh: received ? p.goldMg / 1000 : 0,
      payMoneyPaidValue: received ? p.moneyToman : 0,
      payGoldWeigh: received ? 0 : p.goldMg / 1000,
      payMoneyValue: received ? 0 : p.moneyToman,
      date: p.paidOn,
      desc: p.description,
      createdAt: p.createdAt.toISOString(),
    };
  });
  const goldRemain = b.feeGoldMg - b.receivedGoldMg + b.paidGoldMg;
  const moneyRemain = b.feeMoney - b.receivedMoney + b.paidMoney;
  return {
    customerId,
    customerName: customer.name,
    list: pays,
    pays,
    // The original API's totals (docs/product.md §8.3, ADR 0028): what the entries moved, net of their
    // direction, and what is owed.
    totalPayGoldWeigh: (b.receivedGoldMg - b.paidGoldMg) / 1000,
    totalPayMoneyValue: b.receivedMoney - b.paidMoney,
    totalBalance: moneyRemain,
    totalGoldBalance: goldRemain / 1000,
    balance: { ...b, goldRemain, moneyRemain },
  };
}

export async function deletePay(db: Database, workshopId: string, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await repo.softDeletePayment(trx, workshopScope(workshopId), id);
    if (!deleted) throw notFound();
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'payment.delete',
      entity: 'payment',
      entityId: id,
      before: deleted,
      ip: actor.ip,
    });
  });
}

/** The fund report (docs/product.md §5.7) for a Jalali year, or all time when no year is given. */
export async function getStore(
  db: Database,
  workshopId: string,
  query: GetStoreQuery,
): Promise<StoreResponse> {
  const filter: repo.StoreFilter = {
    scope: workshopScope(workshopId),
    customerId: query.customerId,
    range: query.year ? jalaliYearBounds(query.year) : null,
  };
  const [rows, totals] = await Promise.all([repo.storePage(db, filter, query), repo.storeTotals(db, filter)]);
  return {
    list: rows.map((r) => ({
      customerId: r.id,
      customerFullName: r.name,
      customerCode: r.code,
      goldRemain: r.goldRemain,
      moneyRemain: r.moneyRemain,
      testCount: r.testCount,
      status: r.status,
      deleted: r.deleted,
    })),
    totalCount: totals.count,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
    year: query.year ?? null,
    totalGoldRemain: totals.gold,
    totalMoneyRemain: totals.money,
    totalTestCount: totals.tests,
  };
}
