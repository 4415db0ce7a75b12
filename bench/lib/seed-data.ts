import { sql } from 'kysely';
import { TEST_TYPES } from '../../packages/contract/src/index.ts';
import type { Database } from '../../packages/server/src/db/database.ts';
import { hashPassword } from '../../packages/server/src/lib/password.ts';
import {
  AREA_CODES,
  CITIES,
  DESCRIPTIONS,
  FIRST_NAMES,
  LAB_WORDS,
  LAST_NAMES,
  MOBILE_PREFIXES,
  STREETS,
} from './names.ts';
import { cumulative, Prng } from './prng.ts';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN = 'bench-admin';
export const workshopUsername = (n: number) => `lab${n}`;

export interface SeedOptions {
  workshops: number;
  customers: number;
  assays: number;
  seed: number;
  /** Wipe every data table first. Without it, a database that already holds workshops is refused. */
  reset: boolean;
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  rows: Record<string, number>;
  seconds: Record<string, number>;
  totalSeconds: number;
}

export class SeedRefusedError extends Error {}

const DAY_MS = 24 * 3600_000;
const TEHRAN_OFFSET_MIN = 210; // UTC+03:30, no daylight saving since 2022

/** One bulk-insert batch, column by column: `insert … select * from unnest($1::uuid[], $2::text[], …)`. */
class ColumnBatch {
  readonly columns: { name: string; type: string; values: unknown[] }[];
  length = 0;
  constructor(spec: Record<string, string>) {
    this.columns = Object.entries(spec).map(([name, type]) => ({ name, type, values: [] }));
  }
  push(row: readonly unknown[]): void {
    for (let i = 0; i < this.columns.length; i++) this.columns[i]!.values.push(row[i]);
    this.length++;
  }
  take(): { name: string; type: string; values: unknown[] }[] {
    const taken = this.columns.map((c) => ({ ...c }));
    for (const c of this.columns) c.values = [];
    this.length = 0;
    return taken;
  }
}

/**
 * Streams rows into one table in batches: each batch is one `unnest` INSERT in its own transaction
 * (synchronous_commit off: bench data, not ledgers), and two batches are in flight so PostgreSQL and
 * the generator overlap on two cores.
 */
class BulkWriter {
  private readonly db: Database;
  private readonly table: string;
  private readonly batchSize: number;
  private readonly batch: ColumnBatch;
  private readonly inflight = new Set<Promise<unknown>>();
  private failure: unknown = null;
  count = 0;

  constructor(db: Database, table: string, spec: Record<string, string>, batchSize: number) {
    this.db = db;
    this.table = table;
    this.batchSize = batchSize;
    this.batch = new ColumnBatch(spec);
  }

  async push(row: readonly unknown[]): Promise<void> {
    this.batch.push(row);
    this.count++;
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.batch.length) return;
    while (this.inflight.size >= 2) await Promise.race(this.inflight);
    if (this.failure) {
      await Promise.all(this.inflight);
      throw this.failure;
    }
    const columns = this.batch.take();
    const names = sql.raw(columns.map((c) => c.name).join(', '));
    const arrays = sql.join(columns.map((c) => sql`${c.values}::${sql.raw(c.type)}[]`));
    const query = sql`insert into ${sql.raw(this.table)} (${names}) select * from unnest(${arrays})`;
    const job: Promise<unknown> = this.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        await query.execute(trx);
      })
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  async finish(): Promise<number> {
    await this.flush();
    await Promise.all(this.inflight);
    if (this.failure) throw this.failure;
    return this.count;
  }
}

