import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase, type Database } from '../../db/database.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { bearer, TEST_JWT_SECRET } from '../../../test/helpers.ts';
import { createBackup, DATA_NOT_KEPT, type BackupMethod } from './create-backup.service.ts';
import { findTools } from './pg-tools.lib.ts';
import { restoreBackup } from './restore.service.ts';
import { fileDifferences, readTables, tableDifferences, type Tables } from './compare.test-kit.ts';
import { call, scratchDatabases, seedNetwork, startLoad, startServer } from './roundtrip.test-kit.ts';
import { databaseToRestore, runningEmbeddedUrl } from './target.lib.ts';

/**
 * The backups' proof (ADR 0021): a network with every kind of record is backed up while the labs keep working,
 * restored into a new data directory, and the server started on it; every row and every stored file
 * must come back unchanged, and a session from before is refused there (ADR 0021).
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ayar-${name}-`));
  // As root, the embedded PostgreSQL runs as `postgres`, which must reach it.
  fs.chmodSync(dir, 0o755);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

interface Source {
  url: string;
  kind: 'embedded' | 'external';
  dataDir: string;
  restore: { dataDir: string; DATABASE_URL?: string };
}

/** Two scratch databases on the test server (DATABASE_URL in CI): the source cloned from the template, an empty target. */
async function externalSource(): Promise<Source> {
  const scratch = await scratchDatabases();
  cleanups.push(scratch.drop);
  return {
    url: scratch.source,
    kind: 'external',
    dataDir: tempDir('bk-src'),
    restore: { dataDir: tempDir('bk-dst'), DATABASE_URL: scratch.target },
  };
}

/** The embedded default: a data directory of its own, restored into a new one. */
async function embeddedSource(): Promise<Source> {
  const dataDir = tempDir('bk-src');
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  cleanups.push(() => embedded.stop());
  const db = createDatabase(embedded.url, 1);
  await migrateToLatest(db);
  await db.destroy();
  const restoreDir = path.join(tempDir('bk-dst'), 'data');
  return { url: embedded.url, kind: 'embedded', dataDir, restore: { dataDir: restoreDir } };
}

/** The embedded default restored into an empty database of the test server (another major version). */
async function embeddedToExternal(): Promise<Source> {
  const source = await embeddedSource();
  const scratch = await scratchDatabases();
  cleanups.push(scratch.drop);
  return { ...source, restore: { ...source.restore, DATABASE_URL: scratch.target } };
}

