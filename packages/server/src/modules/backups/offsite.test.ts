import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupRun, BackupsResponse } from '@ayar/contract';
import { buildApp } from '../../app.ts';
import { createDatabase, type Database } from '../../db/database.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { parseBackupEvery } from '../../lib/backup-every.ts';
import { TEST_JWT_SECRET } from '../../../test/helpers.ts';
import { startTestS3, type TestS3 } from '../files/s3.test-kit.ts';
import { createBackupRunner, type BackupRunner } from './backup-run.service.ts';
import { DATA_NOT_KEPT } from './create-backup.service.ts';
import { OffsiteStore } from './offsite.storage.ts';
import { fetchFromBucket } from './restore-bucket.service.ts';
import { restoreBackup, RestoreRefusedError } from './restore.service.ts';
import { fileDifferences, readTables, tableDifferences, type Tables } from './compare.test-kit.ts';
import { scratchDatabases, seedNetwork, type Network } from './roundtrip.test-kit.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Off-site copies (ADR 0053): a backup started from the admin's screen is checked, encrypted to an age
 * public key and uploaded to the test S3 server (s3rver); `npm run restore -- --from-bucket` brings it
 * back into a fresh data directory with every row and file identical. A copy without encryption
 * restores too; a wrong or missing identity is refused before anything is created; a bucket that
 * refuses the upload leaves the backup good and the copy failed.
 */

const CLI = fileURLToPath(new URL('./backups.cli.ts', import.meta.url));
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const cleanups: (() => Promise<unknown>)[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ayar-${name}-`));
  // As root, the embedded PostgreSQL runs as `postgres`, which must reach it.
  fs.chmodSync(dir, 0o755);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

let scratch: Awaited<ReturnType<typeof scratchDatabases>>;
let db: Database;
let app: FastifyInstance;
let net: Network;
let s3: TestS3;
let runner: BackupRunner;
let identityFile: string;
let otherIdentityFile: string;
let recipient: string;
const sourceDir = tempDir('bk-offsite-src');
const filesDir = path.join(sourceDir, 'files');

const runnerWith = (offsite: OffsiteStore) =>
  createBackupRunner({
    db,
    databaseUrl: scratch.source,
    embedded: false,
    dataDir: sourceDir,
    config: { BACKUP_EVERY: parseBackupEvery('off')!, BACKUP_KEEP: 14, BACKUP_METHOD: 'auto' },
    appVersion: 'test',
    logger: quiet,
    offsite,
  });
const bucketOf = (over: Partial<ConstructorParameters<typeof OffsiteStore>[0]> = {}) => {
  const store = new OffsiteStore({
    ...s3.settings,
    prefix: 'backups/',
    keep: 5,
    recipients: [recipient],
    ...over,
  });
  cleanups.push(async () => store.close());
  return store;
};

beforeAll(async () => {
  scratch = await scratchDatabases();
  cleanups.push(scratch.drop);
  db = createDatabase(scratch.source, 5);
  cleanups.push(() => db.destroy());
  s3 = await startTestS3();
  cleanups.push(() => s3.close());
  const identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
  identityFile = path.join(tempDir('bk-key'), 'backup.key');
  fs.writeFileSync(identityFile, `# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
  otherIdentityFile = path.join(path.dirname(identityFile), 'other.key');
  fs.writeFileSync(otherIdentityFile, `${await generateIdentity()}\n`, { mode: 0o600 });
  runner = runnerWith(bucketOf());
  cleanups.push(() => runner.stop());
  app = await buildApp({
    db,
    jwtSecret: TEST_JWT_SECRET,
    version: 'test',
    filesDir,
    globalRateLimit: 1_000_000,
    backups: { start: () => runner.start(), stop: () => runner.stop() },
  });
  cleanups.push(() => app.close());
  net = await seedNetwork(app, db);
}, 120_000);
afterAll(async () => {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
});

async function screen(): Promise<BackupsResponse> {
  const res = await app.inject({ method: 'GET', url: '/api/v1.0/Manage/Backups', headers: net.admin.h });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
}

/** The run once its backup and its copy have both ended (polled, with a deadline). */
async function settled(id: number): Promise<BackupRun> {
  let run: BackupRun | undefined;
  await vi.waitFor(
    async () => {
      run = (await screen()).runs.find((r) => r.id === id);
      expect(run?.state).not.toBe('running');
      expect(run?.offsite.state).not.toBe('uploading');
    },
    { timeout: 90_000, interval: 200 },
  );
  return run!;
}