/** A moment in Tehran working hours (09:00–20:00, no Fridays) `ageDays` days before `now`, in ms. */
function workingTime(prng: Prng, now: number, ageDays: number): number {
  const dayStart =
    Math.floor((now + TEHRAN_OFFSET_MIN * 60_000) / DAY_MS) * DAY_MS - TEHRAN_OFFSET_MIN * 60_000;
  let day = dayStart - ageDays * DAY_MS;
  // Fridays are the weekend: those samples came in on Thursday.
  if (new Date(day + TEHRAN_OFFSET_MIN * 60_000).getUTCDay() === 5) day -= DAY_MS;
  const minute = prng.int(9 * 60, 20 * 60 - 1);
  const t = day + minute * 60_000 + prng.int(0, 59_999);
  return t < now ? t : t - DAY_MS; // later today has not happened yet: the same hour yesterday
}

function personName(prng: Prng): string {
  return `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`;
}

function mobile(prng: Prng): string {
  return prng.pick(MOBILE_PREFIXES) + prng.digits(7);
}

function isoDate(ms: number): string {
  return new Date(ms + TEHRAN_OFFSET_MIN * 60_000).toISOString().slice(0, 10);
}

function split(total: number, weights: readonly number[], minimum: number): number[] {
  const floor = Math.min(minimum, Math.floor(total / weights.length));
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => floor + Math.floor((rest * w) / sum));
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % out.length, left--) out[i]!++;
  return out;
}

/** Test types with how often labs see them and the purity (per mille) they usually have. */
const TYPE_PROFILE = [
  { weight: 46, purity: 750, spread: 30, gramsMin: 1, gramsMax: 80 }, // ساخته: jewellery, 18 carat
  { weight: 12, purity: 780, spread: 150, gramsMin: 1, gramsMax: 60 }, // متفرقه
  { weight: 5, purity: 995, spread: 4, gramsMin: 5, gramsMax: 250 }, // شمش: bars
  { weight: 9, purity: 900, spread: 3, gramsMin: 1, gramsMax: 9 }, // سکه: coins
  { weight: 25, purity: 820, spread: 170, gramsMin: 10, gramsMax: 400 }, // آبشده: melted gold
  { weight: 3, purity: 925, spread: 60, gramsMin: 5, gramsMax: 300 }, // نقره: silver
] as const;

