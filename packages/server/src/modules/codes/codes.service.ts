import {
  FIRST_PACKET_NUMBER,
  WORKSHOP_STATUS,
  formatToman,
  toPersianDigits,
  type AdminCodeRange,
  type AllCodesQuery,
  type AllCodesResponse,
  type AllotCodesRequest,
  type AllotCodesResponse,
  type BuyCodesResponse,
  type CodeRange,
  type MyCodesResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, conflict, notFound } from '../../lib/errors.ts';
import { ADMIN_SCOPE, adminFilter, workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { workshopBalance } from '../credits/credits.service.ts';
import * as repo from './codes.repository.ts';
import { personOf } from '../../lib/actor.ts';

const fa = (n: number) => toPersianDigits(n);

export const CODE_MESSAGES = {
  notActiveLab:
    'خرید شماره بسته فقط برای آزمایشگاه‌های فعال (دارای کد) ممکن است؛ برای فعال شدن با مدیر سامانه تماس بگیرید',
  workshopNotFound: 'آزمایشگاه پیدا نشد',
  rangeNotFound: 'بازه شماره پیدا نشد',
  overlapGeneric: 'این بازه با بازه دیگری هم‌پوشانی دارد',
  deleted: 'بازه شماره حذف شد',
} as const;

export function insufficientBalanceMessage(count: number, cost: number, balance: number): string {
  return (
    `موجودی حساب برای خرید ${fa(count)} شماره کافی نیست: هزینه ${formatToman(cost)} تومان و ` +
    `موجودی شما ${formatToman(Math.max(0, balance))} تومان است (${formatToman(cost - Math.max(0, balance))} تومان کم دارید). ` +
    'برای شارژ حساب درخواست شارژ ثبت کنید'
  );
}

function toRange(row: repo.RangeRow): CodeRange {
  return {
    id: row.id,
    fromCode: row.fromCode,
    toCode: row.toCode,
    count: row.count,
    used: row.used,
    serialNo: row.serialNo,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminRange(row: repo.RangeRow, lab: string): AdminCodeRange {
  return {
    id: row.id,
    fromCode: row.fromCode,
    toCode: row.toCode,
    count: row.count,
    used: row.used,
    user: lab,
    userId: row.workshopId,
    createDate: row.createdAt.toISOString(),
    serialNo: row.serialNo,
    pricePerCode: row.pricePerCode,
  };
}

export async function myCodes(db: Database, workshopId: string): Promise<MyCodesResponse> {
  const [rows, price, balance, workshop] = await Promise.all([
    repo.listWorkshopRanges(db, workshopScope(workshopId)),
    repo.readNumPrice(db),
    workshopBalance(db, workshopId),
    repo.findWorkshop(db, workshopId),
  ]);
  return {
    list: rows.map(toRange),
    price,
    balance: balance.totalBalance,
    canBuy: workshop?.status === WORKSHOP_STATUS.active,
  };
}

/**
 * Buys the network's next `count` numbers (docs/product.md §5.1). One transaction holds the sequence lock, so
 * concurrent purchases (any workshop) are serialised: the balance is checked again under the lock (a
 * workshop cannot overspend with parallel requests) and each range starts after the highest number
 * any range holds, so ranges never overlap and purchases are contiguous.
 */
export async function buyCodes(
  db: Database,
  actor: { id: string; ip: string },
  count: number,
): Promise<{ data: BuyCodesResponse; message: string }> {
  const workshop = await repo.findWorkshop(db, actor.id);
  if (!workshop) throw notFound(CODE_MESSAGES.workshopNotFound);
  if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(CODE_MESSAGES.notActiveLab);

  return db.transaction().execute(async (trx) => {
    await repo.lockCodeSequence(trx);
    const price = await repo.readNumPrice(trx);
    const cost = count * price;
    const { totalBalance } = await workshopBalance(trx, actor.id);
    if (cost > totalBalance) throw businessRule(insufficientBalanceMessage(count, cost, totalBalance));

    const earlier = await repo.listWorkshopRanges(trx, workshopScope(actor.id));
    const max = await repo.maxToCode(trx);
    const fromCode = max === null ? FIRST_PACKET_NUMBER : max + 1;
    const toCode = fromCode + count - 1;
    const row = await repo.insertRange(trx, {
      workshopId: actor.id,
      fromCode,
      toCode,
      pricePerCode: price,
      createdBy: personOf(actor),
    });
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'codes.buy',
      entity: 'code_range',
      entityId: row.id,
      after: { fromCode, toCode, count, pricePerCode: price, cost },
      ip: actor.ip,
    });
    return {
      data: { fromCode, toCode, count: row.count, all: earlier.map(toRange) },
      message: `شماره‌های ${fa(fromCode)} تا ${fa(toCode)} (${fa(count)} شماره) برای شما ثبت شد`,
    };
  });
}

export async function allCodes(db: Database, query: AllCodesQuery): Promise<AllCodesResponse> {
  const { rows, total } = await repo.listAllRanges(db, adminFilter(query.userId), {
    serialNo: query.serialNo,
    fromCode: query.fromCode,
    toCode: query.toCode,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  return {
    list: rows.map((row) => toAdminRange(row, row.lab)),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

function isExclusionViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23P01';
}

/** An admin allots a range to a workshop, free of charge. Overlaps are refused naming the other range. */
export async function allotCodes(
  db: Database,
  actor: { id: string; ip: string },
  input: AllotCodesRequest,
): Promise<{ data: AllotCodesResponse; message: string }> {
  const workshop = await repo.findWorkshop(db, input.userId);
  if (!workshop) throw notFound(CODE_MESSAGES.workshopNotFound);
  try {
    await db.transaction().execute(async (trx) => {
      await repo.lockCodeSequence(trx);
      const other = await repo.findOverlapping(trx, input.fromCode, input.toCode);
      if (other) {
        throw conflict(
          `این بازه با بازه ${fa(other.fromCode)} تا ${fa(other.toCode)} (${other.lab}) هم‌پوشانی دارد`,
        );
      }
      const row = await repo.insertRange(trx, {
        workshopId: workshop.id,
        fromCode: input.fromCode,
        toCode: input.toCode,
        pricePerCode: 0,
        ...(input.serialNo !== undefined ? { serialNo: input.serialNo } : {}),
        createdBy: personOf(actor),
      });
      await writeAudit(trx, {
        actorId: personOf(actor),
        action: 'codes.allot',
        entity: 'code_range',
        entityId: row.id,
        after: {
          workshopId: workshop.id,
          fromCode: row.fromCode,
          toCode: row.toCode,
          serialNo: row.serialNo,
        },
        ip: actor.ip,
      });
    });
  } catch (error) {
    // The exclusion constraint is the final arbiter, should anything slip past the check.
    if (isExclusionViolation(error)) throw conflict(CODE_MESSAGES.overlapGeneric);
    throw error;
  }
  const ranges = await repo.listWorkshopRanges(db, workshopScope(workshop.id));
  return {
    data: { all: ranges.map((row) => toAdminRange(row, workshop.fName)) },
    message: `شماره‌های ${fa(input.fromCode)} تا ${fa(input.toCode)} به ${workshop.fName} اختصاص یافت`,
  };
}

/** Deletes a range none of whose numbers is used; used numbers belong to packets and stay. */
export async function deleteCode(db: Database, actor: { id: string; ip: string }, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const range = await repo.findRangeForUpdate(trx, ADMIN_SCOPE, id);
    if (!range) throw notFound(CODE_MESSAGES.rangeNotFound);
    if (range.used > 0 || (await repo.rangeHasPackets(trx, range))) {
      throw businessRule(
        `از این بازه ${fa(Math.max(range.used, 1))} شماره استفاده شده است و نمی‌توان آن را حذف کرد`,
      );
    }
    await repo.deleteRange(trx, id);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'codes.delete',
      entity: 'code_range',
      entityId: id,
      before: {
        workshopId: range.workshopId,
        fromCode: range.fromCode,
        toCode: range.toCode,
        serialNo: range.serialNo,
        pricePerCode: range.pricePerCode,
      },
      ip: actor.ip,
    });
  });
}
