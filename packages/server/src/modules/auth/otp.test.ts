import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { otpHelpers } from '../../../test/otp.ts';

const REQUEST = '/api/v1.0/Account/DisposableLogin';
const SENT = 'اگر حسابی با این مشخصات وجود داشته باشد، کد ورود به شماره همراه ثبت‌شده آن پیامک شد.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const { requestCode, verify, workshopWithPhone, sentCodes } = otpHelpers(() => ctx, {
  ipPrefix: '10.9.',
  phonePrefix: '0912',
});

describe('one-time-code login', () => {
  it('sends a 6-digit code by SMS to the account’s mobile and keeps only a keyed digest of it', async () => {
    const user = await workshopWithPhone();
    const res = await requestCode(user.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      successful: true,
      message: SENT,
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const [code] = await sentCodes(user.cellPhone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await ctx.db
      .selectFrom('otpCodes')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThanOrEqual(299_000);
  });

  it('answers an unknown account, a new (status 0) one and a mobile without an account exactly the same, sending nothing', async () => {
    const fresh = await workshopWithPhone(0);
    const known = (await requestCode((await workshopWithPhone()).username)).json();
    for (const who of ['no-such-user', fresh.username, '09350000000']) {
      const res = await requestCode(who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(known);
    }
    expect(await sentCodes(fresh.cellPhone)).toEqual([]);
    expect(await sentCodes('09350000000')).toEqual([]);
  });

  it('accepts the mobile number, typed with Persian digits, instead of the user name', async () => {
    const user = await workshopWithPhone();
    const persian = user.cellPhone.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    await requestCode(persian);
    const [code] = await sentCodes(user.cellPhone);
    const res = await verify(persian, code!);
    expect(res.json()).toMatchObject({ successful: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe(user.id);
  });

  it('sends at most one code a minute, whatever is asked', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const again = await requestCode(user.username);
    expect(again.json().message).toBe(SENT);
    expect(await sentCodes(user.cellPhone)).toHaveLength(1);
  });

  it('signs in with the code, exactly like a password login, and the code works once', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    const res = await verify(user.username, code!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userUsername: user.username, role: 'workshop' });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Account/Profile',
      headers: bearer(res.json().data.token),
    });
    expect(profile.statusCode).toBe(200);
    const reuse = await verify(user.username, code!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('کد ورود نادرست یا منقضی شده است');
  });

  it('kills the code after five wrong tries', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(user.username, wrong)).json().message);
    expect(answers.slice(0, 4).every((m) => m === 'کد ورود نادرست یا منقضی شده است')).toBe(true);
    expect(answers[4]).toBe('تعداد تلاش‌های نادرست بیش از حد مجاز بود؛ کد جدیدی درخواست کنید');
    const right = await verify(user.username, code!);
    expect(right.statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    await ctx.db
      .updateTable('otpCodes')
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where('userId', '=', user.id)
      .execute();
    expect((await verify(user.username, code!)).statusCode).toBe(401);
  });

  it('50 simultaneous sign-ins with the same code give exactly one session', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verify(user.username, code!, `10.8.0.${i + 1}`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(49);
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('lists bad input by field', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: REQUEST, payload: { userName: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'userName', message: 'نام کاربری یا شماره موبایل الزامی است' },
    ]);
    const short = await verify('someone', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'password', message: 'کد ورود ۶ رقم است' }]);
  });

  it('limits code requests to 10 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestCode(`nobody${i}`, '10.7.0.1')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