/** `npm run restore -- …` as an operator runs it, in its own process. */
function cli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _u, ...base } = process.env;
  const child = spawn(process.execPath, [CLI, 'restore', ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

const bucketEnv = () => ({
  S3_ENDPOINT: s3.settings.endpoint,
  S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  BACKUP_S3_BUCKET: s3.settings.bucket,
});

let expected: Tables;
let encryptedName: string;

describe('an encrypted off-site copy, restored from the bucket', () => {
  it('«پشتیبان‌گیری اکنون» makes a checked backup and an encrypted copy the screen shows', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1.0/Manage/Backups/Start',
      headers: net.admin.h,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json().data as { id: number };
    const run = await settled(id);
    expected = await readTables(scratch.source);
    expect(run).toMatchObject({
      trigger: 'manual',
      state: 'ok',
      method: 'pg_dump',
      checksum: 'ok',
      progress: null,
      error: null,
      offsite: { state: 'ok', encrypted: true, error: null },
    });
    encryptedName = `${path.basename(run.file!)}.age`;
    expect(run.offsite.key).toBe(`backups/${encryptedName}`);
    expect(fs.statSync(run.file!).size).toBe(run.bytes);
    const { status } = await screen();
    expect(status.lastOffsite).toEqual({ at: run.offsite.at, key: run.offsite.key, encrypted: true });

    // What the bucket holds reveals nothing: an age file, no tar names, no lab's user name.
    const raw = path.join(tempDir('bk-raw'), encryptedName);
    await bucketOf().download(encryptedName, raw);
    const bytes = fs.readFileSync(raw);
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(bytes.includes('manifest.json')).toBe(false);
    expect(bytes.includes(net.labs[0]!.username)).toBe(false);
  }, 120_000);

  it('npm run restore -- --from-bucket restores it into a fresh data directory, every row and file the same', async () => {
    const dataDir = path.join(tempDir('bk-offsite-dst'), 'data');
    const restored = await cli(['--from-bucket', encryptedName], {
      DATA_DIR: dataDir,
      BACKUP_AGE_IDENTITY: identityFile,
      ...bucketEnv(),
    });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`Restored ${encryptedName}`);
    // Nothing of the download is left beside the data.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore-bucket-'))).toEqual([]);
    const embedded = await startEmbeddedPostgres(dataDir, quiet);
    try {
      const actual = await readTables(embedded.url);
      expect(tableDifferences(expected.rows, actual.rows, DATA_NOT_KEPT)).toEqual([]);
      expect(expected.fileKeys.length).toBeGreaterThan(0);
      expect(fileDifferences(expected.fileKeys, filesDir, path.join(dataDir, 'files'))).toEqual([]);
    } finally {
      await embedded.stop();
    }
  }, 180_000);

  it('refuses another identity, or none, saying so, and creates nothing', async () => {
    const dataDir = path.join(tempDir('bk-offsite-wrong'), 'data');
    const wrong = await cli(['--from-bucket', encryptedName], {
      DATA_DIR: dataDir,
      BACKUP_AGE_IDENTITY: otherIdentityFile,
      ...bucketEnv(),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('the identity in BACKUP_AGE_IDENTITY does not open this copy');
    expect(wrong.out).toContain('Nothing was changed');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    // The identity is never printed, whatever happens.
    expect(wrong.out).not.toContain('AGE-SECRET-KEY-');

    const store = bucketOf();
    const fetch = (identityFile: string | undefined, name = encryptedName) =>
      fetchFromBucket({ store, name, workDir: dataDir, identityFile, log: quiet });
    await expect(fetch(undefined)).rejects.toThrow(/set BACKUP_AGE_IDENTITY/);
    await expect(fetch(path.join(dataDir, 'no-such.key'))).rejects.toThrow(/cannot read the identity file/);
    const notAKey = path.join(path.dirname(dataDir), 'public.txt');
    fs.writeFileSync(notAKey, `${recipient}\n`);
    await expect(fetch(notAKey)).rejects.toThrow(/holds no age identity/);
    await expect(fetch(identityFile, 'ayar-20200101-000000Z.tar.age')).rejects.toThrow(RestoreRefusedError);
    await expect(fetch(identityFile, '../etc/passwd')).rejects.toThrow(/not the name of a backup copy/);
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const listed = await cli(['--list-bucket'], { DATA_DIR: dataDir, ...bucketEnv() });
    expect(listed.code, listed.out).toBe(0);
    expect(listed.out).toContain(`${encryptedName}`);
    expect(listed.out).not.toContain(s3.settings.secretAccessKey);
  }, 120_000);
});

describe('an unencrypted copy, and a bucket that refuses it', () => {
  it('without recipients the copy is the plain file, and restores exactly', async () => {
    const plain = runnerWith(bucketOf({ prefix: 'plain/', recipients: [] }));
    cleanups.push(() => plain.stop());
    const { id } = (await plain.start())!;
    const run = await settled(id);
    expect(run.offsite).toMatchObject({
      state: 'ok',
      encrypted: false,
      key: `plain/${path.basename(run.file!)}`,
    });
    const dataDir = tempDir('bk-plain-dst');
    const fetched = await fetchFromBucket({
      store: bucketOf({ prefix: 'plain/' }),
      name: path.basename(run.file!),
      workDir: dataDir,
      identityFile: undefined,
      log: quiet,
    });
    expect(fetched.encrypted).toBe(false);
    expect(fs.readFileSync(fetched.file).equals(fs.readFileSync(run.file!))).toBe(true);
    await restoreBackup({
      file: fetched.file,
      force: false,
      openTarget: async () => ({ url: scratch.target, source: 'external' as const, close: async () => {} }),
      filesDir: path.join(dataDir, 'files'),
      workDir: dataDir,
      log: quiet,
    });
    await fetched.dispose();
    const actual = await readTables(scratch.target);
    const now = await readTables(scratch.source);
    expect(tableDifferences(now.rows, actual.rows, DATA_NOT_KEPT)).toEqual([]);
    expect(fileDifferences(now.fileKeys, filesDir, path.join(dataDir, 'files'))).toEqual([]);
  }, 120_000);

  it('a failed upload is the copy’s own state: the backup stays good and the last good copy stays', async () => {
    const before = (await screen()).status.lastOffsite;
    const broken = runnerWith(bucketOf({ bucket: 'no-such-bucket' }));
    cleanups.push(() => broken.stop());
    const { id } = (await broken.start())!;
    const run = await settled(id);
    expect(run.state).toBe('ok');
    expect(run.checksum).toBe('ok');
    expect(run.offsite.state).toBe('failed');
    expect(run.offsite.error).toBeTruthy();
    expect(run.offsite.key).toBeNull();
    const { status } = await screen();
    expect(status.lastGood?.file).toBe(run.file);
    expect(status.lastFailure).toBeNull();
    expect(status.lastOffsite).toEqual(before);
  }, 120_000);
});
