import { TEST_TYPES } from '../../packages/contract/src/index.ts';
import { BulkWriter } from './bulk-writer.ts';
import { DESCRIPTIONS } from './names.ts';
import { cumulative } from './prng.ts';
import {
  DAY_MS,
  mobile,
  personName,
  TYPE_PROFILE,
  workingTime,
  type Network,
  type SeedContext,
} from './seed-shapes.ts';

// The packets and the code ranges their numbers come from.

interface Range {
  id: string;
  workshop: number;
  from: number;
  to: number;
  used: number;
  firstUse: number;
  serial: number;
}

/** The assays table's columns as the seed writes them. */
const ASSAY_COLUMNS = {
  id: 'uuid',
  workshop_id: 'uuid',
  customer_id: 'uuid',
  other_owner_name: 'text',
  other_owner_mobile: 'text',
  test_type_id: 'uuid',
  doc_number: 'int8',
  code_range_id: 'uuid',
  purity: 'smallint',
  ready_time: 'int4',
  sample_weight_mg: 'int8',
  gold_weight_mg: 'int8',
  fee_type: 'smallint',
  fee_toman: 'int8',
  fee_gold_mg: 'int8',
  description: 'text',
  platform: 'text',
  public_token: 'text',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  purity_at: 'timestamptz',
  delete_requested_at: 'timestamptz',
  delete_requested_by: 'uuid',
  deleted_at: 'timestamptz',
  deleted_by: 'uuid',
  result_version: 'int4',
};

export interface PacketPlan {
  rangesOf: Range[][];
  /** When each workshop's packets came in, oldest first. */
  timesOf: number[][];
  /** How many ranges were handed out in all. */
  rangeCount: number;
}

/**
 * Code ranges: 1–3 per workshop, sized to its packets plus spare, handed out network-wide in a
 * shuffled order so one lab's ranges are not adjacent (like an admin allocating over the years).
 */
export function planPackets(ctx: SeedContext, assayCounts: readonly number[]): PacketPlan {
  const { prng, nowMs } = ctx;
  const W = assayCounts.length;
  const wanted: { workshop: number; size: number }[] = [];
  for (let w = 0; w < W; w++) {
    const n = assayCounts[w]!;
    const parts = n > 2000 ? prng.int(1, 3) : 1;
    for (let p = 0; p < parts; p++) {
      const part = Math.ceil(n / parts);
      wanted.push({ workshop: w, size: Math.ceil((part * 1.1 + 100) / 100) * 100 });
    }
  }
  for (let i = wanted.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [wanted[i], wanted[j]] = [wanted[j]!, wanted[i]!];
  }
  const rangesOf: Range[][] = Array.from({ length: W }, () => []);
  let nextFrom = 100_001;
  wanted.forEach((want, index) => {
    const range: Range = {
      id: prng.uuid(),
      workshop: want.workshop,
      from: nextFrom,
      to: nextFrom + want.size - 1,
      used: 0,
      firstUse: nowMs,
      serial: index + 1,
    };
    rangesOf[want.workshop]!.push(range);
    nextFrom = range.to + 1 + prng.int(0, 5) * 100;
  });

  // When each packet came in, per workshop, oldest first; numbers are taken from its ranges in order,
  // so a range's first packet dates the range (an admin hands it out a day or so before).
  const timesOf: number[][] = assayCounts.map((n) => {
    const times = Array.from({ length: n }, () =>
      workingTime(prng, nowMs, Math.floor(365 * prng.next() ** 1.15)),
    );
    return times.sort((a, b) => a - b);
  });
  for (let w = 0; w < W; w++) {
    let k = 0;
    for (const range of rangesOf[w]!) {
      const take = Math.min(range.to - range.from + 1, timesOf[w]!.length - k);
      range.used = take;
      range.firstUse = take > 0 ? timesOf[w]![k]! : nowMs;
      k += take;
    }
  }
  return { rangesOf, timesOf, rangeCount: wanted.length };
}

