import { sql } from 'kysely';
import type { CodeBlock } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, type WorkshopScope } from '../../lib/scope.ts';

// Per-device reservations of a workshop's packet numbers (ADR 0033). A block with a null device is
// released: its unused numbers are back in the workshop's pool.

export interface RangeForReserve {
  id: string;
  fromCode: number;
  toCode: number;
  nextCode: number;
}

/**
 * The workshop's ranges, locked: the same rows, in the same order, that `AddTest` locks, so reserving
 * and registering for one workshop run one after another.
 */
export function lockRanges(db: Database, scope: WorkshopScope): Promise<RangeForReserve[]> {
  return db
    .selectFrom('codeRanges')
    .select(['id', 'fromCode', 'toCode', 'nextCode'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .orderBy('fromCode')
    .forUpdate()
    .execute();
}

/** Moves a locked range past the numbers just reserved from it. */
export async function raiseNextCode(db: Database, rangeId: string, next: number): Promise<void> {
  await db
    .updateTable('codeRanges')
    .set({ nextCode: sql<number>`greatest(next_code, ${next})` })
    .where('id', '=', rangeId)
    .execute();
}

/** The device's blocks (`null`: the released ones), ascending. */
export function blocksOf(db: Database, scope: WorkshopScope, deviceId: string | null): Promise<CodeBlock[]> {
  return db
    .selectFrom('codeReservations')
    .select(['fromCode as from', 'toCode as to'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deviceId', deviceId === null ? 'is' : '=', deviceId)
    .orderBy('fromCode')
    .execute();
}

/**
 * The packet numbers already used inside the device's blocks (`null`: the released ones; `'devices'`:
 * every device's, not the released ones). Numbers are unique network-wide, so any packet with the number
 * has used it.
 */
export async function usedInBlocks(
  db: Database,
  scope: WorkshopScope,
  deviceId: string | null | 'devices',
): Promise<number[]> {
  const rows = await db
    .selectFrom('codeReservations as r')
    .innerJoin('assays as a', (join) =>
      join.on((eb) => eb.between('a.docNumber', eb.ref('r.fromCode'), eb.ref('r.toCode'))),
    )
    .select('a.docNumber')
    .where((eb) => inScope(eb, 'r.workshopId', scope))
    .$call((q) =>
      deviceId === 'devices'
        ? q.where('r.deviceId', 'is not', null)
        : q.where('r.deviceId', deviceId === null ? 'is' : '=', deviceId),
    )
    .execute();
  return rows.map((r) => r.docNumber);
}

/** Replaces the device's blocks (`null`: the released ones) with these runs. */
export async function replaceBlocks(
  db: Database,
  scope: WorkshopScope,
  deviceId: string | null,
  runs: readonly CodeBlock[],
): Promise<void> {
  await db
    .deleteFrom('codeReservations')
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deviceId', deviceId === null ? 'is' : '=', deviceId)
    .execute();
  if (runs.length === 0) return;
  await db
    .insertInto('codeReservations')
    .values(runs.map((r) => ({ workshopId: scope.id, deviceId, fromCode: r.from, toCode: r.to })))
    .execute();
}

/**
 * The blocks of other devices than `deviceId` (every device's when it is null) that hold one of these
 * numbers.
 */
export function othersBlocksAround(
  db: Database,
  scope: WorkshopScope,
  deviceId: string | null,
  numbers: readonly number[],
): Promise<CodeBlock[]> {
  return db
    .selectFrom('codeReservations')
    .select(['fromCode as from', 'toCode as to'])
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deviceId', 'is not', null)
    .$if(deviceId !== null, (q) => q.where('deviceId', '!=', deviceId!))
    .where('fromCode', '<=', Math.max(...numbers))
    .where('toCode', '>=', Math.min(...numbers))
    .execute();
}

/** The lowest number of the workshop's released blocks that no packet has, or null. */
export async function lowestReleased(db: Database, scope: WorkshopScope): Promise<number | null> {
  const { rows } = await sql<{ n: number | null }>`
    select min(f.n) as n
    from code_reservations r
    cross join lateral (
      select n from generate_series(r.from_code, r.to_code) as n
      where not exists (select 1 from assays a where a.doc_number = n)
      order by n limit 1
    ) f
    where r.workshop_id = ${scope.id} and r.device_id is null`.execute(db);
  return rows[0]?.n ?? null;
}

/** The device reached the server now: its lease runs from here (ADR 0045). */
export async function touchDevice(db: Database, scope: WorkshopScope, deviceId: string): Promise<void> {
  await db
    .insertInto('codeDevices')
    .values({ workshopId: scope.id, deviceId })
    .onConflict((oc) => oc.columns(['workshopId', 'deviceId']).doUpdateSet({ lastSeenAt: sql`now()` }))
    .execute();
}

/** The device registered `count` packets now; its uses older than a day go (only a day is read). */
export async function recordUses(
  db: Database,
  scope: WorkshopScope,
  deviceId: string,
  count: number,
  hours: number,
): Promise<void> {
  await db
    .deleteFrom('codeDeviceUses')
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deviceId', '=', deviceId)
    .where('usedAt', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .execute();
  await db.insertInto('codeDeviceUses').values({ workshopId: scope.id, deviceId, count }).execute();
}

/** How many packets the device registered in the last `hours`. */
export async function usesOf(
  db: Database,
  scope: WorkshopScope,
  deviceId: string,
  hours: number,
): Promise<number> {
  const row = await db
    .selectFrom('codeDeviceUses')
    .select(sql<string | null>`sum(count)`.as('n'))
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where('deviceId', '=', deviceId)
    .where('usedAt', '>=', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

export interface DeviceBlock extends CodeBlock {
  deviceId: string;
  lastSeenAt: Date | null;
  /** Whether the device has not reached the server for the lease's hours (or never did). */
  idle: boolean;
}

/** Every block held by a device of the workshop (not the released ones), with its device's lease. */
export function deviceBlocks(db: Database, scope: WorkshopScope, idleHours: number): Promise<DeviceBlock[]> {
  return db
    .selectFrom('codeReservations as r')
    .leftJoin('codeDevices as d', (join) =>
      join.onRef('d.workshopId', '=', 'r.workshopId').onRef('d.deviceId', '=', 'r.deviceId'),
    )
    .select([
      sql<string>`r.device_id`.as('deviceId'),
      'r.fromCode as from',
      'r.toCode as to',
      'd.lastSeenAt',
      sql<boolean>`coalesce(d.last_seen_at < now() - make_interval(hours => ${idleHours}), true)`.as('idle'),
    ])
    .where((eb) => inScope(eb, 'r.workshopId', scope))
    .where('r.deviceId', 'is not', null)
    .orderBy('r.fromCode')
    .execute();
}

/** The numbers the workshop bought (its ranges' sizes) and how many of its packets have a number. */
export async function boughtAndRegistered(
  db: Database,
  scope: WorkshopScope,
): Promise<{ bought: number; registered: number }> {
  const [bought, registered] = await Promise.all([
    db
      .selectFrom('codeRanges')
      .select(sql<string | null>`sum(to_code - from_code + 1)`.as('n'))
      .where((eb) => inScope(eb, 'workshopId', scope))
      .executeTakeFirstOrThrow(),
    // Deleted packets too: a number is never handed out again.
    db
      .selectFrom('assays')
      .select(sql<string>`count(*)`.as('n'))
      .where((eb) => inScope(eb, 'workshopId', scope))
      .executeTakeFirstOrThrow(),
  ]);
  return { bought: Number(bought.n ?? 0), registered: Number(registered.n) };
}
