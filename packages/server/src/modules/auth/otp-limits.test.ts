import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP } from '@ayar/contract';
import { LOGIN_LIMITS } from '../../lib/login-limiter.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { otpHelpers } from '../../../test/otp.ts';
import { otpDeliveriesSettled } from './otp.service.ts';

// ADR 0043: codes are capped per account, their life is bounded on both sides, wrong codes count toward
// the sign-in limits with wrong passwords, and asking for a code answers before the account is looked up.

const LOGIN = '/api/v1.0/Account/login';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const { ask, requestCode, verify, workshopWithPhone, sentCodes } = otpHelpers(() => ctx, {
  ipPrefix: '10.19.',
  phonePrefix: '0913',
});
const signIn = (userName: string, password: string, from: string) =>
  ctx.app.inject({ method: 'POST', url: LOGIN, payload: { userName, password }, remoteAddress: from });

/** Moves every code of the account `seconds` into the past (created and expiring alike). */
async function age(userId: string, seconds: number) {
  await ctx.db
    .updateTable('otpCodes')
    .set({
      createdAt: sql`created_at - make_interval(secs => ${seconds})`,
      expiresAt: sql`expires_at - make_interval(secs => ${seconds})`,
    })
    .where('userId', '=', userId)
    .execute();
}

/** Makes the account's oldest code `seconds` old by the database's clock. */
async function setOldest(userId: string, seconds: number) {
  const oldest = ctx.db
    .selectFrom('otpCodes')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .limit(1);
  await ctx.db
    .updateTable('otpCodes')
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where('id', '=', oldest)
    .execute();
}

describe('codes per account', () => {
  it(`sends the ${OTP.perHour}th code of an hour, not the next, until the hour has rolled past the first`, async () => {
    const user = await workshopWithPhone();
    const sentAnswer = (await requestCode(user.username)).body;
    for (let n = 2; n <= OTP.perHour; n++) {
      await age(user.id, OTP.resendSeconds + 1);
      expect((await requestCode(user.username)).body).toBe(sentAnswer);
    }
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perHour);

    await age(user.id, OTP.resendSeconds + 1);
    const over = await requestCode(user.username);
    // The same answer, byte for byte, and no SMS queued.
    expect(over.statusCode).toBe(200);
    expect(over.body).toBe(sentAnswer);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perHour);

    await setOldest(user.id, 3600 - 1);
    await requestCode(user.username);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perHour);
    await setOldest(user.id, 3600 + 1);
    await requestCode(user.username);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perHour + 1);
  });

  it(`sends the ${OTP.perDay}th code of 24 hours, not the next, until the day has rolled past the first`, async () => {
    const user = await workshopWithPhone();
    for (let n = 1; n <= OTP.perDay; n++) {
      await requestCode(user.username);
      // Out of the hour, inside the day: only the daily cap can stop the next.
      await age(user.id, 3600 + 60);
    }
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perDay);

    const over = await requestCode(user.username);
    expect(over.statusCode).toBe(200);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perDay);

    await setOldest(user.id, 24 * 3600 - 1);
    await requestCode(user.username);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perDay);
    await setOldest(user.id, 24 * 3600 + 1);
    await requestCode(user.username);
    expect(await sentCodes(user.cellPhone)).toHaveLength(OTP.perDay + 1);
  });

  it('answers before looking the account up: identical bytes, even while the users table is locked', async () => {
    const user = await workshopWithPhone();
    const [known, unknown] = await ctx.db.transaction().execute(async (trx) => {
      // Nothing can read users until this transaction ends: an answer that waited for the account
      // could not arrive.
      await sql`lock table users in access exclusive mode`.execute(trx);
      return Promise.all([ask(user.username), ask(`nobody-${user.username}`)]);
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const headers = (res: typeof known) => {
      const { 'x-request-id': _id, date: _date, ...rest } = res.headers;
      return rest;
    };
    expect(headers(known)).toEqual(headers(unknown));
    // The code is queued once the lock is gone.
    await otpDeliveriesSettled();
    expect(await sentCodes(user.cellPhone)).toHaveLength(1);
  });
});

describe("a code's life", () => {
  it(`is accepted just before ${OTP.ttlSeconds} seconds and refused just after`, async () => {
    const early = await workshopWithPhone();
    await requestCode(early.username);
    await age(early.id, OTP.ttlSeconds - 1);
    const [code] = await sentCodes(early.cellPhone);
    expect((await verify(early.username, code!)).statusCode).toBe(200);

    const late = await workshopWithPhone();
    await requestCode(late.username);
    await age(late.id, OTP.ttlSeconds + 1);
    const [lateCode] = await sentCodes(late.cellPhone);
    const refused = await verify(late.username, lateCode!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('کد ورود نادرست یا منقضی شده است');
  });
});

describe('wrong codes count toward the sign-in limits with wrong passwords', () => {
  /** `passwords` wrong passwords, then `codes` wrong codes against a live code, all from `from`. */
  async function fail(
    user: { username: string; cellPhone: string },
    from: string,
    passwords: number,
    codes: number,
  ) {
    for (let i = 0; i < passwords; i++)
      expect((await signIn(user.username, `wrong-${i}`, from)).statusCode).toBe(401);
    await requestCode(user.username);
    const [code] = (await sentCodes(user.cellPhone)).slice(-1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < codes; i++) expect((await verify(user.username, wrong, from)).statusCode).toBe(401);
    return code!;
  }

  it('nine failures (five passwords, four codes) leave the address its right code', async () => {
    const user = await workshopWithPhone();
    const code = await fail(user, '203.0.113.30', 5, LOGIN_LIMITS.pairMax - 1 - 5);
    expect((await verify(user.username, code, '203.0.113.30')).statusCode).toBe(200);
  });

  it('the tenth failure, a wrong code after five wrong passwords, refuses that address for that account', async () => {
    const user = await workshopWithPhone();
    await fail(user, '203.0.113.31', 5, LOGIN_LIMITS.pairMax - 5);
    const refused = await signIn(user.username, user.password, '203.0.113.31');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ successful: false, code: 'RATE_LIMITED' });
    // By its mobile as well: the account is the same.
    expect((await verify(user.cellPhone, '123456', '203.0.113.31')).statusCode).toBe(429);
    // Another address is not refused.
    expect((await signIn(user.username, user.password, '203.0.113.32')).statusCode).toBe(200);
  });

  it('the right code sent many times at once signs in once, and the others count as no failure', async () => {
    const user = await workshopWithPhone();
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    const many = LOGIN_LIMITS.accountSoftMax + 10;
    const answers = await Promise.all(
      Array.from({ length: many }, (_, i) => verify(user.username, code!, `192.0.2.${i + 1}`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(many - 1);
    // Past the soft ceiling a new address would wait; it does not, as nothing was guessed.
    expect((await signIn(user.username, user.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it("many addresses' wrong codes slow strangers, not the owner's trusted address", async () => {
    const user = await workshopWithPhone();
    expect((await signIn(user.username, user.password, '198.51.100.40')).statusCode).toBe(200);
    await requestCode(user.username);
    const [code] = await sentCodes(user.cellPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let n = 0; n < LOGIN_LIMITS.accountSoftMax; n++)
      expect((await verify(user.username, wrong, `192.0.2.${100 + n}`)).statusCode).toBe(401);
    expect((await signIn(user.username, user.password, '192.0.2.200')).statusCode).toBe(429);
    expect((await signIn(user.username, user.password, '198.51.100.40')).statusCode).toBe(200);
  });
});
