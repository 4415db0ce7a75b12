import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';

const PROFILE = '/api/v1.0/Account/Profile';
const CHANGE = '/api/v1.0/Account/ChangePassword';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /Account/Profile', () => {
  it('shows the workshop’s manager, lab name and workshop code', async () => {
    const user = await createUser(ctx.db, { fName: 'آزمایشگاه مهر' });
    const token = await login(ctx.app, user.username, user.password);
    const res = await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      fullName: 'مدیر نمونه',
      companyName: 'آزمایشگاه مهر',
      userName: user.username,
      role: 'workshop',
    });
    expect(data.workspaceId).toBeGreaterThanOrEqual(1001);
  });

  it('works for the admin too, and needs a session', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const token = await login(ctx.app, admin.username, admin.password);
    const res = await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });
    expect(res.json().data.role).toBe('admin');
    expect((await ctx.app.inject({ method: 'GET', url: PROFILE })).statusCode).toBe(401);
  });
});

describe('POST /Account/ChangePassword', () => {
  const change = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: CHANGE, headers: bearer(token), payload });

  it('changes the password, ends every other session and keeps this one', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx.app, user.username, user.password);
    const other = await login(ctx.app, user.username, user.password);
    const third = await login(ctx.app, user.username, user.password);
    const res = await change(token, {
      oldPassword: user.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'رمز عبور تغییر کرد؛ از همه دستگاه‌های دیگر خارج شدید و این دستگاه وارد می‌ماند.',
    );
    const profile = (t: string) => ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(t) });
    // The device that changed it stays signed in; the others are out at once.
    expect((await profile(token)).statusCode).toBe(200);
    for (const t of [other, third]) expect((await profile(t)).statusCode).toBe(401);
    await expect(login(ctx.app, user.username, user.password)).rejects.toThrow(/401/);
    await login(ctx.app, user.username, 'a brand new secret');
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', user.id)
      .where('action', '=', 'password.change')
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ sessionsEnded: 2 });
    // The kept session can change it again (the old password is now the new one).
    const again = await change(token, {
      oldPassword: 'a brand new secret',
      newPassword: 'yet another secret',
      confirmPassword: 'yet another secret',
    });
    expect(again.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('the admin changes their own password the same way', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const token = await login(ctx.app, admin.username, admin.password);
    const elsewhere = await login(ctx.app, admin.username, admin.password);
    const res = await change(token, {
      oldPassword: admin.password,
      newPassword: 'admin new secret',
      confirmPassword: 'admin new secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(elsewhere) })).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong current password on its field, and keeps the session', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx.app, user.username, user.password);
    const res = await change(token, {
      oldPassword: 'nope',
      newPassword: 'another secret 1',
      confirmPassword: 'another secret 1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'oldPassword', message: 'رمز عبور فعلی نادرست است' }]);
    expect((await ctx.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });

  it('checks the new password: length, not only digits, confirmation, different from the old', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx.app, user.username, user.password);
    const cases: [object, string, string][] = [
      [
        { newPassword: 'short', confirmPassword: 'short' },
        'newPassword',
        'رمز عبور باید دست‌کم ۸ نویسه باشد',
      ],
      [
        { newPassword: '۱۲۳۴۵۶۷۸۹', confirmPassword: '۱۲۳۴۵۶۷۸۹' },
        'newPassword',
        'رمز عبور نباید فقط شامل رقم باشد',
      ],
      [
        { newPassword: 'long enough one', confirmPassword: 'long enough two' },
        'confirmPassword',
        'تکرار رمز عبور با رمز جدید یکسان نیست',
      ],
      [
        { newPassword: user.password, confirmPassword: user.password },
        'newPassword',
        'رمز جدید باید با رمز فعلی فرق داشته باشد',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await change(token, { oldPassword: user.password, ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: CHANGE,
      payload: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });
});
