import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_INFO_MSG } from '@ayar/contract';
import { bearer } from '../../../test/helpers.ts';
import { removeUnusedFiles } from '../files/files.service.ts';
import { createFilesTestApp, idOf, image, type FilesTestContext } from '../files/files.test-kit.ts';

const P = '/api/v1.0';
let ctx: FilesTestContext;
let adminToken: string;
let workshopToken: string;

beforeAll(async () => {
  ctx = await createFilesTestApp({ name: 'file', filename: 'seal.png', type: 'image/png' });
  adminToken = (await ctx.signedIn('admin')).token;
  workshopToken = (await ctx.signedIn()).token;
});
afterAll(() => ctx.close());

const info = () => ctx.app.inject({ method: 'GET', url: `${P}/Site/Info` });
const save = (payload: object, token: string | null = adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `${P}/Manage/SiteInfo`,
    headers: token ? bearer(token) : {},
    payload,
  });
async function uploadSeal(): Promise<string> {
  const res = await ctx.upload(adminToken, { typeName: 'Activity', fileType: 'photo' }, [
    { bytes: await image(125, 136, 'png') },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string;
}

const FULL = {
  supportPhone: '۰۲۱-۹۱۰۰ ۲۲۳۳',
  supportHours: 'شنبه تا پنجشنبه، ۹ تا ۱۷',
  address: 'تهران، خیابان جمهوری، پلاک ۱۲',
  postalCode: '۱۱۳۱۸-۳۴۵۶۷',
  company: 'شرکت شبکه عیار',
  trustSealUrl: 'https://trustseal.enamad.ir/?id=123&Code=abc',
  sisterSiteUrl: 'https://bazar-tala.example',
  sisterSiteName: 'بازار طلا',
};

describe('GET /Site/Info and POST /Manage/SiteInfo', () => {
  it('answers empty fields before the administrator has written any, to anyone', async () => {
    const res = await info();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().data).toEqual({
      supportPhone: '',
      supportHours: '',
      address: '',
      postalCode: '',
      company: '',
      trustSealUrl: '',
      trustSealImage: '',
      sisterSiteUrl: '',
      sisterSiteName: '',
    });
  });

  it('saves what the administrator types (digits normalised) and the public reads it back', async () => {
    const seal = await uploadSeal();
    const res = await save({ ...FULL, trustSealImage: seal });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SITE_INFO_MSG.saved);
    const expected = {
      ...FULL,
      supportPhone: '021-9100 2233',
      postalCode: '1131834567',
      // Text is stored with ASCII digits, as everywhere; the pages show them as Persian digits.
      supportHours: 'شنبه تا پنجشنبه، 9 تا 17',
      address: 'تهران، خیابان جمهوری، پلاک 12',
      trustSealImage: `${P}/Site/TrustSeal/${idOf(seal)}`,
    };
    expect(res.json().data).toEqual(expected);
    expect((await info()).json().data).toEqual(expected);

    const audit = await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entity', '=', 'site_info')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ supportPhone: '021-9100 2233', trustSealImage: idOf(seal) });

    // Emptying a field clears it: the pages then show their empty state.
    const cleared = await save({ ...FULL, supportPhone: '', trustSealImage: seal });
    expect(cleared.json().data.supportPhone).toBe('');
  });

  it('refuses bad values with every field named', async () => {
    const res = await save({
      supportPhone: 'call me',
      postalCode: '12345',
      trustSealUrl: 'javascript:alert(1)',
      sisterSiteUrl: 'bazar-tala',
      trustSealImage: '/api/v1.0/Files/not-an-id',
      address: 'x'.repeat(301),
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(
      ['address', 'postalCode', 'sisterSiteUrl', 'supportPhone', 'trustSealImage', 'trustSealUrl'].sort(),
    );
  });

  it('refuses a seal image that is not an uploaded photo', async () => {
    const res = await save({ trustSealImage: '/api/v1.0/Files/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'trustSealImage', message: SITE_INFO_MSG.imageInvalid }]);
  });

  it('is the administrator’s to change: 401 without a session, 403 for a workshop', async () => {
    expect((await save(FULL, null)).statusCode).toBe(401);
    expect((await save(FULL, workshopToken)).statusCode).toBe(403);
  });
});

describe('GET /Site/TrustSeal/:id', () => {
  it('serves the current seal to anyone; any other file id, or a replaced seal, is 404', async () => {
    const first = await uploadSeal();
    await save({ trustSealImage: first });
    const res = await ctx.app.inject({ method: 'GET', url: `${P}/Site/TrustSeal/${idOf(first)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(125);

    const packetPhoto = await uploadSeal();
    const notSeal = await ctx.app.inject({ method: 'GET', url: `${P}/Site/TrustSeal/${idOf(packetPhoto)}` });
    expect(notSeal.statusCode).toBe(404);

    await save({ trustSealImage: packetPhoto });
    const old = await ctx.app.inject({ method: 'GET', url: `${P}/Site/TrustSeal/${idOf(first)}` });
    expect(old.statusCode).toBe(404);
  });

  it('is kept by the unused-file sweep while it is the seal; a replaced one is swept', async () => {
    const kept = await uploadSeal();
    const replaced = await uploadSeal();
    await save({ trustSealImage: replaced });
    await save({ trustSealImage: kept });
    await ctx.db
      .updateTable('files')
      .set({ createdAt: sql<Date>`now() - interval '3 days'` })
      .where('id', 'in', [idOf(kept), idOf(replaced)])
      .execute();
    await removeUnusedFiles({ db: ctx.db, files: ctx.files });
    const left = await ctx.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [idOf(kept), idOf(replaced)])
      .execute();
    expect(left.map((r) => r.id)).toEqual([idOf(kept)]);
  });
});
