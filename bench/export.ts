/**
 * Large exports (ADR 0055): the administrator's every-lab packet export (`GET /Manage/AllTests/Export`)
 * and lab1's own (`GET /Tests/AllTests/Export`), as .xlsx and .csv, from the real server process:
 *   node bench/export.ts [--repeat 3] [--database-url URL] [--only admin,lab] [--formats xlsx,csv]
 *                        [--node-options=--max-semi-space-size=8]
 * Needs seeded data: node bench/seed.ts --assays 85000 (the admin's export then has over 80,000 rows).
 *
 * Each export is downloaded whole (its bytes counted, not kept) while the server's resident memory is
 * read from /proc every 20 ms. Printed per run: rows, seconds to the last byte, rows/s, bytes, and the
 * server's peak RSS during the run; then the spread of the `--repeat` runs. Targets: 80,000 packets
 * in under 10 s and under 200 MB of server memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { fail, intFlag } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { BENCH_ADMIN, workshopUsername } from './lib/seed-data.ts';
import { signIn, startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
    formats: { type: 'string' },
    'node-options': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'node bench/export.ts [--repeat 3] [--database-url URL] [--only admin,lab] [--formats xlsx,csv] [--node-options=--max-semi-space-size=8]',
  );
  process.exit(0);
}
const repeat = intFlag('repeat', values.repeat, 3);
const only = values.only?.split(',').map((s) => s.trim()) ?? ['admin', 'lab'];
const formats = values.formats?.split(',').map((s) => s.trim()) ?? ['xlsx', 'csv'];
const V = '/api/v1.0';

/** Resident and peak-resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** CPU seconds a process has used (user + system; /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Run {
  rows: number;
  seconds: number;
  /** The server process's CPU seconds: what the export cost it, whatever else the machine ran. */
  cpu: number;
  bytes: number;
  peakRss: number;
}

/** Downloads one export whole while sampling the server's memory. */
async function download(server: ServerProcess, token: string, route: string, format: string): Promise<Run> {
  const pid = server.pid!;
  let peakRss = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid).rss);
  }, 20);
  const started = performance.now();
  const cpuBefore = cpuSecondsOf(pid);
  try {
    const res = await fetch(`${server.url}${V}${route}?format=${format}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSecondsOf(pid) - cpuBefore;
    return { rows: Number(res.headers.get('x-export-rows')), seconds, cpu, bytes, peakRss };
  } finally {
    clearInterval(sampler);
    peakRss = Math.max(peakRss, memoryOf(pid).rss);
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const spread = (xs: number[], digits: number) =>
  `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

const bench = await openBenchDatabase(values['database-url']);
let server: ServerProcess | undefined;
closeOnSignal(async () => {
  await server?.stop();
  await bench.close();
});
try {
  const live = await sql<{
    n: number;
  }>`select count(*)::int as n from assays where deleted_at is null`.execute(bench.db);
  if (live.rows[0]!.n === 0) throw new Error('No packets: run node bench/seed.ts --assays 85000 first.');
  server = await startServerProcess({
    DATABASE_URL: bench.url,
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(REPO_ROOT, 'bench/.data/server'),
    // --node-options: V8's heap flags for the server (how far its heap may grow before collecting).
    ...(values['node-options'] ? { NODE_OPTIONS: values['node-options'] } : {}),
  });
  const idle = memoryOf(server.pid!);
  console.log(
    `Ayar export bench: ${live.rows[0]!.n.toLocaleString('en')} live packets; Node ${process.version}; ` +
      `server RSS at rest ${mb(idle.rss)} MB\n`,
  );
  const targets = [
    { name: 'admin', route: '/Manage/AllTests/Export', token: await signIn(server.url, BENCH_ADMIN) },
    { name: 'lab', route: '/Tests/AllTests/Export', token: await signIn(server.url, workshopUsername(1)) },
  ].filter((t) => only.includes(t.name));

  const table: string[][] = [];
  const summary: string[][] = [];
  for (const target of targets) {
    for (const format of formats) {
      const runs: Run[] = [];
      for (let i = 1; i <= repeat; i++) {
        const run = await download(server, target.token, target.route, format);
        runs.push(run);
        table.push([
          `${target.name} ${format}`,
          String(i),
          run.rows.toLocaleString('en'),
          run.seconds.toFixed(2),
          run.cpu.toFixed(2),
          Math.round(run.rows / run.seconds).toLocaleString('en'),
          mb(run.bytes),
          mb(run.peakRss),
        ]);
      }
      summary.push([
        `${target.name} ${format}`,
        spread(
          runs.map((r) => r.seconds),
          2,
        ),
        spread(
          runs.map((r) => r.cpu),
          2,
        ),
        spread(
          runs.map((r) => r.rows / r.seconds),
          0,
        ),
        spread(
          runs.map((r) => r.peakRss / 1024 / 1024),
          1,
        ),
      ]);
    }
  }
  const header = ['export', 'run', 'rows', 's', 'server CPU s', 'rows/s', 'MB', 'peak RSS MB'];
  printTable(
    header,
    table,
    header.map((_, i) => (i === 0 ? 'l' : 'r')),
  );
  console.log(`\nSpread over ${repeat} runs (min–max):`);
  printTable(['export', 's', 'server CPU s', 'rows/s', 'peak RSS MB'], summary, ['l', 'r', 'r', 'r', 'r']);
  console.log(
    `Load average when done (other processes on this machine): ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(`\nServer peak RSS over its whole life (VmHWM): ${mb(memoryOf(server.pid!).hwm)} MB`);
} catch (err) {
  await server?.stop();
  await bench.close();
  fail(err);
}
await server.stop();
await bench.close();
