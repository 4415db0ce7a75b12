import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, TEST_TYPES } from '@ayar/contract';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';

const EDIT = '/api/v1.0/Account/EditSettings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function workshopToken() {
  const user = await createUser(ctx.db);
  return { user, token: await login(ctx.app, user.username, user.password) };
}

describe('POST /Account/EditSettings', () => {
  it('saves the preferences and hands them back at the next login in userSanapass', async () => {
    const { user, token } = await workshopToken();
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      labType: 1,
      sendSMS: true,
      vage: 150000,
      testType: TEST_TYPES[2].id,
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: EDIT,
      headers: bearer(token),
      payload: { settings },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successful: true, message: 'تنظیمات ذخیره شد', data: settings });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Account/login',
      payload: { userName: user.username, password: user.password },
    });
    expect(JSON.parse(again.json().data.userSanapass)).toEqual(settings);
  });

  it('accepts the settings as the JSON string the legacy client keeps, filling missing keys with defaults', async () => {
    const { token } = await workshopToken();
    const res = await ctx.app.inject({
      method: 'POST',
      url: EDIT,
      headers: bearer(token),
      payload: { settings: JSON.stringify({ vageType: 0, vage: 1.25 }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...DEFAULT_USER_SETTINGS, vageType: 0, vage: 1.25 });
  });

  it('refuses a bad fee and an unknown test type, by field', async () => {
    const { token } = await workshopToken();
    const cases: [object, string][] = [
      [{ vageType: 0, vage: 150 }, 'settings.vage'],
      [{ vageType: 0, vage: 1.255 }, 'settings.vage'],
      [{ vageType: 1, vage: 10.5 }, 'settings.vage'],
      [{ testType: 'not-a-type' }, 'settings.testType'],
      [{ labType: 2 }, 'settings.labType'],
    ];
    for (const [settings, field] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: EDIT,
        headers: bearer(token),
        payload: { settings },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('is for workshops: 403 for the admin, 401 without a session', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const token = await login(ctx.app, admin.username, admin.password);
    const payload = { settings: DEFAULT_USER_SETTINGS };
    expect(
      (await ctx.app.inject({ method: 'POST', url: EDIT, headers: bearer(token), payload })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: EDIT, payload })).statusCode).toBe(401);
  });
});
