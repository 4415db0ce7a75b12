import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAddress } from '@ayar/contract';
import { bearer } from '../../../test/helpers.ts';
import { removeUnusedFiles } from './files.service.ts';
import { STORAGE_KEY } from './files.storage.ts';
import { bucketProblem, S3FileStore } from './s3.storage.ts';
import { startTestS3, TEST_S3_SECRET } from './s3.test-kit.ts';
import {
  createFilesTestApp,
  DRIVERS,
  idOf,
  image,
  isStored,
  makeLab,
  storedBytes,
  type Driver,
  type FilesTestContext,
} from './files.test-kit.ts';

/**
 * The store behind uploads (ADR 0030), run against both drivers: the files directory, and a bucket on
 * an S3 server the test starts itself. Upload → serve → thumbnail → public photo route → sweep, with
 * the same answers (headers and caching) from either.
 */

const PHOTO = { typeName: 'Activity', fileType: 'photo' };
/** The public photo route's headers, by driver, compared once both have run. */
const publicHeaders = new Map<Driver, Record<string, unknown>[]>();
/** What says nothing about the store: a request's own id and time, and its rate-limit counters. */
const VARYING = /^(date|x-request-id|x-ratelimit-.*|connection|keep-alive)$/;
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.test(name)));

describe.each(DRIVERS)('with the %s store', (driver) => {
  let ctx: FilesTestContext;
  let lab: { id: string; token: string };
  let customerId: string;
  let docNumber = 700_000;

  beforeAll(async () => {
    ctx = await createFilesTestApp({ name: 'file[]', filename: 'photo.jpg', type: 'image/jpeg' }, driver);
    lab = await ctx.signedIn();
    ({ customerId } = await makeLab(ctx.db, lab.id, docNumber));
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress: '10.9.8.7' });
  const row = (id: string) =>
    ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A photo uploaded and attached to a new packet; answers the file id and the public address. */
  async function packetWithPhoto(): Promise<{ fileId: string; publicUrl: string }> {
    const upload = await ctx.upload(lab.token, PHOTO, [{ bytes: await image(900, 600, 'jpeg') }]);
    expect(upload.statusCode, upload.body).toBe(200);
    const fileId = idOf(upload.json().data);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/AddTest',
      headers: bearer(lab.token),
      payload: [
        {
          customerId,
          customerName: 'علی رضایی',
          docNumber: docNumber++,
          readyTime: 30,
          weight: '12.5',
          sampleWeight: '0.250',
          images: [fileAddress(fileId)],
        },
      ],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { publicToken } = await ctx.db
      .selectFrom('assays')
      .select('publicToken')
      .where('id', '=', registered.json().data.list[0].id)
      .executeTakeFirstOrThrow();
    return { fileId, publicUrl: `/api/v1.0/Results/Photo/${publicToken}/${fileId}` };
  }

  describe('the store', () => {
    it('keeps bytes under new random keys, reads them back, lists them and forgets removed ones', async () => {
      const bytes = Buffer.from('a stored file');
      const key = await ctx.files.store('audio', bytes);
      expect(key).toMatch(STORAGE_KEY);
      expect(await ctx.files.store('audio', bytes)).not.toBe(key);
      expect(await ctx.files.size(key)).toBe(bytes.length);
      const opened = await ctx.files.open(key);
      expect(opened?.size).toBe(bytes.length);
      opened?.stream.destroy();
      expect(await storedBytes(ctx.files, key)).toEqual(bytes);

      const chosen = `photo/ab/${'ab'.repeat(16)}`;
      await ctx.files.write(chosen, Buffer.from('copied in'));
      const listed = new Map<string, number>();
      for await (const file of ctx.files.list()) listed.set(file.key, file.size);
      expect(listed.get(key)).toBe(bytes.length);
      expect(listed.get(chosen)).toBe(9);

      await ctx.files.remove([key, chosen]);
      expect(await ctx.files.open(key)).toBeNull();
      expect(await ctx.files.size(chosen)).toBeNull();
      // Removing what is not there is no error: the sweep may meet a file already gone.
      await ctx.files.remove([key]);
    });

    it('refuses a key that is not one of its own (no path or object name from outside)', async () => {
      for (const key of ['../etc/passwd', 'photo/ab/../../x', 'photo/AB/' + 'a'.repeat(32), '']) {
        await expect(ctx.files.open(key)).rejects.toThrow(/invalid storage key/);
        await expect(ctx.files.write(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      }
    });
  });

  describe('photos through HTTP', () => {
    it('uploads, serves the photo and its thumbnail with the same headers, publicly through the packet', async () => {
      const { fileId, publicUrl } = await packetWithPhoto();
      const file = await row(fileId);
      expect(await isStored(ctx.files, file.storageKey)).toBe(true);
      expect(await isStored(ctx.files, file.thumbnailKey)).toBe(true);
      const stored = await storedBytes(ctx.files, file.storageKey);
      const storedThumb = await storedBytes(ctx.files, file.thumbnailKey!);

      const own = await get(fileAddress(fileId), bearer(lab.token));
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(stored)).toBe(true);
      expect(own.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(stored.length),
        'content-disposition': `inline; filename="photo-${fileId.slice(0, 8)}.jpg"`,
        'cache-control': 'private, max-age=3600',
      });

      const full = await get(publicUrl);
      const thumb = await get(`${publicUrl}?thumb=1`);
      expect([full.statusCode, thumb.statusCode]).toEqual([200, 200]);
      expect(full.rawPayload.equals(stored)).toBe(true);
      expect(thumb.rawPayload.equals(storedThumb)).toBe(true);
      expect(full.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(stored.length),
        'content-disposition': `inline; filename="photo-${fileId.slice(0, 8)}.jpg"`,
        'cache-control': 'public, max-age=3600',
      });
      expect(thumb.headers).toMatchObject({
        'content-length': String(storedThumb.length),
        'content-disposition': `inline; filename="photo-${fileId.slice(0, 8)}-thumb.jpg"`,
        'cache-control': 'public, max-age=3600',
      });
      // Streamed from the store, never redirected to it: no store address reaches the browser.
      expect(full.headers.location).toBeUndefined();
      // HEAD (a link preview, a cache revalidating) answers the same headers without the bytes.
      const head = await ctx.app.inject({ method: 'HEAD', url: publicUrl, remoteAddress: '10.9.8.7' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(stored.length));
      expect(head.rawPayload.length).toBe(0);
      publicHeaders.set(driver, [stable(full.headers), stable(thumb.headers)]);
    });

    it('a photo whose stored file is gone is a 404, not a failure', async () => {
      const { fileId, publicUrl } = await packetWithPhoto();
      const file = await row(fileId);
      await ctx.files.remove([file.storageKey]);
      const res = await get(publicUrl);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ successful: false, code: 'NOT_FOUND' });
      expect((await get(`${publicUrl}?thumb=1`)).statusCode).toBe(200);
    });

    it('the sweep removes an unused photo and its thumbnail from the store', async () => {
      const upload = await ctx.upload(lab.token, PHOTO, [{ bytes: await image(300, 200, 'png') }]);
      const file = await row(idOf(upload.json().data));
      await ctx.db
        .updateTable('files')
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
        .where('id', '=', file.id)
        .execute();
      expect(await removeUnusedFiles({ db: ctx.db, files: ctx.files })).toEqual({ photo: 1, audio: 0 });
      expect(await isStored(ctx.files, file.storageKey)).toBe(false);
      expect(await isStored(ctx.files, file.thumbnailKey)).toBe(false);
      expect((await get(fileAddress(file.id), bearer(lab.token))).statusCode).toBe(404);
    });
  });
});