async function roundTrip(source: Source, method: Exclude<BackupMethod, 'auto'>): Promise<void> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    timings[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  const filesDir = path.join(source.dataDir, 'files');
  const db: Database = createDatabase(source.url, 5);
  cleanups.push(() => db.destroy());
  const app = await buildApp({
    db,
    jwtSecret: TEST_JWT_SECRET,
    version: 'test',
    filesDir,
    globalRateLimit: 1_000_000,
    lookupRateLimit: 1_000_000,
  });
  cleanups.push(() => app.close());
  const net = await seedNetwork(app, db);
  lap('seed');

  // The backup, with the labs at work all along; the test reads the database in the backup's snapshot.
  const load = startLoad(app, net);
  await new Promise((r) => setTimeout(r, 200));
  const before = load.report.requests;
  let expected: Tables | undefined;
  const backup = await createBackup({
    databaseUrl: source.url,
    method,
    source: source.kind,
    filesDir,
    dir: path.join(source.dataDir, 'backups'),
    appVersion: 'test',
    onSnapshot: async (snapshot) => {
      expected = await readTables(source.url, snapshot);
    },
  });
  const served = load.report.requests - before;
  await new Promise((r) => setTimeout(r, 200));
  const report = await load.stop();
  lap('backup');
  expect(report.failures).toEqual([]);
  expect(served, 'requests answered while the backup ran').toBeGreaterThan(0);
  expect(report.maxMs, 'the slowest request while backing up (ms)').toBeLessThan(5_000);
  expect(backup.manifest.files.count).toBe(expected!.fileKeys.length);
  expect(backup.manifest.files.missing).toEqual([]);
  expect(backup.manifest.database.counts.assays).toBe(expected!.rows.assays!.length);
  expect(backup.manifest.database.method).toBe(method);

  // Restore into the new data directory (a new embedded cluster, or the empty external database).
  const target = await databaseToRestore(source.restore, quiet);
  cleanups.push(() => target.close());
  const restored = await restoreBackup({
    file: backup.file,
    force: false,
    openTarget: async () => ({ ...target, close: async () => {} }),
    filesDir: path.join(source.restore.dataDir, 'files'),
    workDir: source.restore.dataDir,
    log: quiet,
  });
  expect(restored.migrationsApplied).toEqual([]);
  const actual = await readTables(target.url);
  expect(tableDifferences(expected!.rows, actual.rows, DATA_NOT_KEPT)).toEqual([]);
  expect(fileDifferences(expected!.fileKeys, filesDir, path.join(source.restore.dataDir, 'files'))).toEqual(
    [],
  );
  await target.close();
  lap('restore');

  // The server on the restored data: a session from before is refused (the signing key is not in the
  // backup), the same password signs in, the public result and its photo are there, and it takes writes.
  const lab = net.labs[0]!;
  const server = await startServer({
    DATA_DIR: source.restore.dataDir,
    ADMIN_USERNAME: net.admin.username,
    ...(source.restore.DATABASE_URL ? { DATABASE_URL: source.restore.DATABASE_URL } : {}),
  });
  try {
    expect((await server.get('/Account/Profile', bearer(lab.token))).status).toBe(401);
    const signIn = await server.post('/Account/login', { userName: lab.username, password: lab.password });
    expect(signIn.status).toBe(200);
    const fresh = bearer((signIn.body.data as { token: string }).token);
    const result = await server.post('/Tests/Result', { code: net.published.docNumber });
    expect(result.status).toBe(200);
    const item = (result.body.data as { list: { images: string[] }[] }).list[0]!;
    const photo = await server.get(item.images[0]!);
    const original = await app.inject({ method: 'GET', url: item.images[0]! });
    expect(photo.status).toBe(200);
    expect(photo.bytes.equals(original.rawPayload)).toBe(true);
    const added = await server.post(
      '/Tests/AddTest',
      [{ customerId: lab.customerId, customerName: 'مشتری نمونه', docNumber: lab.next, readyTime: 30 }],
      fresh,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // The primary started the scheduled backups (BACKUP_EVERY's default, daily at 03:00 Tehran time).
    const adminIn = await server.post('/Account/login', {
      userName: net.admin.username,
      password: net.admin.password,
    });
    const backups = await server.getJson(
      '/Manage/BackupStatus',
      bearer((adminIn.body.data as { token: string }).token),
    );
    expect(backups).toMatchObject({
      schedule: { every: '03:00', keep: 14 },
      lastGood: null,
      lastFailure: null,
    });

    // With the same JWT_SECRET (a configured one), the sessions restored with the data still work.
    const url = source.restore.DATABASE_URL ?? runningEmbeddedUrl(source.restore.dataDir)!;
    const sameKey = createDatabase(url, 1);
    const sameKeyApp = await buildApp({ db: sameKey, jwtSecret: TEST_JWT_SECRET, version: 'test', filesDir });
    try {
      expect(await call(sameKeyApp, '/Account/Profile', bearer(lab.token), undefined, 'GET')).toBeTruthy();
    } finally {
      await sameKeyApp.close();
      await sameKey.destroy();
    }
  } finally {
    expect(await server.stop()).toBe(0);
  }
  lap('server');
  console.info(
    `backup round trip (${backup.manifest.database.source}, ${method}): ${JSON.stringify(timings)} ms`,
  );
}

const serverMajor = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(`select current_setting('server_version_num') as n`);
  await client.end();
  return Math.floor(Number(rows[0]!.n) / 10_000);
};
const dumps = await findTools('pg_dump');
const hasDumpFor = (major: number) => dumps.some((t) => t.major >= major);
const externalMajor = await serverMajor(inject('adminDatabaseUrl'));

const EMBEDDED_MAJOR = 18;
/** A round trip needs PostgreSQL's own pg_dump of the server's version: fail saying how to get one. */
function requireDump(major: number): void {
  if (!hasDumpFor(major)) {
    throw new Error(
      `no pg_dump ${major} or newer on this machine: run scripts/install-pg-dump-18.sh as root (docs/backups.md)`,
    );
  }
}

describe.concurrent('a backup restores exactly, and the server runs on it', () => {
  it(`on a database of the test server (PostgreSQL ${externalMajor}; DATABASE_URL in CI)`, async () => {
    requireDump(externalMajor);
    await roundTrip(await externalSource(), 'pg_dump');
  }, 180_000);
  it(`on the embedded default, into a new DATA_DIR`, async () => {
    requireDump(EMBEDDED_MAJOR);
    await roundTrip(await embeddedSource(), 'pg_dump');
  }, 180_000);
});

// Without pg_dump (a fresh machine has none for the embedded PostgreSQL 18): COPY per table.
describe.concurrent('a backup made without pg_dump restores exactly too', () => {
  it('on the embedded default, into a new DATA_DIR', async () => {
    await roundTrip(await embeddedSource(), 'copy');
  }, 180_000);
  it(`from the embedded default (PostgreSQL ${EMBEDDED_MAJOR}) into the test server's (${externalMajor})`, async () => {
    await roundTrip(await embeddedToExternal(), 'copy');
  }, 180_000);
});