export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 5000;
  const prng = new Prng(options.seed);
  const started = performance.now();
  const seconds: Record<string, number> = {};
  const rows: Record<string, number> = {};
  let phase = performance.now();
  const lap = (name: string, count: number) => {
    const now = performance.now();
    seconds[name] = (now - phase) / 1000;
    rows[name] = count;
    phase = now;
    log(`  ${name.padEnd(12)} ${String(count).padStart(9)} rows  ${seconds[name].toFixed(1)} s`);
  };

  const existing = await sql<{ workshops: number; assays: number }>`
    select (select count(*) from users where role = 'workshop')::int as workshops,
           (select count(*) from assays)::int as assays`.execute(db);
  const found = existing.rows[0]!;
  if ((found.workshops > 0 || found.assays > 0) && !options.reset) {
    throw new SeedRefusedError(
      `The database already holds ${found.workshops} workshops and ${found.assays} packets. ` +
        'Pass --reset to wipe it first (every user, customer, packet, payment and credit is deleted).',
    );
  }
  if (options.reset) {
    await sql`
      truncate audit_log, messages, assay_images, assays, payments, credits, customers, code_ranges,
        otp_codes, sessions, files, users restart identity cascade;
      alter sequence workshop_code_seq restart with 1001;
      alter sequence code_range_serial_seq restart with 1;
    `.execute(db);
  }

  const nowMs = Math.floor(Date.now() / 60_000) * 60_000;
  const passwordHash = await hashPassword(BENCH_PASSWORD); // once; every bench account shares it
  const W = options.workshops;

  // Administrator (decides credits, hands out code ranges).
  const adminId = prng.uuid();
  await db
    .insertInto('users')
    .values({
      id: adminId,
      username: BENCH_ADMIN,
      passwordHash,
      role: 'admin',
      fullName: 'مدیر سامانه',
      workshopCode: null,
      cellPhone: mobile(prng),
      phone: null,
      address: null,
      rejeCode: null,
      nationalId: null,
      settings: null,
      audioFileId: null,
      status: 1,
      createdAt: new Date(nowMs - 400 * DAY_MS),
    })
    .execute();

  // How big each lab is: log-normal-ish weights; lab1 is the biggest so lists over it are the worst case.
  const weights = Array.from({ length: W }, () =>
    Math.exp(1.2 * ((prng.next() + prng.next() + prng.next() - 1.5) * 2)),
  );
  const biggest = weights.reduce((a, b) => Math.max(a, b), 0);
  weights[0] = biggest * 1.2;
  const assayCounts = split(options.assays, weights, 0);
  const customerCounts = split(options.customers, weights, 3);

  // Workshops.
  const workshopIds: string[] = [];
  const users = new BulkWriter(
    db,
    'users',
    {
      id: 'uuid',
      username: 'text',
      password_hash: 'text',
      role: 'text',
      f_name: 'text',
      full_name: 'text',
      cell_phone: 'text',
      phone: 'text',
      address: 'text',
      reje_code: 'text',
      national_id: 'text',
      is_public_user: 'boolean',
      is_lab_owner: 'boolean',
      status: 'smallint',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    batchSize,
  );
  for (let i = 0; i < W; i++) {
    const id = prng.uuid();
    workshopIds.push(id);
    const city = prng.int(0, CITIES.length - 1);
    const created = new Date(nowMs - prng.int(370, 1500) * DAY_MS).toISOString();
    await users.push([
      id,
      workshopUsername(i + 1),
      passwordHash,
      'workshop',
      `آزمایشگاه عیارسنجی ${prng.pick(LAB_WORDS)} ${CITIES[city]}`,
      personName(prng),
      mobile(prng),
      AREA_CODES[city]! + prng.digits(8),
      `${CITIES[city]}، ${prng.pick(STREETS)}، پلاک ${prng.int(1, 300)}`,
      prng.digits(6),
      prng.digits(10),
      prng.chance(0.6),
      prng.chance(0.9),
      i > 0 && prng.chance(0.03) ? 5 : 1, // a few labs are inactive; lab1 never is
      created,
      created,
    ]);
  }
  lap('users', (await users.finish()) + 1); // the labs and the administrator

  // Customers, numbered 1..n per workshop.
  const customersOf: string[][] = [];
  const customers = new BulkWriter(
    db,
    'customers',
    {
      id: 'uuid',
      workshop_id: 'uuid',
      code: 'int4',
      name: 'text',
      mobile1: 'text',
      mobile2: 'text',
      phone: 'text',
      description: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      deleted_at: 'timestamptz',
    },
    batchSize,
  );
  for (let w = 0; w < W; w++) {
    const ids: string[] = [];
    const n = customerCounts[w]!;
    const firstDay = prng.int(300, 365);
    for (let c = 0; c < n; c++) {
      const id = prng.uuid();
      ids.push(id);
      // Most regulars were registered early; newer ones trickle in over the year.
      const created = new Date(
        workingTime(prng, nowMs, Math.round(firstDay * (1 - (c / n) ** 2))),
      ).toISOString();
      await customers.push([
        id,
        workshopIds[w],
        c + 1,
        personName(prng),
        mobile(prng),
        prng.chance(0.15) ? mobile(prng) : null,
        prng.chance(0.1) ? AREA_CODES[prng.int(0, AREA_CODES.length - 1)]! + prng.digits(8) : null,
        prng.chance(0.05) ? `همکار ${prng.pick(STREETS)}` : null,
        created,
        created,
        prng.chance(0.01) ? new Date(nowMs - prng.int(1, 60) * DAY_MS).toISOString() : null,
      ]);
    }
    customersOf.push(ids);
  }
  lap('customers', await customers.finish());

  // Code ranges: 1–3 per workshop, sized to its packets plus spare, handed out network-wide in a
  // shuffled order so one lab's ranges are not adjacent (like an admin allocating over the years).
  interface Range {
    id: string;
    workshop: number;
    from: number;
    to: number;
    used: number;
    firstUse: number;
    serial: number;
  }
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
  lap('code_ranges', await codeRanges.finish());
  await sql`select setval('code_range_serial_seq', ${wanted.length + 1}, false)`.execute(db);

  const assays = new BulkWriter(
    db,
    'assays',
    {
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
    },
    batchSize,
  );
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
      ]);
    }
  }
  lap('assays', await assays.finish());

  // Payments: a customer settles in gold or in money now and then.
  const payments = new BulkWriter(
    db,
    'payments',
    {
      workshop_id: 'uuid',
      customer_id: 'uuid',
      type: 'smallint',
      gold_mg: 'int8',
      money_toman: 'int8',
      description: 'text',
      paid_on: 'date',
      created_by: 'uuid',
      created_at: 'timestamptz',
      deleted_at: 'timestamptz',
    },
    batchSize,
  );
  for (let w = 0; w < W; w++) {
    for (const customerId of customersOf[w]!) {
      const count = prng.int(0, 4);
      for (let p = 0; p < count; p++) {
        const at = workingTime(prng, nowMs, prng.int(0, 364));
        const gold = prng.chance(0.4);
        await payments.push([
          workshopIds[w],
          customerId,
          gold ? 1 : 2,
          gold ? prng.int(100, 20_000) : 0,
          gold ? 0 : prng.int(1, 500) * 100_000,
          prng.chance(0.1) ? 'تسویه' : null,
          isoDate(at),
          workshopIds[w],
          new Date(at).toISOString(),
          prng.chance(0.02) ? new Date(at + DAY_MS).toISOString() : null,
        ]);
      }
    }
  }
  lap('payments', await payments.finish());

  // Credits: labs top up their account by bank transfer; the admin accepts or rejects.
  const credits = new BulkWriter(
    db,
    'credits',
    {
      workshop_id: 'uuid',
      amount: 'int8',
      tracking_code: 'text',
      account: 'text',
      paid_on: 'date',
      status: 'smallint',
      decided_by: 'uuid',
      decided_at: 'timestamptz',
      created_at: 'timestamptz',
    },
    batchSize,
  );
  for (let w = 0; w < W; w++) {
    const count = prng.int(0, 10);
    for (let c = 0; c < count; c++) {
      const at = workingTime(prng, nowMs, prng.int(0, 364));
      const recent = nowMs - at < 3 * DAY_MS;
      const status = recent && prng.chance(0.6) ? 0 : prng.chance(0.9) ? 1 : 2;
      await credits.push([
        workshopIds[w],
        prng.pick([500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000]),
        prng.digits(12),
        prng.chance(0.5)
          ? `IR${prng.digits(24)}`
          : prng.pick(['6037', '6104', '6219', '5892']) + prng.digits(12),
        isoDate(at),
        status,
        status === 0 ? null : adminId,
        status === 0 ? null : new Date(at + prng.int(1, 30) * 3600_000).toISOString(),
        new Date(at).toISOString(),
      ]);
    }
  }
  lap('credits', await credits.finish());

  // A running database's packets are all-visible (autovacuum sets the visibility map), which is what
  // makes the list's counts index-only. Some servers run with autovacuum off (this machine's CI
  // PostgreSQL does), so the seed leaves the tables in that steady state itself rather than measuring
  // heap fetches no production database makes.
  await sql`vacuum (analyze)`.execute(db);
  seconds.analyze = (performance.now() - phase) / 1000;
  log(`  ${'vacuum'.padEnd(12)} ${''.padStart(9)}       ${seconds.analyze.toFixed(1)} s`);

  return { rows, seconds, totalSeconds: (performance.now() - started) / 1000 };
}
