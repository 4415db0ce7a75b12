import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers.ts';
import { FILE_MSG } from './files.service.ts';
import {
  createFilesTestApp,
  DRIVERS,
  idOf,
  image,
  storedBytes,
  type FilePart,
  type FilesTestContext,
} from './files.test-kit.ts';

describe.each(DRIVERS)('with the %s store', (driver) => {
  const photoFields = { typeName: 'Activity', fileType: 'photo' };
  let ctx: FilesTestContext;
  let workshopToken: string;
  let workshopId: string;
  let otherToken: string;

  beforeAll(async () => {
    ctx = await createFilesTestApp({ name: 'file[]', filename: 'photo.jpg', type: 'image/jpeg' }, driver);
    ({ id: workshopId, token: workshopToken } = await ctx.signedIn());
    otherToken = (await ctx.signedIn()).token;
  });
  afterAll(() => ctx.close());

  const upload = (token: string | null, files: FilePart[], fields: Record<string, string> = photoFields) =>
    ctx.upload(token, fields, files);

  const fileRow = (id: string) =>
    ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('POST /Tests/AddFile (packet photos)', () => {
    it('re-encodes a large JPEG inside 1200×880 with a 240 px thumbnail, owned by the workshop', async () => {
      const res = await upload(workshopToken, [{ bytes: await image(3000, 2000, 'jpeg') }]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ successful: true, message: FILE_MSG.photosUploaded });
      expect(body.data).toMatch(/^\/api\/v1\.0\/Files\/[0-9a-f-]{36}$/);
      const row = await fileRow(idOf(body.data));
      expect(row).toMatchObject({
        kind: 'photo',
        mime: 'image/jpeg',
        ownerId: workshopId,
        width: 1200,
        height: 800,
      });
      expect(row.thumbnailKey).toBeTruthy();

      const full = await ctx.app.inject({ method: 'GET', url: body.data, headers: bearer(workshopToken) });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      const fullMeta = await sharp(full.rawPayload).metadata();
      expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['jpeg', 1200, 800]);

      const thumb = await ctx.app.inject({
        method: 'GET',
        url: `${body.data}?thumb=1`,
        headers: bearer(workshopToken),
      });
      expect(thumb.statusCode).toBe(200);
      const thumbMeta = await sharp(thumb.rawPayload).metadata();
      expect([thumbMeta.width, thumbMeta.height]).toEqual([240, 160]);
      expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);

      // Another workshop and a guest cannot read it.
      expect(
        (await ctx.app.inject({ method: 'GET', url: body.data, headers: bearer(otherToken) })).statusCode,
      ).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: body.data })).statusCode).toBe(401);
    });

    it('answers a list of addresses for several files, in order, and keeps a tall photo inside 880 px', async () => {
      const res = await upload(workshopToken, [
        { bytes: await image(400, 300, 'jpeg') },
        { bytes: await image(1000, 2000, 'png'), filename: 'b.png', type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(200);
      const addresses: string[] = res.json().data;
      expect(addresses).toHaveLength(2);
      const [small, tall] = await Promise.all(addresses.map((a) => fileRow(idOf(a))));
      // Never enlarged; a tall picture is bounded by the height.
      expect([small!.width, small!.height]).toEqual([400, 300]);
      expect([tall!.width, tall!.height]).toEqual([440, 880]);
    });

    it('judges by content: a PNG named .jpg is taken, a text file named .jpg is refused (415)', async () => {
      const png = await upload(workshopToken, [
        { bytes: await image(50, 40, 'png'), filename: 'x.jpg', type: 'image/jpeg' },
      ]);
      expect(png.statusCode).toBe(200);
      expect((await fileRow(idOf(png.json().data))).mime).toBe('image/jpeg');

      const before = await ctx.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const text = await upload(workshopToken, [
        { bytes: await image(50, 40, 'jpeg') },
        { bytes: Buffer.from('this is not a picture at all, only text'), filename: 'fake.jpg' },
      ]);
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({
        successful: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: FILE_MSG.notPhoto,
      });
      // All or nothing: the good photo of that request was not kept either.
      const after = await ctx.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));

      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      expect(
        (await upload(workshopToken, [{ bytes: gif, filename: 'a.png', type: 'image/png' }])).statusCode,
      ).toBe(415);
    });

    it('strips EXIF (camera, location) and turns the picture upright', async () => {
      // 100×50 stored with orientation 6 (rotate 90° clockwise to view): upright it is 50×100.
      const withExif = await image(100, 50, 'jpeg', (s) =>
        s.withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'SecretCam', Copyright: 'owner-name' } }),
      );
      const meta = await sharp(withExif).metadata();
      expect(meta.exif).toBeDefined();
      expect(meta.orientation).toBe(6);

      const res = await upload(workshopToken, [{ bytes: withExif }]);
      expect(res.statusCode).toBe(200);
      const file = await ctx.app.inject({
        method: 'GET',
        url: res.json().data,
        headers: bearer(workshopToken),
      });
      const out = await sharp(file.rawPayload).metadata();
      expect(out.exif).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      expect([out.width, out.height]).toEqual([50, 100]);
      expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    });

    it('413 for a file over 8 MB, 400 for no file or a wrong typeName, 401 without a token', async () => {
      const big = Buffer.concat([await image(10, 10, 'jpeg'), Buffer.alloc(8 * 1024 * 1024 + 10)]);
      const tooBig = await upload(workshopToken, [{ bytes: big }]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({ code: 'TOO_LARGE', message: FILE_MSG.photoTooLarge });

      const none = await upload(workshopToken, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0]).toEqual({ field: 'file', message: FILE_MSG.noFile });

      const wrongType = await upload(workshopToken, [{ bytes: await image(10, 10, 'jpeg') }], {
        typeName: 'User',
        fileType: 'photo',
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors[0].field).toBe('typeName');

      expect((await upload(null, [{ bytes: await image(10, 10, 'jpeg') }])).statusCode).toBe(401);
    });

    it('stores nothing of the original bytes (re-encoded under random names)', async () => {
      const original = await image(300, 200, 'jpeg');
      const res = await upload(workshopToken, [{ bytes: original, filename: 'customer-name.jpg' }]);
      const row = await fileRow(idOf(res.json().data));
      expect(row.storageKey).toMatch(/^photo\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const stored = await storedBytes(ctx.files, row.storageKey);
      expect(stored.equals(original)).toBe(false);
      expect(row.sizeBytes).toBe(stored.length);
    });
  });
});
