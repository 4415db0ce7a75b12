import { ASSAY_MSG, WORKSHOP_STATUS } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, businessRule, notFound } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import * as registration from './registration.repository.ts';

// Packet numbers (`Tests/GetCode`, `Tests/CheckCode`): a workshop's next free number, and whether a
// typed one is its own and unused.

export const notYours = (n: number) => `${ASSAY_MSG.codeNotYours}: ${n}`;
export const used = (n: number) => `${ASSAY_MSG.codeUsed}: ${n}`;

export async function getCode(db: Database, workshopId: string): Promise<number> {
  const workshop = await registration.findWorkshop(db, workshopId);
  if (!workshop) throw notFound();
  if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(ASSAY_MSG.notActive);
  const next = await registration.nextFreeCode(db, workshopScope(workshopId));
  if (next === null) throw businessRule(ASSAY_MSG.noCode);
  return next;
}

export async function checkCode(db: Database, workshopId: string, code: number) {
  const ranges = await registration.workshopRanges(db, workshopScope(workshopId));
  if (!ranges.some((r) => r.fromCode <= code && code <= r.toCode)) {
    throw new AppError(400, 'BUSINESS_RULE', notYours(code), [
      { field: 'code', message: ASSAY_MSG.codeNotYours },
    ]);
  }
  if ((await registration.usedNumbers(db, [code])).length > 0) {
    throw new AppError(409, 'CONFLICT', used(code), [{ field: 'code', message: ASSAY_MSG.codeUsed }]);
  }
  return { code, available: true };
}
