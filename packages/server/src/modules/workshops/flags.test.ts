import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAddress } from '@ayar/contract';
import { bearer, createUser, login } from '../../../test/helpers.ts';
import { otpDeliveriesSettled } from '../auth/otp.service.ts';
import { createFilesTestApp, idOf, MP3, type FilesTestContext } from '../files/files.test-kit.ts';

// ADR 0027: «فقط نمایش در لیست» (isPublicUser) makes a lab listing-only: in the public list, with no
// sign-in; «کاربر آزمایشگاه است؟» (isLabOwner) and the workshop's audio reach the lab's own app through
// its profile, whose dashboard watches the waiting queue and plays that sound.

const P = '/api/v1.0';
let ctx: FilesTestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createFilesTestApp({ name: 'file', filename: 'alert.mp3', type: 'audio/mpeg' });
  adminToken = (await ctx.signedIn('admin')).token;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token?: string, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: P + url,
    payload,
    headers: token ? bearer(token) : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const get = (url: string, token?: string, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: P + url, headers: token ? bearer(token) : {}, query });

const workshop = (over: Record<string, unknown> = {}) => ({
  fName: `آزمایشگاه ${Math.random().toString(36).slice(2, 7)}`,
  fullName: 'مدیر نمونه',
  cellPhone: '09127654321',
  userName: `lab${Math.random().toString(36).slice(2, 10)}`,
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  ...over,
});

describe('«فقط نمایش در لیست» (isPublicUser)', () => {
  it('a listing-only lab is in the public list but cannot sign in, by password or by code', async () => {
    const payload = workshop({ isPublicUser: true });
    const added = await post('/Manage/AddUser', payload, adminToken);
    expect(added.statusCode, added.body).toBe(200);

    const list = await get('/Account/LabOwners', undefined, { name: payload.fName });
    expect(list.json().data.list).toEqual([
      { fName: payload.fName, fullName: payload.fullName, phone: null, cellPhone: '09127654321' },
    ]);

    const signIn = await post('/Account/login', { userName: payload.userName, password: payload.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toContain('فقط در فهرست آزمایشگاه‌ها');

    const code = await post(
      '/Account/DisposableLogin',
      { userName: payload.userName },
      undefined,
      '10.9.9.9',
    );
    expect(code.statusCode).toBe(200);
    // The code is queued after the answer (ADR 0043): wait for it before saying none was.
    await otpDeliveriesSettled();
    const sent = await ctx.db
      .selectFrom('messages')
      .select('id')
      .where('workshopId', '=', added.json().data.id)
      .execute();
    expect(sent).toEqual([]);
  });

  it('making a lab listing-only ends its sessions; unticking lets it sign in again', async () => {
    const payload = workshop();
    const id = (await post('/Manage/AddUser', payload, adminToken)).json().data.id as string;
    const token = await login(ctx.app, payload.userName, payload.password);
    const edit = (isPublicUser: boolean) =>
      post(
        '/Manage/EditUser',
        { ...payload, userId: id, isPublicUser, password: '', confirmPassword: '' },
        adminToken,
      );

    expect((await edit(true)).statusCode).toBe(200);
    expect((await get('/Account/Profile', token)).statusCode).toBe(401);
    expect((await edit(false)).statusCode).toBe(200);
    await login(ctx.app, payload.userName, payload.password);
  });
});

describe('«کاربر آزمایشگاه است؟» (isLabOwner) and the workshop audio, in GET /Account/Profile', () => {
  it('tells the workshop it is a lab user and where its sound is; the sound is its own to fetch', async () => {
    const payload = workshop();
    const id = (await post('/Manage/AddUser', payload, adminToken)).json().data.id as string;
    const token = await login(ctx.app, payload.userName, payload.password);
    expect((await get('/Account/Profile', token)).json().data).toMatchObject({
      isLabOwner: false,
      alertSound: null,
    });

    const upload = await ctx.upload(adminToken, { typeName: 'User', fileType: 'Audio' }, [{ bytes: MP3 }]);
    const address = upload.json().data as string;
    const edit = await post(
      '/Manage/EditUser',
      { ...payload, userId: id, isLabOwner: true, file: address, password: '', confirmPassword: '' },
      adminToken,
    );
    expect(edit.statusCode, edit.body).toBe(200);

    const profile = (await get('/Account/Profile', token)).json().data;
    expect(profile).toMatchObject({ isLabOwner: true, alertSound: fileAddress(idOf(address)) });
    const sound = await ctx.app.inject({ method: 'GET', url: profile.alertSound, headers: bearer(token) });
    expect(sound.statusCode).toBe(200);
    expect(sound.headers['content-type']).toBe('audio/mpeg');

    // Another workshop cannot fetch it (404, as for any id not its own).
    const stranger = await createUser(ctx.db);
    const strangerToken = await login(ctx.app, stranger.username, stranger.password);
    const other = await ctx.app.inject({
      method: 'GET',
      url: profile.alertSound,
      headers: bearer(strangerToken),
    });
    expect(other.statusCode).toBe(404);
    expect((await get('/Account/Profile', strangerToken)).json().data).toMatchObject({
      isLabOwner: false,
      alertSound: null,
    });
  });

  it('the admin’s profile is never a lab user’s; no session is 401', async () => {
    expect((await get('/Account/Profile', adminToken)).json().data).toMatchObject({
      isLabOwner: false,
      alertSound: null,
    });
    expect((await get('/Account/Profile')).statusCode).toBe(401);
  });
});
