import { ASSAY_MSG, OFFLINE_MSG, WORKSHOP_STATUS } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, businessRule, notFound } from '../../lib/errors.ts';
import { workshopScope } from '../../lib/scope.ts';
import {
  lowestOwnReserved,
  lowestReleased,
  reclaimIdle,
  reservedElsewhere,
  touchDevice,
} from '../offline/offline.service.ts';
import * as registration from './registration.repository.ts';

// Packet numbers (`Tests/GetCode`, `Tests/CheckCode`): a workshop's next free number, and whether a
// typed one is its own, unused and not kept for another of its devices (ADR 0033).

export const notYours = (n: number) => `${ASSAY_MSG.codeNotYours}: ${n}`;
export const used = (n: number) => `${ASSAY_MSG.codeUsed}: ${n}`;

/**
 * The number lab/add offers: the lowest of the workshop's released numbers, its ranges' next number and,
 * for a device (`Ayar-Device`), the numbers that device holds (ADR 0033). A counter's own numbers come
 * first when lower, so a lab's first counter starts at its first bought number, and a counter online
 * never hears "no numbers" while it holds some.
 */
export async function getCode(db: Database, workshopId: string, deviceId: string | null): Promise<number> {
  const workshop = await registration.findWorkshop(db, workshopId);
  if (!workshop) throw notFound();
  if (workshop.status !== WORKSHOP_STATUS.active) throw businessRule(ASSAY_MSG.notActive);
  await touchDevice(db, workshopId, deviceId);
  // A range's next number is past every block reserved from it; released numbers come first.
  const offers = async () =>
    [
      await registration.nextFreeCode(db, workshopScope(workshopId)),
      await lowestReleased(db, workshopId),
      deviceId === null ? null : await lowestOwnReserved(db, workshopId, deviceId),
    ].filter((n): n is number => n !== null);
  let offered = await offers();
  // Nothing free: devices idle past their lease give their numbers back first (ADR 0045).
  if (offered.length === 0 && (await reclaimIdle(db, workshopId)) > 0) offered = await offers();
  if (offered.length === 0) throw businessRule(ASSAY_MSG.noCode);
  return Math.min(...offered);
}

export async function checkCode(db: Database, workshopId: string, code: number, deviceId: string | null) {
  await touchDevice(db, workshopId, deviceId);
  const ranges = await registration.workshopRanges(db, workshopScope(workshopId));
  if (!ranges.some((r) => r.fromCode <= code && code <= r.toCode)) {
    throw new AppError(400, 'BUSINESS_RULE', notYours(code), [
      { field: 'code', message: ASSAY_MSG.codeNotYours },
    ]);
  }
  if ((await registration.usedNumbers(db, [code])).length > 0) {
    throw new AppError(409, 'CONFLICT', used(code), [{ field: 'code', message: ASSAY_MSG.codeUsed }]);
  }
  if ((await reservedElsewhere(db, workshopId, deviceId, [code])) !== null) {
    throw new AppError(409, 'CONFLICT', `${OFFLINE_MSG.codeReserved}: ${code}`, [
      { field: 'code', message: OFFLINE_MSG.codeReserved },
    ]);
  }
  return { code, available: true };
}
