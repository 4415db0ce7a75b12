/**
 * The dashboards' statistics at scale (ADR 0015):
 *   node bench/statistics.ts [--requests 40] [--concurrency 2] [--database-url URL]
 * Needs seeded data (node bench/seed.ts --assays 1000000 --workshops 500).
 *
 * Starts the app in-process on the seeded database, signs in as the admin and as lab1 (the largest
 * lab), and sends every statistics call of the dashboards `--requests` times per scenario,
 * `--concurrency` at a time, over HTTP: the tiles (today, yesterday, this week, this month, total and
 * the filter's dates), the per-workshop table, the code-range modal and the chart (per day and the
 * medians) over a day, a week, a month, a quarter and a year. Target: p95 < 200 ms for each.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { addDays, todayGregorianInTehran } from '@ayar/contract';
import { fail, intFlag, printError } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { BENCH_ADMIN, BENCH_PASSWORD, workshopUsername } from './lib/seed-data.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/statistics.ts [--requests 40] [--concurrency 2] [--database-url URL]');
  process.exit(0);
}
const requests = intFlag('requests', values.requests, 40);
const concurrency = intFlag('concurrency', values.concurrency, 2);
const TARGET_MS = 200;
const V = '/api/v1.0';

const bench = await openBenchDatabase(values['database-url'], 20).catch(fail);
let close = bench.close;
closeOnSignal(() => close());

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: unknown;
}

async function measure(
  base: string,
  s: Scenario,
): Promise<{ p50: number; p95: number; max: number; bad: number }> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(base + s.path, {
      method: s.method,
      headers: {
        authorization: `Bearer ${s.token}`,
        ...(s.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.ok };
  };
  for (let i = 0; i < 3; i++) await once();
  const results: { ms: number; ok: boolean }[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left--;
        results.push(await once());
      }
    }),
  );
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
  return { p50: pct(50), p95: pct(95), max: ms.at(-1) ?? 0, bad: results.filter((r) => !r.ok).length };
}

try {
  const counts = await sql<{ assays: number; workshops: number }>`
    select (select count(*) from assays where deleted_at is null)::int as assays,
           (select count(*) from users where role = 'workshop')::int as workshops`.execute(bench.db);
  const { assays, workshops } = counts.rows[0]!;
  if (assays === 0)
    throw new Error('No packets: run node bench/seed.ts --assays 1000000 --workshops 500 first.');

  // What autovacuum does after the migration's backfill of the per-day counts (index-only scans).
  await sql`vacuum (analyze) assay_day_counts`.execute(bench.db);

  const { buildApp } = await import('../packages/server/src/app.ts');
  const app = await buildApp({
    db: bench.db,
    jwtSecret: randomBytes(32).toString('base64url'),
    version: 'bench',
    filesDir: path.join(REPO_ROOT, 'bench/.data/files'),
    globalRateLimit: 1_000_000_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close().catch(printError);
    await bench.close();
  };
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = async (userName: string) => {
    const res = await fetch(`${base}${V}/Account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password: BENCH_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login as ${userName}: ${res.status}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const admin = await login(BENCH_ADMIN);
  const lab = await login(workshopUsername(1));
  const lab1 = await sql<{ id: string; total: number; customer: string }>`
    select u.id, (select count(*) from assays a where a.workshop_id = u.id and a.deleted_at is null)::int as total,
           (select c.id from customers c where c.workshop_id = u.id order by c.code limit 1) as customer
    from users u where u.username = ${workshopUsername(1)}`.execute(bench.db);
  const l = lab1.rows[0]!;

  const today = todayGregorianInTehran();
  const ranges = [
    { name: 'today', from: today },
    { name: '7 days', from: addDays(today, -6) },
    { name: '31 days', from: addDays(today, -30) },
    { name: '92 days', from: addDays(today, -91) },
    { name: '366 days', from: addDays(today, -365) },
  ];
  const scenarios: Scenario[] = [
    {
      name: 'admin tiles (network)',
      method: 'POST',
      path: '/Manage/GetManageStatistics',
      token: admin,
      body: {},
    },
    ...ranges.slice(1).map((r) => ({
      name: `admin tiles, search ${r.name}`,
      method: 'POST' as const,
      path: '/Manage/GetManageStatistics',
      token: admin,
      body: { fromDate: r.from, toDate: today },
    })),
    {
      name: 'admin tiles, lab1, waiting',
      method: 'POST',
      path: '/Manage/GetManageStatistics',
      token: admin,
      body: { userId: l.id, waitFor: true },
    },
    ...ranges.map((r) => ({
      name: `per-workshop table, ${r.name}`,
      method: 'POST' as const,
      path: '/Manage/GetTestStatisticsWithGroupUser',
      token: admin,
      body: { fromDate: r.from, toDate: today },
    })),
    {
      name: 'code ranges of lab1',
      method: 'GET',
      path: `/Manage/GetTestStatisticsDetailByUserId?userId=${l.id}`,
      token: admin,
    },
    ...ranges.slice(1).map((r) => ({
      name: `admin chart, ${r.name}`,
      method: 'POST' as const,
      path: '/Manage/GetDailyStatistics',
      token: admin,
      body: { fromDate: r.from, toDate: today },
    })),
    { name: 'lab1 tiles', method: 'POST', path: '/Tests/GetStatistics', token: lab, body: {} },
    {
      name: 'lab1 tiles, one customer, 366 days',
      method: 'POST',
      path: '/Tests/GetStatistics',
      token: lab,
      body: { customerId: l.customer, fromDate: ranges[4]!.from, toDate: today },
    },
    ...ranges.slice(2).map((r) => ({
      name: `lab1 chart, ${r.name}`,
      method: 'POST' as const,
      path: '/Tests/GetDailyStatistics',
      token: lab,
      body: { fromDate: r.from, toDate: today },
    })),
  ];

  console.log(
    `Ayar statistics bench: ${assays.toLocaleString('en')} live packets, ${workshops} workshops ` +
      `(lab1: ${l.total.toLocaleString('en')}); ${requests} requests per scenario, ${concurrency} at a time; Node ${process.version}\n`,
  );
  const rows: string[][] = [];
  let worst = 0;
  for (const s of scenarios) {
    const r = await measure(`${base}${V}`, s);
    worst = Math.max(worst, r.p95);
    rows.push([s.name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), String(r.bad)]);
  }
  printTable(['scenario', 'p50 ms', 'p95 ms', 'max ms', 'non-2xx'], rows, ['l', 'r', 'r', 'r', 'r']);
  const pass = worst < TARGET_MS;
  console.log(`\nworst p95: ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms): ${pass ? 'PASS' : 'FAIL'}`);
  if (!pass) process.exitCode = 1;
} catch (err) {
  printError(err);
  process.exitCode = 1;
}
await close();
process.exit(process.exitCode ?? 0);
