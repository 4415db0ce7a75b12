import {
  CREDIT_STATUS_TEXT,
  type AcceptCreditRequest,
  type AddCreditRequest,
  type AdminCreditItem,
  type AllCreditsQuery,
  type AllCreditsResponse,
  type CreditItem,
  type CreditsResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { ADMIN_SCOPE, adminFilter, workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './credits.repository.ts';
import { personOf } from '../../lib/actor.ts';

export const CREDIT_MESSAGES = {
  added: 'درخواست شارژ ثبت شد و پس از بررسی مدیر به موجودی شما افزوده می‌شود',
  duplicate: 'درخواستی با این کد پیگیری قبلاً ثبت شده است',
  alreadyDecided: 'این درخواست قبلاً بررسی شده است',
  accepted: 'درخواست شارژ تأیید شد',
  rejected: 'درخواست شارژ رد شد',
  notFound: 'درخواست شارژ پیدا نشد',
} as const;

function toItem(row: repo.CreditRow): CreditItem {
  return {
    id: row.id,
    value: row.amount,
    date: row.paidOn,
    account: row.account,
    trackingCode: row.trackingCode,
    status: row.status,
    statusText: CREDIT_STATUS_TEXT[row.status],
    createdAt: row.createdAt.toISOString(),
  };
}

/** A workshop asks for a top-up (any status may: an inactive lab needs credit before it can buy). */
export async function addCredit(
  db: Database,
  workshopId: string,
  input: AddCreditRequest,
): Promise<CreditItem> {
  const scope = workshopScope(workshopId);
  return db.transaction().execute(async (trx) => {
    await repo.lockWorkshopCredits(trx, scope);
    if (await repo.findLiveByTrackingCode(trx, scope, input.trackingCode)) {
      throw conflict(CREDIT_MESSAGES.duplicate);
    }
    const row = await repo.insertCredit(trx, {
      workshopId,
      amount: input.value,
      trackingCode: input.trackingCode,
      account: input.account,
      paidOn: input.date,
    });
    return toItem(row);
  });
}

/** Balance = accepted credits − Σ count × price of the ranges bought (docs/product.md §5.6). */
export async function workshopBalance(db: Database, workshopId: string) {
  const scope = workshopScope(workshopId);
  const [totalCredit, totalBuy] = await Promise.all([
    repo.sumAcceptedCredits(db, scope),
    repo.sumBought(db, scope),
  ]);
  return { totalCredit, totalBuy, totalBalance: totalCredit - totalBuy };
}

export async function getCredits(db: Database, workshopId: string): Promise<CreditsResponse> {
  const [rows, balance, settings] = await Promise.all([
    repo.listWorkshopCredits(db, workshopScope(workshopId)),
    workshopBalance(db, workshopId),
    repo.readSettings(db, ['AccountNumber', 'AccountName']),
  ]);
  const list = rows.map(toItem);
  return {
    list,
    credits: list,
    accNum: settings.get('AccountNumber') ?? '',
    accName: settings.get('AccountName') ?? '',
    ...balance,
  };
}

export async function allCredits(db: Database, query: AllCreditsQuery): Promise<AllCreditsResponse> {
  const { rows, total } = await repo.listAllCredits(db, adminFilter(query.user), {
    pendingOnly: query.waitFor === true,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  const list: AdminCreditItem[] = rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    value: row.amount,
    lab: row.lab,
    userFullName: row.userFullName,
    cDate: row.createdAt.toISOString(),
    userId: row.workshopId,
    trackingCode: row.trackingCode,
    account: row.account,
    date: row.paidOn,
    status: row.status,
    statusText: CREDIT_STATUS_TEXT[row.status],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  }));
  return { list, totalCount: total, currPage: query.pageNumber, pageSize: query.pageSize };
}

/**
 * Accepts (status 1) or rejects (status 2) a pending request, exactly once: the update only matches a
 * row still in status 0, so of many concurrent decisions one wins and the rest are told it was decided.
 */
export async function decideCredit(
  db: Database,
  actor: { id: string; ip: string },
  input: AcceptCreditRequest,
): Promise<{ id: string; status: 1 | 2; message: string }> {
  const status = input.accepted ? 1 : 2;
  return db.transaction().execute(async (trx) => {
    const row = await repo.decidePending(trx, ADMIN_SCOPE, {
      creditId: input.creditId,
      status,
      decidedBy: actor.id,
    });
    if (!row) {
      if (await repo.findCredit(trx, ADMIN_SCOPE, input.creditId))
        throw conflict(CREDIT_MESSAGES.alreadyDecided);
      throw notFound(CREDIT_MESSAGES.notFound);
    }
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: input.accepted ? 'credit.accept' : 'credit.reject',
      entity: 'credit',
      entityId: row.id,
      before: { status: 0, amount: row.amount, workshopId: row.workshopId, trackingCode: row.trackingCode },
      after: { status, amount: row.amount, workshopId: row.workshopId, trackingCode: row.trackingCode },
      ip: actor.ip,
    });
    return {
      id: row.id,
      status,
      message: input.accepted ? CREDIT_MESSAGES.accepted : CREDIT_MESSAGES.rejected,
    };
  });
}