describe('both stores', () => {
  it('answer the public photo route with the same headers', () => {
    const local = publicHeaders.get('local');
    expect(local).toBeDefined();
    for (const headers of local!) expect(headers['content-length']).toBeDefined();
    // Lengths differ with the image's bytes: the names of the headers and every other value match.
    const shape = (all: Record<string, unknown>[]) =>
      all.map(({ 'content-length': _l, 'content-disposition': d, ...rest }) => ({
        ...rest,
        'content-disposition': String(d).replace(/photo-[0-9a-f]{8}/, 'photo-x'),
      }));
    expect(shape(publicHeaders.get('s3')!)).toEqual(shape(local!));
  });
});

describe('a bucket that cannot be used', () => {
  const failure = (store: S3FileStore) =>
    store.check().then(
      () => null,
      (err: unknown) => bucketProblem(err, store),
    );

  it('is named with what to change: no such bucket, or nothing answering', async () => {
    const s3 = await startTestS3();
    const missing = new S3FileStore({ ...s3.settings, bucket: 'no-such-bucket' });
    const stranger = new S3FileStore({ ...s3.settings, accessKeyId: 'SOMEONE-ELSE' });
    try {
      expect(await failure(missing)).toEqual({
        message: `the bucket no-such-bucket does not exist at ${s3.settings.endpoint}.`,
        hint: expect.stringContaining('S3_BUCKET'),
      });
      const refused = await failure(stranger);
      expect(refused?.message).toMatch(/^the object store refused the credentials for s3:\/\/ayar-test/);
      expect(refused?.hint).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      expect(JSON.stringify(refused)).not.toContain(TEST_S3_SECRET);
    } finally {
      missing.close();
      stranger.close();
      await s3.close();
    }
    // The server is gone now: nothing answers at that port.
    const nobody = new S3FileStore(s3.settings);
    try {
      const problem = await failure(nobody);
      expect(problem?.message).toMatch(
        /^the object store s3:\/\/ayar-test at http:\/\/127\.0\.0\.1:\d+ does not answer/,
      );
      expect(problem?.hint).toContain('S3_ENDPOINT');
    } finally {
      nobody.close();
    }
  });
});
