import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupsResponse } from '@ayar/contract';
import { ConfigError, loadConfig } from '../../config.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { startTestS3, type TestS3 } from '../files/s3.test-kit.ts';
import { staffKit } from '../staff/staff.test-kit.ts';
import type { BackupRunner } from './backup-run.service.ts';
import { HASHED_WHEN_LISTED, RUNS_LISTED } from './backups-list.service.ts';
import { finishRun, saveProgress, startManualRunIfIdle } from './backups.repository.ts';
import { OffsiteStore } from './offsite.storage.ts';

/**
 * The backups screen's routes (ADR 0053): who may call them, «پشتیبان‌گیری اکنون» one at a time
 * across concurrent requests, the checksum state of each listed file, the list's limit; the bucket's
 * own retention; the settings of the off-site copy.
 */

const LIST = '/api/v1.0/Manage/Backups';
const START = '/api/v1.0/Manage/Backups/Start';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-bk-screen-'));
let ctx: TestContext;
let admin: Record<string, string>;
/** A runner that only claims the run (the real one's first step); the backup itself is offsite.test.ts's. */
let withRunner: TestContext;
let runnerAdmin: Record<string, string>;
const kit = staffKit(() => ctx, { ip: 67, mobile: '0913' });

const claimOnly = (): BackupRunner => ({
  start: async () => {
    const id = await startManualRunIfIdle(withRunner.db, `${os.hostname()} test`, new Date());
    return id === null ? null : { id };
  },
  stop: async () => {},
});

