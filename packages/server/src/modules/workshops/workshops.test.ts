import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MSG, WORKSHOP_MSG } from '@ayar/contract';
import { createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { registration, workshopHelpers } from './workshops.test-kit.ts';

// Workshops in public and in the admin's lists (docs/product.md §2.3, §2.4): registering, the lists,
// the suggestions. The admin's changes to a workshop: workshop-admin.test.ts.

let ctx: TestContext;
let adminToken: string;
let workshopToken: string;
const { post, get } = workshopHelpers(
  () => ctx,
  () => adminToken,
);
let ipCounter = 0;
/** A fresh address per registration, so the 5-an-hour limit only bites where a test wants it to. */
const nextIp = () => `10.50.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = await login(ctx.app, admin.username, admin.password);
  const workshop = await createUser(ctx.db);
  workshopToken = await login(ctx.app, workshop.username, workshop.password);
});
afterAll(() => ctx.close());

describe('POST /Account/AddPublicUser', () => {
  it('registers a new (status 0) workshop that cannot sign in until activated', async () => {
    const payload = registration({ userName: 'NewLab_1' });
    const res = await post('/Account/AddPublicUser', payload, undefined, nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ successful: true, message: WORKSHOP_MSG.registered, data: null });
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'NewLab_1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      role: 'workshop',
      status: 0,
      cellPhone: '09121234567',
      fName: payload.fName,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const signIn = await post('/Account/login', { userName: 'newlab_1', password: payload.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(MSG.notActivated);
  });

  it('lists every bad field in Persian: names, mobile, user name, password rules and the repeat', async () => {
    const res = await post(
      '/Account/AddPublicUser',
      {
        fName: ' ',
        fullName: '',
        cellPhone: '12345',
        phone: '',
        userName: 'ab',
        password: '12345678',
        confirmPassword: 'different',
      },
      undefined,
      nextIp(),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'fName', message: WORKSHOP_MSG.fNameRequired },
        { field: 'fullName', message: WORKSHOP_MSG.fullNameRequired },
        { field: 'cellPhone', message: WORKSHOP_MSG.mobileInvalid },
        { field: 'userName', message: WORKSHOP_MSG.userNameLength },
        { field: 'password', message: WORKSHOP_MSG.passwordDigits },
        { field: 'confirmPassword', message: WORKSHOP_MSG.confirmMismatch },
      ]),
    );
  });

  it('refuses user names with other characters and short passwords', async () => {
    const res = await post(
      '/Account/AddPublicUser',
      registration({ userName: 'آزمایشگاه', password: 'short', confirmPassword: 'short' }),
      undefined,
      nextIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'userName', message: WORKSHOP_MSG.userNameChars },
      { field: 'password', message: WORKSHOP_MSG.passwordShort },
    ]);
  });

  it('takes Persian digits in the user name and treats names case-insensitively', async () => {
    const first = await post(
      '/Account/AddPublicUser',
      registration({ userName: 'Zar۱۲۳' }),
      undefined,
      nextIp(),
    );
    expect(first.statusCode).toBe(200);
    const again = await post(
      '/Account/AddPublicUser',
      registration({ userName: 'zAR123' }),
      undefined,
      nextIp(),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: WORKSHOP_MSG.userNameTaken,
      errors: [{ field: 'userName', message: WORKSHOP_MSG.userNameTaken }],
    });
  });

  it('lets exactly one of 50 simultaneous registrations of one name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/Account/AddPublicUser',
          registration({ userName: i % 2 ? 'RaceLab' : 'racelab' }),
          undefined,
          nextIp(),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await ctx.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', 'racelab')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('allows 5 registrations an hour from one address', async () => {
    const ip = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/Account/AddPublicUser', registration(), undefined, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('GET /Account/LabOwners (public)', () => {
  it('shows status 1 then 5, never new ones, and nothing but names and phones', async () => {
    const active = await createUser(ctx.db, { status: 1, fName: 'آزمایشگاه الف فعال' });
    await createUser(ctx.db, { status: 5, fName: 'آزمایشگاه الف غیرفعال' });
    await createUser(ctx.db, { status: 0, fName: 'آزمایشگاه الف جدید' });
    const res = await get('/Account/LabOwners', { name: 'الف' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalCount: 2, currPage: 1, pageSize: 100 });
    expect(data.list.map((r: { fName: string }) => r.fName)).toEqual([
      'آزمایشگاه الف فعال',
      'آزمایشگاه الف غیرفعال',
    ]);
    expect(Object.keys(data.list[0]).sort()).toEqual(['cellPhone', 'fName', 'fullName', 'phone']);
    expect(res.body).not.toContain(active.username);
  });

  it('matches names regardless of ي/ی, ك/ک and half-spaces', async () => {
    await createUser(ctx.db, { status: 1, fName: 'کارگاه\u200cيكتا' });
    for (const name of ['كارگاهیکتا', 'کارگاه يكتا'.replace(' ', '\u200c'), 'یکتا']) {
      const res = await get('/Account/LabOwners', { name });
      expect(res.json().data.list.map((r: { fName: string }) => r.fName)).toContain('کارگاه\u200cيكتا');
    }
  });

  it('pages the list', async () => {
    for (let i = 0; i < 3; i++) await createUser(ctx.db, { status: 1, fName: `صفحه‌بندی ${i}` });
    const res = await get('/Account/LabOwners', { name: 'صفحه‌بندی', pageSize: '۲', pageNumber: '2' });
    expect(res.json().data).toMatchObject({ totalCount: 3, currPage: 2, pageSize: 2 });
    expect(res.json().data.list).toHaveLength(1);
  });

  it('400 for a bad page number', async () => {
    const res = await get('/Account/LabOwners', { pageNumber: '0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('pageNumber');
  });
});

describe('GET /Manage/LabOwners', () => {
  it('filters by status and name, with user names and codes, new ones first', async () => {
    const a = await createUser(ctx.db, { status: 0, fName: 'مدیریتی ب' });
    const b = await createUser(ctx.db, { status: 1, fName: 'مدیریتی الف' });
    const all = await get('/Manage/LabOwners', { name: 'مدیریتی' }, adminToken);
    expect(all.statusCode).toBe(200);
    const list = all.json().data.list;
    expect(list.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(list[0]).toMatchObject({ userName: a.username, status: 0 });
    expect(typeof list[0].code).toBe('number');
    expect(list[0]).not.toHaveProperty('passwordHash');
    const onlyNew = await get('/Manage/LabOwners', { name: 'مدیریتی', status: '0' }, adminToken);
    expect(onlyNew.json().data.list.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const empty = await get('/Manage/LabOwners', { name: 'مدیریتی', status: '' }, adminToken);
    expect(empty.json().data.totalCount).toBe(2);
    const byUsername = await get('/Manage/LabOwners', { name: b.username.toUpperCase() }, adminToken);
    expect(byUsername.json().data.list[0].id).toBe(b.id);
  });

  it('400 for an unknown status, 401 without a token, 403 for a workshop', async () => {
    expect((await get('/Manage/LabOwners', { status: '3' }, adminToken)).json().errors[0].field).toBe(
      'status',
    );
    expect((await get('/Manage/LabOwners')).statusCode).toBe(401);
    expect((await get('/Manage/LabOwners', {}, workshopToken)).statusCode).toBe(403);
  });
});

describe('GET /Manage/UsersByName', () => {
  it('suggests up to 20 workshops by name, manager or user name, optionally by status', async () => {
    const a = await createUser(ctx.db, { status: 1, fName: 'پیشنهادی یک' });
    const b = await createUser(ctx.db, { status: 0, fName: 'پیشنهادی دو' });
    for (let i = 0; i < 25; i++) await createUser(ctx.db, { status: 5, fName: `انبوه ${i}` });
    const res = await get('/Manage/UsersByName', { name: 'پيشنهادي' }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: b.id, name: 'پیشنهادی دو' },
      { id: a.id, name: 'پیشنهادی یک' },
    ]);
    const onlyActive = await get('/Manage/UsersByName', { name: 'پیشنهادی', status: '1' }, adminToken);
    expect(onlyActive.json().data).toEqual([{ id: a.id, name: 'پیشنهادی یک' }]);
    expect((await get('/Manage/UsersByName', { name: 'انبوه' }, adminToken)).json().data).toHaveLength(20);
  });

  it('400 for a bad status, 401, 403', async () => {
    expect((await get('/Manage/UsersByName', { name: 'x', status: 'z' }, adminToken)).statusCode).toBe(400);
    expect((await get('/Manage/UsersByName', { name: 'x' })).statusCode).toBe(401);
    expect((await get('/Manage/UsersByName', { name: 'x' }, workshopToken)).statusCode).toBe(403);
  });
});