export async function writeRanges(ctx: SeedContext, network: Network, plan: PacketPlan): Promise<number> {
  const { db, prng, batchSize } = ctx;
  const { workshopIds, adminId } = network;
  const { rangesOf } = plan;
  const codeRanges = new BulkWriter(
    db,
    'code_ranges',
    {
      id: 'uuid',
      workshop_id: 'uuid',
      from_code: 'int8',
      to_code: 'int8',
      serial_no: 'int4',
      price_per_code: 'int8',
      next_code: 'int8',
      created_by: 'uuid',
      created_at: 'timestamptz',
    },
    batchSize,
  );
  for (const range of rangesOf.flat().sort((a, b) => a.serial - b.serial)) {
    await codeRanges.push([
      range.id,
      workshopIds[range.workshop],
      range.from,
      range.to,
      range.serial,
      1000,
      range.from + range.used,
      adminId,
      new Date(range.firstUse - prng.int(1, 72) * 3600_000).toISOString(),
    ]);
  }
  return codeRanges.finish();
}

/**
 * The packets. `signed`: each packet with a purity points at its current signed version (1, or 2 when
 * it was deleted: seed-versions.ts writes them next); written here, not updated after, so a million
 * packets are not rewritten.
 */
export async function writePackets(
  ctx: SeedContext,
  network: Network,
  plan: PacketPlan,
  signed: boolean,
): Promise<number> {
  const { db, prng, batchSize, nowMs } = ctx;
  const { workshopIds, customersOf, adminId } = network;
  const { rangesOf, timesOf } = plan;
  const W = workshopIds.length;
  const assays = new BulkWriter(db, 'assays', ASSAY_COLUMNS, batchSize);
  const typeCumulative = cumulative(TYPE_PROFILE.map((t) => t.weight));
  for (let w = 0; w < W; w++) {
    const workshopId = workshopIds[w]!;
    const own = customersOf[w]!;
    // Regular customers bring most packets (Zipf-like).
    const customerCumulative = cumulative(own.map((_, i) => 1 / (i + 1) ** 0.8));
    const times = timesOf[w]!;
    const ranges = rangesOf[w]!;
    let r = 0;
    let offset = 0;
    for (let k = 0; k < times.length; k++) {
      while (offset >= ranges[r]!.used) {
        r++;
        offset = 0;
      }
      const range = ranges[r]!;
      const doc = range.from + offset++;
      const created = times[k]!;
      const ageMs = nowMs - created;
      const type = prng.weighted(typeCumulative);
      const profile = TYPE_PROFILE[type]!;
      const waiting = ageMs < DAY_MS ? prng.chance(0.5) : prng.chance(0.01);
      const purity = waiting ? null : prng.normalInt(profile.purity, profile.spread, 600, 999);
      const readyTime = prng.pick([5, 10, 15, 20, 30, 45, 60, 90, 120]);
      const sampleMg = prng.int(profile.gramsMin * 1000, profile.gramsMax * 1000);
      const goldMg = purity === null ? null : Math.round((sampleMg * purity) / 1000);
      const feeInGold = prng.chance(0.12);
      const other = prng.chance(0.08);
      const deleted = prng.chance(0.004);
      const deleteRequested = !deleted && prng.chance(0.002);
      const createdIso = new Date(created).toISOString();
      await assays.push([
        prng.uuid(),
        workshopId,
        other ? null : own[prng.weighted(customerCumulative)],
        other ? personName(prng) : null,
        other && prng.chance(0.8) ? mobile(prng) : null,
        TEST_TYPES[type]!.id,
        doc,
        range.id,
        purity,
        readyTime,
        sampleMg,
        goldMg,
        feeInGold ? 0 : 1,
        feeInGold ? 0 : prng.int(20, 300) * 1000,
        feeInGold ? prng.int(10, 100) : 0,
        prng.chance(0.2) ? prng.pick(DESCRIPTIONS) : null,
        prng.chance(0.3) ? 'a' : 'w',
        prng.token(22),
        workshopId,
        createdIso,
        createdIso,
        purity === null ? null : new Date(created + readyTime * 60_000 * prng.next()).toISOString(),
        deleteRequested || deleted ? new Date(created + prng.int(1, 48) * 3600_000).toISOString() : null,
        deleteRequested || deleted ? workshopId : null,
        deleted ? new Date(created + prng.int(49, 96) * 3600_000).toISOString() : null,
        deleted ? adminId : null,
        signed && purity !== null ? (deleted ? 2 : 1) : null,
      ]);
    }
  }
  return assays.finish();
}
