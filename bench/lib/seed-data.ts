import { sql } from 'kysely';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../packages/contract/src/index.ts';
import type { Database } from '../../packages/server/src/db/database.ts';
import { hashPassword } from '../../packages/server/src/lib/password.ts';
import { BulkWriter } from './bulk-writer.ts';
import { AREA_CODES, CITIES, LAB_WORDS, STREETS } from './names.ts';
import { Prng } from './prng.ts';
import { writeCredits, writePayments } from './seed-ledger.ts';
import { planPackets, writePackets, writeRanges } from './seed-packets.ts';
import { writeResultVersions } from './seed-versions.ts';
import {
  DAY_MS,
  mobile,
  personName,
  split,
  workingTime,
  type Network,
  type SeedContext,
} from './seed-shapes.ts';

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
  /**
   * Give every packet with a purity its current signed result version (payload v2), as production has
   * and the public lookup reads; default true. False: packets as before signed versions (ADR 0029).
   */
  versions?: boolean;
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  rows: Record<string, number>;
  seconds: Record<string, number>;
  totalSeconds: number;
}

export class SeedRefusedError extends Error {}

/** Refuses a database that holds data unless told to wipe it, and wipes it when told. */
async function prepare(db: Database, options: SeedOptions): Promise<void> {
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
        otp_codes, sessions, files, users, result_status_revoked restart identity cascade;
      alter sequence workshop_code_seq restart with 1001;
      alter sequence result_status_idx_seq restart;
      alter sequence code_range_serial_seq restart with 1;
    `.execute(db);
  }
}

/** The administrator (decides credits, hands out code ranges). */
async function writeAdmin(ctx: SeedContext, passwordHash: string): Promise<string> {
  const { db, prng, nowMs } = ctx;
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

  return adminId;
}

/**
 * A lab's settings as saved from its settings screen: the defaults with its report settings (what the
 * public lookup shows, and so what each signed result carries). Most labs show the type and the
 * weights; lab1, the largest, shows all five, so its results are the largest payloads.
 */
function labSettings(looks: Prng, first: boolean): string {
  const settings: UserSettings = {
    ...DEFAULT_USER_SETTINGS,
    showCustomerNameForReport: first || looks.chance(0.4),
    showReadyTimeForReport: first || looks.chance(0.3),
    showSampleWeightForReport: first || looks.chance(0.5),
    showWeightForReport: first || looks.chance(0.8),
    showTypeForReport: first || looks.chance(0.85),
  };
  return JSON.stringify(settings);
}

async function writeWorkshops(ctx: SeedContext, W: number, passwordHash: string, looks: Prng) {
  const { db, prng, batchSize, nowMs } = ctx;
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
      settings: 'jsonb',
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
    const flags = { listingOnly: prng.chance(0.05), labOwner: prng.chance(0.9) };
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
      // «Listing only» labs have no sign-in (ADR 0027): a few; lab1, which the benches sign in as, never.
      i > 0 && flags.listingOnly,
      flags.labOwner,
      i > 0 && prng.chance(0.03) ? 5 : 1, // a few labs are inactive; lab1 never is
      labSettings(looks, i === 0),
      created,
      created,
    ]);
  }
  return { workshopIds, count: await users.finish() };
}

/** Customers, numbered 1..n per workshop. */
async function writeCustomers(
  ctx: SeedContext,
  workshopIds: readonly string[],
  customerCounts: readonly number[],
) {
  const { db, prng, batchSize, nowMs } = ctx;
  const W = workshopIds.length;
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
  return { customersOf, count: await customers.finish() };
}

/** Times each phase and logs its row count. */
function phaseClock(log: (line: string) => void) {
  const started = performance.now();
  const seconds: Record<string, number> = {};
  const rows: Record<string, number> = {};
  let phase = performance.now();
  return {
    lap(name: string, count: number) {
      const now = performance.now();
      seconds[name] = (now - phase) / 1000;
      rows[name] = count;
      phase = now;
      log(`  ${name.padEnd(12)} ${String(count).padStart(9)} rows  ${seconds[name].toFixed(1)} s`);
    },
    result(): SeedResult {
      seconds.analyze = (performance.now() - phase) / 1000;
      log(`  ${'vacuum'.padEnd(12)} ${''.padStart(9)}       ${seconds.analyze.toFixed(1)} s`);
      return { rows, seconds, totalSeconds: (performance.now() - started) / 1000 };
    },
  };
}

export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const clock = phaseClock(options.log ?? (() => undefined));
  await prepare(db, options);
  const prng = new Prng(options.seed);
  const ctx: SeedContext = {
    db,
    prng,
    batchSize: options.batchSize ?? 5000,
    nowMs: Math.floor(Date.now() / 60_000) * 60_000,
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD); // once; every bench account shares it
  const W = options.workshops;
  const adminId = await writeAdmin(ctx, passwordHash);

  // How big each lab is: log-normal-ish weights; lab1 is the biggest so lists over it are the worst case.
  const weights = Array.from({ length: W }, () =>
    Math.exp(1.2 * ((prng.next() + prng.next() + prng.next() - 1.5) * 2)),
  );
  const biggest = weights.reduce((a, b) => Math.max(a, b), 0);
  weights[0] = biggest * 1.2;
  const assayCounts = split(options.assays, weights, 0);
  const customerCounts = split(options.customers, weights, 3);

  // The labs' report settings come from a generator of their own, so every other row is what the same
  // flags made before labs had settings.
  const looks = new Prng(options.seed + 0x5e77);
  const workshops = await writeWorkshops(ctx, W, passwordHash, looks);
  clock.lap('users', workshops.count + 1); // the labs and the administrator
  const customers = await writeCustomers(ctx, workshops.workshopIds, customerCounts);
  clock.lap('customers', customers.count);
  const network: Network = {
    adminId,
    workshopIds: workshops.workshopIds,
    customersOf: customers.customersOf,
  };

  const plan = planPackets(ctx, assayCounts);
  clock.lap('code_ranges', await writeRanges(ctx, network, plan));
  await sql`select setval('code_range_serial_seq', ${plan.rangeCount + 1}, false)`.execute(db);
  const versions = options.versions ?? true;
  clock.lap('assays', await writePackets(ctx, network, plan, versions));
  if (versions) clock.lap('versions', await writeResultVersions(ctx));
  clock.lap('payments', await writePayments(ctx, network));
  clock.lap('credits', await writeCredits(ctx, network));

  // A running database's packets are all-visible (autovacuum sets the visibility map), which is what
  // makes the list's counts index-only. Some servers run with autovacuum off (this machine's CI
  // PostgreSQL does), so the seed leaves the tables in that steady state itself rather than measuring
  // heap fetches no production database makes.
  await sql`vacuum (analyze)`.execute(db);
  return clock.result();
}
