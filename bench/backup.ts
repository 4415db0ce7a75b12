/**
 * Backup and restore at scale (ADR 0021): times `createBackup` and `restoreBackup` (the code behind
 * `npm run backup` and `npm run restore`) on a seeded database, and reports the backup's size.
 *   node bench/backup.ts [--database-url postgres://…] [--method pg_dump|copy]
 * Seed first (`node bench/seed.ts --assays 1000000`). On an external database the restore goes into a
 * new database beside it (`<name>_restore_bench`, dropped afterwards); on the bench's embedded one
 * (bench/.data) into a new data directory, as a restore on a new machine would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBackup } from '../packages/server/src/modules/backups/create-backup.service.ts';
import { verifyBackupFile } from '../packages/server/src/modules/backups/archive.lib.ts';
import { restoreBackup } from '../packages/server/src/modules/backups/restore.service.ts';
import { databaseToRestore, type DatabaseTarget } from '../packages/server/src/modules/backups/target.lib.ts';
import { fail } from './lib/cli.ts';
import { BENCH_DIR, openBenchDatabase } from './lib/database.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    method: { type: 'string', default: 'pg_dump' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/backup.ts [--database-url URL] [--method pg_dump|copy]');
  process.exit(0);
}
if (values.method !== 'pg_dump' && values.method !== 'copy') fail(new Error('--method is pg_dump or copy'));
const method = values.method as 'pg_dump' | 'copy';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const quiet = { info() {}, warn: (m: string) => console.warn(`  ${m}`) };

const bench = await openBenchDatabase(values['database-url']).catch(fail);
const packets = Number(
  (
    await bench.db
      .selectFrom('assays')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
if (packets === 0) {
  await bench.close();
  fail(new Error('the database holds no packets: seed it first (node bench/seed.ts --assays 1000000)'));
}
const size = await databaseSize(bench.url);
const work = fs.mkdtempSync(path.join(bench.embedded ? BENCH_DIR : os.tmpdir(), '.backup-bench-'));
fs.chmodSync(work, 0o755);
console.log(
  `${bench.embedded ? 'Embedded database (bench/.data)' : 'DATABASE_URL'}: ${packets} packets, database ${mb(size)}`,
);

let target: DatabaseTarget | undefined;
let dropRestored: (() => Promise<void>) | undefined;
let benchOpen = true;
let failure: unknown;
try {
  let started = performance.now();
  const backup = await createBackup({
    databaseUrl: bench.url,
    method,
    source: bench.embedded ? 'embedded' : 'external',
    filesDir: path.join(work, 'no-files'),
    dir: work,
    appVersion: 'bench',
  });
  const { database } = backup.manifest;
  console.log(
    `  backup    ${seconds(started)}  ${mb(backup.bytes)}  (PostgreSQL ${database.serverVersion}, ${database.pgDumpVersion ? `pg_dump ${database.pgDumpVersion}` : 'COPY per table'})`,
  );
  // Without a running load: the embedded bench database is ours alone, and stops after the backup.
  await bench.close();
  benchOpen = false;

  started = performance.now();
  await verifyBackupFile(backup.file);
  console.log(`  verify    ${seconds(started)}  (every part against its checksum, nothing written)`);

  if (bench.embedded) {
    target = await databaseToRestore({ dataDir: path.join(work, 'restored') }, quiet);
  } else {
    const url = new URL(bench.url);
    const name = `${url.pathname.slice(1)}_restore_bench`;
    await adminQuery(bench.url, `drop database if exists ${name} with (force)`);
    await adminQuery(bench.url, `create database ${name}`);
    url.pathname = `/${name}`;
    target = { url: url.toString(), source: 'external', close: async () => {} };
    dropRestored = () => adminQuery(bench.url, `drop database if exists ${name} with (force)`);
  }
  const opened = target;
  started = performance.now();
  const restored = await restoreBackup({
    file: backup.file,
    force: false,
    openTarget: async () => ({ ...opened, close: async () => {} }),
    filesDir: path.join(work, 'restored-files'),
    workDir: work,
    log: quiet,
  });
  console.log(
    `  restore   ${seconds(started)}  ${restored.rows} rows (verify, ${method === 'copy' ? 'migrations and COPY' : 'pg_restore'} in one transaction, row counts checked)`,
  );
  console.log(`  database after restore: ${mb(await databaseSize(opened.url))}`);
} catch (err) {
  failure = err;
} finally {
  if (benchOpen) await bench.close().catch(() => undefined);
  await target?.close();
  await dropRestored?.();
  fs.rmSync(work, { recursive: true, force: true });
}
if (failure) fail(failure);

async function adminQuery(url: string, query: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function databaseSize(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select pg_database_size(current_database()) as n');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
