import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, MSG, STAFF_ROLES, TEST_TYPES } from '@ayar/contract';
import { revokeUserSessions } from './auth.repository.ts';
import { ensureAdmin } from './auth.service.ts';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';

const LOGIN = '/api/v1.0/Account/login';
const LOGOUT = '/api/v1.0/Account/logout';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    extend: (app) => {
      for (const audience of ['workshop', 'admin', 'any-user'] as const) {
        const roles = audience === 'admin' ? undefined : STAFF_ROLES;
        app.get(`/api/v1.0/Probe/${audience}`, { config: { audience, roles } }, async (req) => ({
          successful: true,
          message: 'ok',
          data: req.user?.role ?? null,
        }));
      }
    },
  });
});
afterAll(() => ctx.close());

const postLogin = (payload: unknown, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress: ip });

describe('POST /Account/login', () => {
  it('signs a workshop in and returns the user info of docs/product.md §3.1', async () => {
    const user = await createUser(ctx.db, { fName: 'آزمایشگاه زر' });
    const res = await postLogin({ userName: user.username, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.successful).toBe(true);
    expect(body.message).toBe(MSG.loggedIn);
    expect(body.data).toMatchObject({
      userUsername: user.username,
      userId: user.id,
      userRoleId: 2,
      userFname: 'آزمایشگاه زر',
      role: 'workshop',
      nationalId: null,
    });
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(body.data.userSanapass)).toEqual(DEFAULT_USER_SETTINGS);
    expect(body.data.testTypes).toEqual(TEST_TYPES.map(({ id, name }) => ({ id, name })));
  });

  it('matches the user name case-insensitively and accepts Persian digits in it', async () => {
    const user = await createUser(ctx.db, { username: 'Lab123' });
    const res = await postLogin({ userName: 'lab۱۲۳', password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userUsername).toBe('Lab123');
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const user = await createUser(ctx.db);
    const wrong = await postLogin({ userName: user.username, password: 'not the password' });
    const unknown = await postLogin({ userName: 'nobody-here', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      successful: false,
      message: MSG.badCredentials,
      data: null,
      code: 'UNAUTHORIZED',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('lists every bad field in Persian', async () => {
    const res = await postLogin({ userName: '  ', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ successful: false, code: 'VALIDATION', data: null });
    expect(body.errors).toEqual([
      { field: 'userName', message: 'نام کاربری الزامی است' },
      { field: 'password', message: 'رمز عبور الزامی است' },
    ]);
  });

  it('refuses malformed JSON with the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
  });

  it('keeps a new (status 0) workshop out with a clear message, and lets an inactive lab (5) in', async () => {
    const fresh = await createUser(ctx.db, { status: 0 });
    const res = await postLogin({ userName: fresh.username, password: fresh.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.notActivated);
    const inactive = await createUser(ctx.db, { status: 5 });
    expect((await postLogin({ userName: inactive.username, password: inactive.password })).statusCode).toBe(
      200,
    );
  });

  it('a new account with the wrong password still gets the wrong-password answer', async () => {
    const fresh = await createUser(ctx.db, { status: 0 });
    const res = await postLogin({ userName: fresh.username, password: 'guess' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.badCredentials);
  });
});

describe('rate limits on login', () => {
  // Failed passwords per account and address, and the slowing of many-address guessing: lockout.test.ts.
  it('limits one address to 30 login attempts a minute across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await postLogin({ userName: `someone${i}`, password: 'x' }, '10.2.0.1')).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await createUser(ctx.db);
    expect(
      (await postLogin({ userName: other.username, password: other.password }, '10.2.0.2')).statusCode,
    ).toBe(200);
  });
});

describe('sessions and audiences', () => {
  it('401 without a token, with garbage, and with a token signed by another key', async () => {
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4Iiwicm9sZSI6ImFkbWluIiwic3ViIjoieCIsImlzcyI6ImF5YXIifQ.c2lnbmF0dXJl';
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: `Bearer ${forged}` }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Probe/any-user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        successful: false,
        code: 'UNAUTHORIZED',
        message: MSG.unauthorized,
      });
    }
  });

  it('accepts the token stored as «bearer <token>» (docs/product.md §3.1)', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx.app, user.username, user.password);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Probe/workshop',
      headers: { authorization: `bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('workshop');
  });

  it('403 for the wrong role, both ways', async () => {
    const workshop = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { role: 'admin' });
    const wToken = await login(ctx.app, workshop.username, workshop.password);
    const aToken = await login(ctx.app, admin.username, admin.password);
    const get = (path: string, token: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1.0/Probe/${path}`, headers: bearer(token) });
    expect((await get('admin', wToken)).statusCode).toBe(403);
    expect((await get('admin', wToken)).json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    expect((await get('workshop', aToken)).statusCode).toBe(403);
    expect((await get('admin', aToken)).statusCode).toBe(200);
    expect((await get('any-user', wToken)).statusCode).toBe(200);
    expect((await get('any-user', aToken)).statusCode).toBe(200);
  });

  it('logout ends the session it was called with, and only that one', async () => {
    const user = await createUser(ctx.db);
    const first = await login(ctx.app, user.username, user.password);
    const second = await login(ctx.app, user.username, user.password);
    const out = await ctx.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ successful: true, message: MSG.loggedOut });
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Probe/any-user',
      headers: bearer(first),
    });
    expect(again.statusCode).toBe(401);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Probe/any-user',
      headers: bearer(second),
    });
    expect(other.statusCode).toBe(200);
  });

  it('revoking a user’s sessions (password change, deactivation) ends every token at once', async () => {
    const user = await createUser(ctx.db);
    const tokens = [
      await login(ctx.app, user.username, user.password),
      await login(ctx.app, user.username, user.password),
    ];
    expect(await revokeUserSessions(ctx.db, user.id)).toBe(2);
    for (const token of tokens) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1.0/Probe/any-user',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('logout without a token is 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: LOGOUT })).statusCode).toBe(401);
  });
});

describe('first-start administrator', () => {
  it('is created once from the given name and password, and not touched again', async () => {
    const first = await ensureAdmin(ctx.db, 'Boss', 'a-long-admin-password');
    expect(first).toEqual({ created: true });
    const second = await ensureAdmin(ctx.db, 'boss', 'another-password-123');
    expect(second).toEqual({ created: false });
    const token = await login(ctx.app, 'boss', 'a-long-admin-password');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Probe/admin', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  it('gets a generated password when none is configured', async () => {
    const result = await ensureAdmin(ctx.db, 'root-admin', undefined);
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    await login(ctx.app, 'root-admin', result.generatedPassword!);
  });
});
