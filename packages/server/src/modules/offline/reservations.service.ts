import {
  type CodeBlock,
  type ReleaseCodesRequest,
  type ReleaseCodesResponse,
  type ReserveCodesRequest,
  type ReserveCodesResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { workshopScope } from '../../lib/scope.ts';
import { countOf, merge, takeLowest, unusedRuns, within } from './blocks.lib.ts';
import {
  reclaimIdleLocked,
  recordRegistrations,
  releaseLocked,
  topUpSize,
  touchDevice,
} from './leases.service.ts';
import type { OfflineTokenKeys } from './public-tokens.lib.ts';
import * as repo from './reservations.repository.ts';

// Numbers kept for one device of a workshop to register offline (ADR 0033), as leases (ADR 0045). Reserving and
// releasing lock the workshop's ranges, as AddTest does, so they never interleave with a registration
// of the same workshop. Numbers stay the workshop's: reserving consumes no credit.

/** The device's unused reserved numbers, as runs; its blocks' used parts are not counted. */
async function unusedOf(trx: Database, workshopId: string, deviceId: string | null): Promise<CodeBlock[]> {
  const scope = workshopScope(workshopId);
  const blocks = await repo.blocksOf(trx, scope, deviceId);
  if (blocks.length === 0) return [];
  return unusedRuns(blocks, await repo.usedInBlocks(trx, scope, deviceId));
}

/**
 * `POST /Tests/ReserveCodes`: tops the device up by `topUpSize` (at most `count`, sized to its use and
 * a fair share, ADR 0045), from the released numbers first (lowest first), then from each range's next
 * number upward (moving it past the block). Fewer when the workshop has no more; answers all of the device's unused reserved numbers, and the
 * device's key for the public tokens of the packets it registers offline (ADR 0040).
 */
export async function reserveCodes(
  deps: { db: Database; offlineTokens: OfflineTokenKeys },
  workshopId: string,
  input: ReserveCodesRequest,
): Promise<ReserveCodesResponse> {
  const { db } = deps;
  const scope = workshopScope(workshopId);
  return db.transaction().execute(async (trx) => {
    const ranges = await repo.lockRanges(trx, scope);
    await touchDevice(trx, workshopId, input.deviceId);
    let mine = await unusedOf(trx, workshopId, input.deviceId);
    let need = await topUpSize(trx, workshopId, input.deviceId, countOf(mine), input.count, ranges);
    if (need > 0) {
      const released = await unusedOf(trx, workshopId, null);
      const { taken, rest } = takeLowest(released, need);
      if (taken.length > 0) await repo.replaceBlocks(trx, scope, null, rest);
      mine = [...mine, ...taken];
      need -= countOf(taken);
    }
    for (const range of ranges) {
      if (need <= 0) break;
      if (range.nextCode > range.toCode) continue;
      const block = { from: range.nextCode, to: Math.min(range.toCode, range.nextCode + need - 1) };
      await repo.raiseNextCode(trx, range.id, block.to + 1);
      mine = [...mine, block];
      need -= countOf([block]);
    }
    const blocks = merge(mine);
    // Rewritten each time: the used parts of the device's blocks go, so its blocks stay few and short.
    await repo.replaceBlocks(trx, scope, input.deviceId, blocks);
    const tokenKey = deps.offlineTokens.tokenKey(workshopId, input.deviceId);
    return { blocks, count: countOf(blocks), tokenKey };
  });
}

/** `POST /Tests/ReleaseCodes`: the device's unused reserved numbers go back to the workshop's pool. */
export async function releaseCodes(
  db: Database,
  workshopId: string,
  input: ReleaseCodesRequest,
): Promise<ReleaseCodesResponse> {
  const scope = workshopScope(workshopId);
  return db.transaction().execute(async (trx) => {
    await repo.lockRanges(trx, scope);
    const mine = await unusedOf(trx, workshopId, input.deviceId);
    return { released: await releaseLocked(trx, workshopId, mine, input.deviceId) };
  });
}

/**
 * The first of these numbers that another device than `deviceId` holds (any device's, when the request
 * names none), or null. Called after the workshop's ranges are locked, or for a check only.
 */
export async function reservedElsewhere(
  db: Database,
  workshopId: string,
  deviceId: string | null,
  numbers: readonly number[],
): Promise<number | null> {
  if (numbers.length === 0) return null;
  const blocks = await repo.othersBlocksAround(db, workshopScope(workshopId), deviceId, numbers);
  return numbers.find((n) => within(blocks, n)) ?? null;
}

/**
 * AddTest's check of its numbers, with the workshop's ranges locked: the first one another device holds
 * (as `reservedElsewhere`). A number held by a device idle longer than the lease is taken from it
 * first (ADR 0045): the idle devices' unused numbers go back to the pool. A device's registrations are
 * counted to size its next top-up, in the registration's transaction.
 */
export async function claimReserved(
  trx: Database,
  workshopId: string,
  deviceId: string | null,
  numbers: readonly number[],
): Promise<number | null> {
  let reserved = await reservedElsewhere(trx, workshopId, deviceId, numbers);
  if (reserved !== null && (await reclaimIdleLocked(trx, workshopId)) > 0)
    reserved = await reservedElsewhere(trx, workshopId, deviceId, numbers);
  if (reserved === null && deviceId !== null && numbers.length > 0)
    await recordRegistrations(trx, workshopId, deviceId, numbers.length);
  return reserved;
}

/**
 * The lowest number the device holds and has not used, or null: GetCode offers it to that device when
 * the workshop has no other free number (its counters' reservations took the rest).
 */
export async function lowestOwnReserved(
  db: Database,
  workshopId: string,
  deviceId: string,
): Promise<number | null> {
  return (await unusedOf(db, workshopId, deviceId))[0]?.from ?? null;
}

/** The lowest released number no packet has yet, or null: GetCode offers it before a range's next. */
export function lowestReleased(db: Database, workshopId: string): Promise<number | null> {
  return repo.lowestReleased(db, workshopScope(workshopId));
}
