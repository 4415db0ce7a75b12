import {
  OTHER_CUSTOMER_ID,
  STATEMENT_MAX_ENTRIES,
  STATEMENT_MSG,
  type GoldMoney,
  type Letterhead,
  type StatementEntry,
  type StatementQuery,
  type StatementResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, notFound } from '../../lib/errors.ts';
import { workshopScope, type WorkshopScope } from '../../lib/scope.ts';
import * as repo from './statement.repository.ts';

async function letterheadOf(db: Database, scope: WorkshopScope): Promise<Letterhead> {
  const row = await repo.findLetterhead(db, scope);
  if (!row) throw notFound();
  return {
    labName: row.fName,
    managerName: row.fullName,
    address: row.address,
    phone: row.phone,
    cellPhone: row.cellPhone,
    workshopCode: row.workshopCode,
    rejeCode: row.rejeCode,
  };
}

/** The lab's letterhead (`GET /Account/Letterhead`): its own record, for any of its people. */
export function getLetterhead(db: Database, workshopId: string): Promise<Letterhead> {
  return letterheadOf(db, workshopScope(workshopId));
}

const add = (a: GoldMoney, goldMg: number, money: number): GoldMoney => ({
  goldMg: a.goldMg + goldMg,
  money: a.money + money,
});

/**
 * A customer's statement (docs/product.md §5.7): the balance before `from`, each fee, receipt and payment
 * of the days `from`–`to` with the balance after it, and the closing balance. The rule is GetPays' own, so
 * a range ending today closes on GetPays' `balance`.
 */
export async function getStatement(
  db: Database,
  workshopId: string,
  query: StatementQuery,
): Promise<StatementResponse> {
  const scope = workshopScope(workshopId);
  const customer =
    query.cid === OTHER_CUSTOMER_ID ? undefined : await repo.findStatementCustomer(db, scope, query.cid);
  if (!customer) throw notFound(STATEMENT_MSG.notFound);
  const [letterhead, opening, rows] = await Promise.all([
    letterheadOf(db, scope),
    repo.balanceBefore(db, scope, customer.id, query.from),
    repo.statementRows(db, scope, customer.id, { ...query, limit: STATEMENT_MAX_ENTRIES + 1 }),
  ]);
  if (rows.length > STATEMENT_MAX_ENTRIES) throw businessRule(STATEMENT_MSG.tooMany);

  let balance: GoldMoney = { goldMg: opening.goldMg, money: opening.money };
  const zero = { goldMg: 0, money: 0 };
  const totals = { fees: zero, received: zero, paid: zero, testCount: 0 };
  const entries: StatementEntry[] = rows.map((row) => {
    balance = add(balance, row.goldMg, row.money);
    if (row.kind === 'fee') {
      totals.fees = add(totals.fees, row.goldMg, row.money);
      totals.testCount += 1;
    } else if (row.kind === 'receipt') {
      totals.received = add(totals.received, -row.goldMg, -row.money);
    } else {
      totals.paid = add(totals.paid, row.goldMg, row.money);
    }
    return {
      kind: row.kind,
      id: row.id,
      date: row.date,
      at: row.at.toISOString(),
      docNumber: row.docNumber,
      desc: row.description,
      goldMg: row.goldMg,
      money: row.money,
      goldBalance: balance.goldMg,
      moneyBalance: balance.money,
    };
  });
  return {
    letterhead,
    customer: {
      id: customer.id,
      name: customer.name,
      code: customer.code,
      deleted: customer.deletedAt !== null,
    },
    from: query.from,
    to: query.to,
    opening: { goldMg: opening.goldMg, money: opening.money },
    entries,
    closing: balance,
    totals,
  };
}
