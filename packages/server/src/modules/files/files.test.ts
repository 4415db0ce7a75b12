import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WORKSHOP_MSG } from '@ayar/contract';
import { bearer } from '../../../test/helpers.ts';
import { sniffAudio } from './audio.lib.ts';
import {
  ADD_FILE,
  createFilesTestApp,
  DRIVERS,
  isStored,
  MP3,
  type FilesTestContext,
} from './files.test-kit.ts';

describe('sniffAudio', () => {
  it('recognises audio by its first bytes, not by name', () => {
    const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(16)]);
    expect(sniffAudio(pad(Buffer.from('ID3')))).toBe('audio/mpeg');
    expect(sniffAudio(pad(Buffer.from([0xff, 0xfb, 0x90, 0x00])))).toBe('audio/mpeg');
    expect(sniffAudio(pad(Buffer.from('OggS')))).toBe('audio/ogg');
    expect(sniffAudio(pad(Buffer.from('RIFF\0\0\0\0WAVE')))).toBe('audio/wav');
    expect(sniffAudio(pad(Buffer.from('\0\0\0\x20ftypM4A ', 'latin1')))).toBe('audio/mp4');
    expect(sniffAudio(pad(Buffer.from('#!AMR\n')))).toBe('audio/amr');
    expect(sniffAudio(pad(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))).toBe('audio/webm');
    expect(sniffAudio(pad(Buffer.from('RIFF\0\0\0\0AVI ')))).toBeNull();
    expect(sniffAudio(pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBeNull();
    expect(sniffAudio(pad(Buffer.from('%PDF-1.7')))).toBeNull();
  });
});

describe.each(DRIVERS)('with the %s store', (driver) => {
  let ctx: FilesTestContext;
  let adminToken: string;
  let workshopToken: string;
  let workshopId: string;

  beforeAll(async () => {
    ctx = await createFilesTestApp({ name: 'file', filename: 'voice.mp3', type: 'audio/mpeg' }, driver);
    adminToken = (await ctx.signedIn('admin')).token;
    ({ id: workshopId, token: workshopToken } = await ctx.signedIn());
  });
  afterAll(() => ctx.close());

  const upload: FilesTestContext['upload'] = (...args) => ctx.upload(...args);
  const audioFields = { typeName: 'User', fileType: 'Audio' };

  describe('POST /Tests/AddFile (workshop audio)', () => {
    it('stores an admin’s audio under a random name and answers its address', async () => {
      const res = await upload(adminToken, audioFields, [{ bytes: MP3, type: 'application/octet-stream' }]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.successful).toBe(true);
      expect(body.data).toMatch(/^\/api\/v1\.0\/Files\/[0-9a-f-]{36}$/);
      const id = body.data.split('/').at(-1);
      const row = await ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', sizeBytes: MP3.length });
      expect(row.storageKey).not.toContain('voice');

      const file = await ctx.app.inject({ method: 'GET', url: body.data, headers: bearer(adminToken) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('audio/mpeg');
      expect(file.rawPayload.equals(MP3)).toBe(true);
    });

    it('refuses what is not audio by content (415), whatever its name or type says', async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64),
      ]);
      const res = await upload(adminToken, audioFields, [{ bytes: png, type: 'audio/mpeg' }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ successful: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('413 for more than 5 MB, 400 for no file, two files or an unknown file type', async () => {
      const big = Buffer.concat([MP3, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(adminToken, audioFields, [{ bytes: big }]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('TOO_LARGE');

      const none = await upload(adminToken, audioFields, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0].field).toBe('file');

      const two = await upload(adminToken, audioFields, [{ bytes: MP3 }, { bytes: MP3 }]);
      expect(two.statusCode).toBe(400);

      const video = await upload(adminToken, { typeName: 'Activity', fileType: 'video' }, [{ bytes: MP3 }]);
      expect(video.statusCode).toBe(400);
      expect(video.json().message).toBe(MSG.unsupportedMedia);

      const json = await ctx.app.inject({
        method: 'POST',
        url: ADD_FILE,
        payload: { a: 1 },
        headers: bearer(adminToken),
      });
      expect(json.statusCode).toBe(415);
    });

    it('401 without a token, 403 for a workshop uploading workshop audio', async () => {
      expect((await upload(null, audioFields, [{ bytes: MP3 }])).statusCode).toBe(401);
      expect((await upload(workshopToken, audioFields, [{ bytes: MP3 }])).statusCode).toBe(403);
    });
  });

  describe('GET /Files/:id and the audio on a workshop', () => {
    it('EditUser links the audio; the workshop may then fetch it, another workshop gets 404', async () => {
      const res = await upload(adminToken, audioFields, [{ bytes: MP3 }]);
      const address: string = res.json().data;
      const otherToken = (await ctx.signedIn()).token;
      expect(
        (await ctx.app.inject({ method: 'GET', url: address, headers: bearer(workshopToken) })).statusCode,
      ).toBe(404);

      const edit = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1.0/Manage/EditUser',
        headers: bearer(adminToken),
        payload: {
          userId: workshopId,
          fName: 'آزمایشگاه صدا',
          fullName: 'مدیر',
          userName: `voice${Date.now()}`,
          file: address,
        },
      });
      expect(edit.statusCode).toBe(200);
      const [detail] = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1.0/Manage/UserById?id=${workshopId}`,
          headers: bearer(adminToken),
        })
      ).json().data;
      expect(detail.file).toBe(address);
      expect(
        (await ctx.app.inject({ method: 'GET', url: address, headers: bearer(workshopToken) })).statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'GET', url: address, headers: bearer(otherToken) })).statusCode,
      ).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: address })).statusCode).toBe(401);

      // Replacing it removes the old file from the database and the store.
      const oldId = address.split('/').at(-1)!;
      const oldRow = await ctx.db
        .selectFrom('files')
        .select('storageKey')
        .where('id', '=', oldId)
        .executeTakeFirstOrThrow();
      const second: string = (await upload(adminToken, audioFields, [{ bytes: MP3 }])).json().data;
      const replace = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1.0/Manage/EditUser',
        headers: bearer(adminToken),
        payload: {
          userId: workshopId,
          fName: 'آزمایشگاه صدا',
          fullName: 'مدیر',
          userName: `voice${Date.now()}`,
          file: second,
        },
      });
      expect(replace.statusCode).toBe(200);
      expect(
        await ctx.db.selectFrom('files').select('id').where('id', '=', oldId).executeTakeFirst(),
      ).toBeUndefined();
      expect(await isStored(ctx.files, oldRow.storageKey)).toBe(false);
      const newId = second.split('/').at(-1)!;
      const newRow = await ctx.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', newId)
        .executeTakeFirstOrThrow();
      expect(newRow.ownerId).toBe(workshopId);
      expect(await isStored(ctx.files, newRow.storageKey)).toBe(true);
    });

    it('404 for unknown and malformed ids', async () => {
      for (const id of [crypto.randomUUID(), 'not-an-id', '..%2F..%2Fetc%2Fpasswd']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1.0/Files/${id}`,
          headers: bearer(adminToken),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MSG.notFound);
      }
    });

    it('an unknown audio id on EditUser is a field error', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1.0/Manage/EditUser',
        headers: bearer(adminToken),
        payload: {
          userId: workshopId,
          fName: 'x',
          fullName: 'y',
          userName: `voice${Date.now()}`,
          file: 'garbage',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'file', message: WORKSHOP_MSG.audioInvalid }]);
    });
  });
});