beforeAll(async () => {
  [ctx, withRunner] = await Promise.all([createTestApp(), createTestApp({ backups: claimOnly() })]);
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
  runnerAdmin = (await createSignedInUser(withRunner, { role: 'admin' })).headers;
});
afterAll(async () => {
  await Promise.all([ctx.close(), withRunner.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function list(app: TestContext, headers: Record<string, string>): Promise<BackupsResponse> {
  const res = await app.app.inject({ method: 'GET', url: LIST, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('who may see and start backups', () => {
  it('the admin only: a lab owner and a lab’s staff get 403, no token 401; every answer no-store', async () => {
    const owner = await kit.newLab();
    const counter = await kit.addStaff(owner, ['counter']);
    for (const [method, url] of [
      ['GET', LIST],
      ['POST', START],
    ] as const) {
      const as = (headers?: Record<string, string>) => ctx.app.inject({ method, url, headers });
      expect((await as()).statusCode).toBe(401);
      expect((await as(owner.headers)).statusCode).toBe(403);
      const staff = await as(counter.headers);
      expect(staff.statusCode).toBe(403);
      expect(staff.headers['cache-control']).toBe('no-store');
    }
    const empty = await list(ctx, admin);
    expect(empty.runs).toEqual([]);
    expect(empty.status).toMatchObject({ lastGood: null, lastOffsite: null, runningSince: null });
  });

  it('a server without a runner answers 503 in Persian', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: START, headers: admin });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/پشتیبان‌گیری/);
  });

  it('50 starts at once make one backup; the others get 409 while it runs', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        withRunner.app.inject({ method: 'POST', url: START, headers: runnerAdmin }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(refused[0]!.json().message).toBe(
      'یک پشتیبان‌گیری در حال انجام است؛ پس از پایان آن دوباره تلاش کنید',
    );
    const { id } = ok[0]!.json().data as { id: number };

    await saveProgress(withRunner.db, id, { step: 'files', done: 3, total: 10 });
    const running = await list(withRunner, runnerAdmin);
    expect(running.runs).toHaveLength(1);
    expect(running.runs[0]).toMatchObject({
      id,
      trigger: 'manual',
      state: 'running',
      progress: { step: 'files', done: 3, total: 10 },
      checksum: 'unchecked',
      offsite: { state: 'off', key: null, encrypted: false },
    });
    expect(running.status.runningSince).toBe(running.runs[0]!.startedAt);

    // A run whose process died (not ended after 6 hours) does not block the next one.
    await sql`update backup_runs set started_at = now() - interval '6 hours 1 minute' where id = ${id}`.execute(
      withRunner.db,
    );
    const next = await withRunner.app.inject({ method: 'POST', url: START, headers: runnerAdmin });
    expect(next.statusCode).toBe(200);
    const abandoned = (await list(withRunner, runnerAdmin)).runs.find((r) => r.id === id)!;
    expect(abandoned.state).toBe('failed');
    expect(abandoned.error).toBe('the backup did not finish (its process stopped while it ran)');
  });
});

describe('the listed files’ checksums', () => {
  const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

  async function goodRun(name: string, bytes = 64): Promise<{ id: number; file: string }> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.alloc(bytes, name));
    const { id } = await ctx.db
      .insertInto('backupRuns')
      .values({ trigger: 'manual', host: `${os.hostname()} test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await finishRun(ctx.db, id, { ok: true, file, bytes, method: 'copy', sha256: sha(file) });
    return { id, file };
  }

  it('ok, changed, missing for the newest few; unchecked past them and for another machine’s', async () => {
    const old = await goodRun('ayar-20260101-000000Z.tar');
    const runs = [];
    for (let i = 1; i <= HASHED_WHEN_LISTED; i++) runs.push(await goodRun(`ayar-2026020${i}-000000Z.tar`));
    const state = async (id: number) => (await list(ctx, admin)).runs.find((r) => r.id === id)!.checksum;
    expect(await state(runs[0]!.id)).toBe('ok');
    // Past the newest HASHED_WHEN_LISTED: not read, so not known.
    expect(await state(old.id)).toBe('unchecked');

    // The same size, another byte: the cache is by size and mtime, so it is read again.
    const changed = runs[1]!;
    const bytes = fs.readFileSync(changed.file);
    bytes[0] = bytes[0]! ^ 1;
    fs.writeFileSync(changed.file, bytes);
    fs.utimesSync(changed.file, new Date(), new Date(Date.now() + 5_000));
    expect(await state(changed.id)).toBe('changed');
    fs.rmSync(runs[2]!.file);
    expect(await state(runs[2]!.id)).toBe('missing');
    // Another size is changed without reading it, even past the newest few.
    fs.appendFileSync(old.file, 'x');
    expect(await state(old.id)).toBe('changed');

    await sql`update backup_runs set host = 'another-node pid 1' where id = ${runs[0]!.id}`.execute(ctx.db);
    expect(await state(runs[0]!.id)).toBe('unchecked');
  });

  it('an upload still «uploading» 6 hours after its backup ended stopped with its process: failed', async () => {
    const at = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const copy = { offsiteState: 'uploading' as const, offsiteEncrypted: true, ok: true, host: 'x' };
    const rows = await ctx.db
      .insertInto('backupRuns')
      .values([
        { trigger: 'schedule', startedAt: at(7), finishedAt: at(6.1), ...copy },
        { trigger: 'schedule', startedAt: at(6), finishedAt: at(5.9), ...copy },
      ])
      .returning('id')
      .execute();
    const { runs } = await list(ctx, admin);
    const [stale, going] = rows.map((r) => runs.find((run) => run.id === r.id)!);
    expect(stale!.offsite).toMatchObject({
      state: 'failed',
      error: 'the upload did not finish (its process stopped while it ran)',
    });
    expect(going!.offsite).toMatchObject({ state: 'uploading', error: null });
  });

  it(`lists the newest ${RUNS_LISTED} runs, newest first`, async () => {
    const { count } = await ctx.db
      .selectFrom('backupRuns')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const more = RUNS_LISTED + 1 - Number(count);
    for (let i = 0; i < more; i++) {
      await ctx.db.insertInto('backupRuns').values({ trigger: 'schedule', host: 'x' }).execute();
    }
    const { runs } = await list(ctx, admin);
    expect(runs).toHaveLength(RUNS_LISTED);
    const starts = runs.map((r) => r.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const oldest = await ctx.db
      .selectFrom('backupRuns')
      .select('id')
      .orderBy('startedAt')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(runs.map((r) => r.id)).not.toContain(oldest.id);
  });
});

describe('the bucket keeps BACKUP_UPLOAD_KEEP copies', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => s3.close());

  it('keep N: N stay; the N+1st upload removes the oldest; nothing else under or beside the prefix', async () => {
    const keep = 2;
    const store = new OffsiteStore({ ...s3.settings, prefix: 'keep/', keep, recipients: [] });
    try {
      await s3.store.client.send(
        new (await import('@aws-sdk/client-s3')).PutObjectCommand({
          Bucket: s3.settings.bucket,
          Key: 'keep/notes.txt',
          Body: Buffer.from('the operator’s'),
        }),
      );
      await s3.store.client.send(
        new (await import('@aws-sdk/client-s3')).PutObjectCommand({
          Bucket: s3.settings.bucket,
          Key: 'elsewhere/ayar-20250101-000000Z.tar',
          Body: Buffer.from('not under the prefix'),
        }),
      );
      const names = ['ayar-20261101-000000Z.tar', 'ayar-20261102-000000Z.tar', 'ayar-20261103-000000Z.tar'];
      for (const name of names.slice(0, keep)) {
        fs.writeFileSync(path.join(dir, name), name);
        await store.upload(path.join(dir, name), () => {});
        expect(await store.prune()).toEqual([]);
      }
      expect((await store.list()).map((c) => c.name)).toEqual(names.slice(0, keep));
      fs.writeFileSync(path.join(dir, names[2]!), names[2]!);
      await store.upload(path.join(dir, names[2]!), () => {});
      expect(await store.prune()).toEqual([`keep/${names[0]}`]);
      expect((await store.list()).map((c) => c.name)).toEqual(names.slice(1));
      const { Contents } = await s3.store.client.send(
        new (await import('@aws-sdk/client-s3')).ListObjectsV2Command({ Bucket: s3.settings.bucket }),
      );
      const keys = (Contents ?? []).map((o) => o.Key);
      expect(keys).toContain('keep/notes.txt');
      expect(keys).toContain('elsewhere/ayar-20250101-000000Z.tar');
    } finally {
      store.close();
    }
  });
});

describe('the off-site settings', () => {
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      return err.message.split('\n').slice(1);
    }
  };

  it('defaults: no upload, prefix backups/, 30 copies, no encryption', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      BACKUP_UPLOAD: 'none',
      BACKUP_S3_PREFIX: 'backups/',
      BACKUP_UPLOAD_KEEP: 30,
    });
    expect(config.BACKUP_AGE_RECIPIENTS).toBeUndefined();
    expect(loadConfig({ BACKUP_S3_PREFIX: 'lab/net1' }).BACKUP_S3_PREFIX).toBe('lab/net1/');
  });

  it('BACKUP_UPLOAD=s3 names everything it lacks at once; S3_BUCKET stands in for BACKUP_S3_BUCKET', () => {
    expect(problems({ BACKUP_UPLOAD: 's3' })).toEqual([
      expect.stringMatching(/^ {2}- S3_ENDPOINT: is required when BACKUP_UPLOAD=s3/),
      expect.stringMatching(/^ {2}- S3_ACCESS_KEY_ID: /),
      expect.stringMatching(/^ {2}- S3_SECRET_ACCESS_KEY: /),
      expect.stringMatching(/^ {2}- BACKUP_S3_BUCKET: /),
    ]);
    const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(problems({ BACKUP_UPLOAD: 's3', ...s3, BACKUP_S3_BUCKET: 'ayar-backups' })).toEqual([]);
    expect(problems({ BACKUP_UPLOAD: 's3', ...s3, STORAGE: 's3', S3_BUCKET: 'ayar' })).toEqual([]);
    expect(problems({ BACKUP_UPLOAD: 'ftp' })).toEqual([expect.stringMatching(/^ {2}- BACKUP_UPLOAD: /)]);
  });

  it('BACKUP_UPLOAD_KEEP from 1 to 10000', () => {
    expect(loadConfig({ BACKUP_UPLOAD_KEEP: '1' }).BACKUP_UPLOAD_KEEP).toBe(1);
    expect(loadConfig({ BACKUP_UPLOAD_KEEP: '10000' }).BACKUP_UPLOAD_KEEP).toBe(10_000);
    expect(problems({ BACKUP_UPLOAD_KEEP: '0' })).toHaveLength(1);
    expect(problems({ BACKUP_UPLOAD_KEEP: '10001' })).toHaveLength(1);
  });

  it('BACKUP_AGE_RECIPIENTS takes age public keys only, and names the bad one', async () => {
    const [a, b] = await Promise.all([generateIdentity(), generateIdentity()]);
    const keys = [await identityToRecipient(a), await identityToRecipient(b)];
    expect(loadConfig({ BACKUP_AGE_RECIPIENTS: ` ${keys[0]}, ${keys[1]} ` }).BACKUP_AGE_RECIPIENTS).toEqual(
      keys,
    );
    const broken = `${keys[0]!.slice(0, -1)}${keys[0]!.endsWith('q') ? 'p' : 'q'}`;
    expect(problems({ BACKUP_AGE_RECIPIENTS: `${keys[0]},${broken}` })).toEqual([
      `  - BACKUP_AGE_RECIPIENTS: not an age public key (age1…): ${broken}`,
    ]);
    // A secret key given by mistake is refused, and not repeated in the message.
    const secret = problems({ BACKUP_AGE_RECIPIENTS: a });
    expect(secret).toHaveLength(1);
    expect(secret[0]).toContain('not an age public key');
    expect(secret[0]).not.toContain(a);
    expect(secret[0]).not.toContain('AGE-SECRET-KEY');
  });
});
