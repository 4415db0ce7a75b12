import {
  IDLE_LEASE_HOURS,
  MAX_RESERVED_PER_DEVICE,
  RESERVE_CAP,
  RESERVE_FLOOR,
  RESERVE_USE_HOURS,
  type CodeBlock,
  type ReservationsResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { workshopScope } from '../../lib/scope.ts';
import { countOf, merge, unusedRuns } from './blocks.lib.ts';
import * as repo from './reservations.repository.ts';

// A reservation is a lease (ADR 0045): sized to the counter's real use, never more than a fair share of
// the lab's free numbers, and lost by a device idle longer than IDLE_LEASE_HOURS to an online counter
// that needs its numbers.

/** A device's unused reserved numbers, with its lease. */
export interface Holding {
  deviceId: string;
  runs: CodeBlock[];
  lastSeenAt: Date | null;
  idle: boolean;
}

/** Every device of the workshop holding at least one unused number, lowest first. */
export async function holdings(db: Database, workshopId: string): Promise<Holding[]> {
  const scope = workshopScope(workshopId);
  const blocks = await repo.deviceBlocks(db, scope, IDLE_LEASE_HOURS);
  if (blocks.length === 0) return [];
  const used = await repo.usedInBlocks(db, scope, 'devices');
  const byDevice = new Map<string, Holding>();
  for (const b of blocks) {
    const h = byDevice.get(b.deviceId) ?? {
      deviceId: b.deviceId,
      runs: [],
      lastSeenAt: b.lastSeenAt,
      idle: b.idle,
    };
    h.runs.push({ from: b.from, to: b.to });
    byDevice.set(b.deviceId, h);
  }
  return [...byDevice.values()]
    .map((h) => ({ ...h, runs: unusedRuns(h.runs, used) }))
    .filter((h) => h.runs.length > 0);
}

/** The device reached the server (`Ayar-Device` on ReserveCodes, GetCode, CheckCode, AddTest, AddCutting). */
export async function touchDevice(db: Database, workshopId: string, deviceId: string | null): Promise<void> {
  if (deviceId !== null) await repo.touchDevice(db, workshopScope(workshopId), deviceId);
}

/** The device registered `count` packets: its next top-up is sized by them (within a day). */
export async function recordRegistrations(
  db: Database,
  workshopId: string,
  deviceId: string,
  count: number,
): Promise<void> {
  await repo.recordUses(db, workshopScope(workshopId), deviceId, count, RESERVE_USE_HOURS);
}

/** The device's unused numbers go back to the workshop's pool; the caller holds the ranges' lock. */
export async function releaseLocked(
  trx: Database,
  workshopId: string,
  mine: Holding | CodeBlock[],
  deviceId: string,
) {
  const scope = workshopScope(workshopId);
  const runs = Array.isArray(mine) ? mine : mine.runs;
  await repo.replaceBlocks(trx, scope, deviceId, []);
  if (runs.length === 0) return 0;
  const blocks = await repo.blocksOf(trx, scope, null);
  const released = blocks.length === 0 ? [] : unusedRuns(blocks, await repo.usedInBlocks(trx, scope, null));
  await repo.replaceBlocks(trx, scope, null, merge([...released, ...runs]));
  return countOf(runs);
}

/**
 * The unused numbers of devices idle longer than the lease go back to the pool (lowest first, as the
 * pool is handed out). Called with the workshop's ranges locked; answers how many came back.
 */
export async function reclaimIdleLocked(trx: Database, workshopId: string): Promise<number> {
  let n = 0;
  for (const h of await holdings(trx, workshopId)) {
    if (h.idle) n += await releaseLocked(trx, workshopId, h, h.deviceId);
  }
  return n;
}

/** `reclaimIdleLocked` in its own transaction, under the ranges' lock (GetCode's, when nothing is free). */
export function reclaimIdle(db: Database, workshopId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockRanges(trx, workshopScope(workshopId));
    return reclaimIdleLocked(trx, workshopId);
  });
}

/** Numbers no device holds and no packet has: the ranges' unreserved rest and the released pool. */
async function freeCount(trx: Database, workshopId: string, ranges: readonly repo.RangeForReserve[]) {
  const scope = workshopScope(workshopId);
  const rest = ranges.reduce((n, r) => n + Math.max(0, r.toCode - r.nextCode + 1), 0);
  const blocks = await repo.blocksOf(trx, scope, null);
  if (blocks.length === 0) return rest;
  return rest + countOf(unusedRuns(blocks, await repo.usedInBlocks(trx, scope, null)));
}

/**
 * How many numbers the device may be topped up by (the ranges locked): up to `count`, its registrations
 * of the last day within the floor and cap, less what it holds, and no more than a fair share of the free
 * numbers, floor(free / (devices holding numbers, this one included, + 1)). When the share falls short,
 * idle devices' numbers come back to the pool first.
 */
export async function topUpSize(
  trx: Database,
  workshopId: string,
  deviceId: string,
  held: number,
  count: number,
  ranges: readonly repo.RangeForReserve[],
): Promise<number> {
  const uses = await repo.usesOf(trx, workshopScope(workshopId), deviceId, RESERVE_USE_HOURS);
  const sized = Math.min(Math.max(uses, RESERVE_FLOOR), RESERVE_CAP);
  const want = Math.min(count, sized, MAX_RESERVED_PER_DEVICE) - held;
  if (want <= 0) return 0;
  const share = async () => {
    const others = (await holdings(trx, workshopId)).filter((h) => h.deviceId !== deviceId).length;
    return Math.floor((await freeCount(trx, workshopId, ranges)) / (others + 2));
  };
  let fair = await share();
  if (fair < want && (await reclaimIdleLocked(trx, workshopId)) > 0) fair = await share();
  return Math.min(want, fair);
}

/** `GET /Tests/Reservations`: the workshop's numbers, bought / registered / held on devices / free. */
export async function reservations(db: Database, workshopId: string): Promise<ReservationsResponse> {
  const [held, { bought, registered }] = await Promise.all([
    holdings(db, workshopId),
    repo.boughtAndRegistered(db, workshopScope(workshopId)),
  ]);
  const devices = held.map((h) => ({
    deviceId: h.deviceId,
    held: countOf(h.runs),
    lastSeenAt: h.lastSeenAt?.toISOString() ?? null,
  }));
  const heldCount = devices.reduce((n, d) => n + d.held, 0);
  return { devices, bought, registered, held: heldCount, free: Math.max(0, bought - registered - heldCount) };
}
