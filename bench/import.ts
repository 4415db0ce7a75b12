/**
 * The instrument import's preview at its limit (ADR 0059): a file of 10,000 rows, as CSV and as xlsx,
 * previewed by lab1 through the real server process (`POST /Tests/ImportPreview`, multipart):
 *   node bench/import.ts [--repeat 5] [--rows 10000] [--apply] [--database-url URL]
 * Needs seeded data (node bench/seed.ts --assays 100000): 90 % of the rows are lab1's packets, the
 * rest numbers no lab has.
 *
 * Printed per format: seconds from the upload's first byte to the whole answer, and, as the same run's
 * baseline, the file reader alone in this process (`parseImportFile`: decoding, CSV or xlsx, no
 * database); then the spread of `--repeat` runs. Target: the preview under 3 s. With `--apply`, the
 * last CSV preview's applicable rows are then applied (`POST /Tests/ImportApply`, one transaction that
 * publishes and signs each): this changes the seeded data, so a second run has fewer rows to apply.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { IMPORT_LIMITS } from '@ayar/contract';
import { parseImportFile } from '../packages/server/src/modules/imports/parse.lib.ts';
import { fail, intFlag } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { workshopUsername } from './lib/seed-data.ts';
import { signIn, startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string' },
    rows: { type: 'string' },
    'database-url': { type: 'string' },
    apply: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/import.ts [--repeat 5] [--rows 10000] [--apply] [--database-url URL]');
  process.exit(0);
}
const repeat = intFlag('repeat', values.repeat, 5);
const rowCount = intFlag('rows', values.rows, IMPORT_LIMITS.maxRows);
const V = '/api/v1.0';

/** The Fischerscope preset's columns: a sample id and gold in percent with two decimals. */
function rowsOf(numbers: number[]): [string, string][] {
  return numbers.map((n, i) => [String(n), (75 + (i % 2500) / 100).toFixed(2)]);
}

async function filesOf(numbers: number[]): Promise<Record<'csv' | 'xlsx', Buffer>> {
  const rows = rowsOf(numbers);
  const csv = Buffer.from(['Sample,Au [%]', ...rows.map((r) => r.join(','))].join('\r\n'));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRow(['Sample', 'Au [%]']);
  for (const [sample, gold] of rows) sheet.addRow([Number(sample), Number(gold)]);
  return { csv, xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

async function previewOnce(server: ServerProcess, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('mappingId', 'preset-fischerscope');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const res = await fetch(`${server.url}${V}/Tests/ImportPreview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as {
    data: { importId: string; rows: { row: number; problem: string | null }[] } | null;
  };
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200 || !body.data) throw new Error(`preview: ${res.status} ${JSON.stringify(body)}`);
  const applicable = body.data.rows.filter((r) => !r.problem).map((r) => r.row);
  return { seconds, importId: body.data.importId, rows: body.data.rows.length, applicable };
}

async function readerOnce(bytes: Buffer): Promise<number> {
  const started = performance.now();
  await parseImportFile(bytes, { maxRows: IMPORT_LIMITS.maxRows });
  return (performance.now() - started) / 1000;
}

/** Applies every applicable row of a fresh preview and prints how long the one transaction took. */
async function measureApply(server: ServerProcess, token: string, bytes: Buffer): Promise<void> {
  const { importId, applicable } = await previewOnce(server, token, bytes, 'apply.csv');
  const started = performance.now();
  const res = await fetch(`${server.url}${V}/Tests/ImportApply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ importId, rows: applicable }),
  });
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`apply: ${res.status} ${await res.text()}`);
  const rate = applicable.length / seconds;
  console.log(
    `\nApply: ${applicable.length} rows in ${seconds.toFixed(2)} s (${rate.toFixed(0)} purities/s)`,
  );
}

const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bench = await openBenchDatabase(values['database-url']);
let server: ServerProcess | undefined;
closeOnSignal(async () => {
  await server?.stop();
  await bench.close();
});
try {
  const own = await sql<{ docNumber: string }>`
    select a.doc_number as "docNumber" from assays a join users u on u.id = a.workshop_id
    where u.username = ${workshopUsername(1)} and a.deleted_at is null
    order by a.doc_number limit ${Math.ceil(rowCount * 0.9)}`.execute(bench.db);
  if (own.rows.length === 0) throw new Error('No packets: run node bench/seed.ts --assays 100000 first.');
  const numbers = own.rows.map((r) => Number(r.docNumber));
  for (let n = 1; numbers.length < rowCount; n++) numbers.push(9_000_000_000 + n);
  const files = await filesOf(numbers);
  server = await startServerProcess({
    DATABASE_URL: bench.url,
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(REPO_ROOT, 'bench/.data/server'),
  });
  const token = await signIn(server.url, workshopUsername(1));
  console.log(
    `Ayar import bench: ${numbers.length.toLocaleString('en')} rows (${own.rows.length.toLocaleString('en')} ` +
      `of lab1's packets); CSV ${(files.csv.length / 1024).toFixed(0)} KB, xlsx ${(files.xlsx.length / 1024).toFixed(0)} KB; Node ${process.version}\n`,
  );
  const table: string[][] = [];
  const summary: string[][] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    // One unmeasured preview of each: the server's first import loads exceljs and warms the JIT.
    await previewOnce(server, token, files[format], `bench.${format}`);
    const previews: number[] = [];
    const readers: number[] = [];
    for (let i = 1; i <= repeat; i++) {
      const reader = await readerOnce(files[format]);
      const run = await previewOnce(server, token, files[format], `bench.${format}`);
      previews.push(run.seconds);
      readers.push(reader);
      table.push([
        format,
        String(i),
        run.rows.toLocaleString('en'),
        run.applicable.length.toLocaleString('en'),
        reader.toFixed(2),
        run.seconds.toFixed(2),
      ]);
    }
    summary.push([
      format,
      median(readers).toFixed(2),
      spread(readers),
      median(previews).toFixed(2),
      spread(previews),
    ]);
  }
  printTable(['format', 'run', 'rows', 'applicable', 'reader s', 'preview s'], table, [
    'l',
    'r',
    'r',
    'r',
    'r',
    'r',
  ]);
  console.log(`\nOver ${repeat} runs (median, min–max); target: preview < 3 s`);
  printTable(['format', 'reader s', 'reader spread', 'preview s', 'preview spread'], summary, [
    'l',
    'r',
    'r',
    'r',
    'r',
  ]);
  if (values.apply) await measureApply(server, token, files.csv);
  console.log(
    `Load average when done: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
} catch (err) {
  await server?.stop();
  await bench.close();
  fail(err);
}
await server.stop();
await bench.close();
