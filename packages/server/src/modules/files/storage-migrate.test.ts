import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAddress } from '@ayar/contract';
import { buildApp } from '../../app.ts';
import { bearer, TEST_JWT_SECRET } from '../../../test/helpers.ts';
import { listStore } from './store-copy.storage.ts';
import { startTestS3, TEST_S3_SECRET, type TestS3 } from './s3.test-kit.ts';
import {
  createFilesTestApp,
  idOf,
  image,
  makeLab,
  MP3,
  storedBytes,
  type FilesTestContext,
} from './files.test-kit.ts';

/**
 * `npm run storage:migrate` (ADR 0030), run as the script the root package.json names, against an S3
 * server of the test's own: everything copied once, nothing the second time, the files then served
 * from the bucket; bad usage and an unusable bucket exit non-zero.
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

let ctx: FilesTestContext;
let s3: TestS3;
let publicUrl: string;
let photoId: string;

/** Runs the script as npm would (`node <file>`), without blocking: the S3 server lives in this process. */
function migrate(env: Record<string, string>, args: string[] = ['--from', ctx.filesDir]) {
  const [command, script] = rootPackage.scripts['storage:migrate']!.split(' ');
  expect(command).toBe('node');
  const { DATABASE_URL: _url, ...base } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, script!), ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

beforeAll(async () => {
  ctx = await createFilesTestApp({ name: 'file[]', filename: 'photo.jpg', type: 'image/jpeg' }, 'local');
  s3 = await startTestS3();
  const lab = await ctx.signedIn();
  const { customerId } = await makeLab(ctx.db, lab.id, 800_000);
  const photos = await ctx.upload(lab.token, { typeName: 'Activity', fileType: 'photo' }, [
    { bytes: await image(800, 600, 'jpeg') },
    { bytes: await image(200, 100, 'png') },
  ]);
  photoId = idOf(photos.json().data[0]);
  const admin = await ctx.signedIn('admin');
  const audio = await ctx.upload(admin.token, { typeName: 'User', fileType: 'Audio' }, [
    { bytes: MP3, name: 'file', filename: 'a.mp3', type: 'audio/mpeg' },
  ]);
  expect(audio.statusCode, audio.body).toBe(200);
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/AddTest',
    headers: bearer(lab.token),
    payload: [
      {
        customerId,
        customerName: 'علی رضایی',
        docNumber: 800_000,
        readyTime: 30,
        weight: '12.5',
        sampleWeight: '0.250',
        images: [fileAddress(photoId)],
      },
    ],
  });
  const { publicToken } = await ctx.db
    .selectFrom('assays')
    .select('publicToken')
    .where('id', '=', registered.json().data.list[0].id)
    .executeTakeFirstOrThrow();
  publicUrl = `/api/v1.0/Results/Photo/${publicToken}/${photoId}`;
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

describe('npm run storage:migrate', () => {
  it('copies every file into the bucket once, with progress; run again it copies nothing', async () => {
    const local = await listStore(ctx.files);
    expect(local.size).toBe(5); // two photos with their thumbnails, one audio file

    const first = await migrate(s3.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Copying ${ctx.filesDir} into s3://ayar-test at ${s3.settings.endpoint}`);
    expect(first.stdout).toMatch(/ {2}5\/5 files: 5 copied \(\d+\.\d MB of \d+\.\d MB\), 0 already there/);
    expect(first.stdout).toMatch(/Done: 5 files; 5 copied \(\d+\.\d MB\), 0 already there\./);
    expect(first.stdout).not.toContain(TEST_S3_SECRET);
    for (const key of local.keys()) {
      expect((await storedBytes(s3.store, key)).equals(await storedBytes(ctx.files, key))).toBe(true);
    }

    const second = await migrate(s3.env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Done: 5 files; 0 copied (0.0 MB), 5 already there.');
  });

  it('copies again a file the bucket holds with another size (a copy cut short)', async () => {
    const [key] = [...(await listStore(ctx.files)).keys()];
    await s3.store.write(key!, Buffer.from('cut'));
    const run = await migrate(s3.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Done: 5 files; 1 copied');
    expect((await storedBytes(s3.store, key!)).equals(await storedBytes(ctx.files, key!))).toBe(true);
  });

  it('then the files are served from the bucket, the directory gone', async () => {
    const original = await ctx.app.inject({ method: 'GET', url: publicUrl });
    fs.rmSync(ctx.filesDir, { recursive: true, force: true });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ db: ctx.db, jwtSecret: TEST_JWT_SECRET, version: 'test', fileStore: s3.store });
      for (const url of [publicUrl, `${publicUrl}?thumb=1`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
      }
      const served = await app.inject({ method: 'GET', url: publicUrl });
      expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      expect(served.headers['content-length']).toBe(original.headers['content-length']);
    } finally {
      await app?.close();
    }
  });

  it('exits non-zero saying why: no STORAGE=s3 (2), no such directory (2), no such bucket (1)', async () => {
    const notS3 = await migrate({ STORAGE: 'local' });
    expect(notS3.code).toBe(2);
    expect(notS3.stderr).toContain('set STORAGE=s3');

    const noDir = await migrate(s3.env, ['--from', path.join(ctx.filesDir, 'nowhere')]);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('there is no files directory at');

    fs.mkdirSync(ctx.filesDir, { recursive: true });
    const noBucket = await migrate({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('storage:migrate failed: the bucket no-such-bucket does not exist');
    expect(noBucket.stderr).toContain('Run it again');
    expect(noBucket.stderr).not.toContain(TEST_S3_SECRET);
  });
});
