import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, MemoryLoginLimiter } from '../../lib/login-limiter.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';

// ADR 0023: wrong passwords from one address must not lock the account for everyone.
// The app sits behind a trusted proxy here, so each request names its client in X-Forwarded-For and
// many addresses can be played from one machine; the limiter's clock is the test's.

let ctx: TestContext;
let now = Date.parse('2026-11-24T08:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({
    trustProxy: ['127.0.0.1'],
    loginLimiter: new MemoryLoginLimiter({ now: () => now }),
  });
});
afterAll(() => ctx.close());

const attempt = (userName: string, password: string, client: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Account/login',
    payload: { userName, password },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
  });

async function fail(userName: string, client: string, times: number) {
  for (let i = 0; i < times; i++)
    expect((await attempt(userName, `wrong-${i}`, client)).statusCode).toBe(401);
}

describe('failed sign-ins per account and address', () => {
  it('ten wrong passwords from A do not stop the right one from B', async () => {
    const user = await createUser(ctx.db);
    await fail(user.username, '203.0.113.1', LOGIN_LIMITS.pairMax);
    expect((await attempt(user.username, user.password, '203.0.113.2')).statusCode).toBe(200);
  });

  it('nine wrong from A leave A its right password; the tenth refuses A until the window ends, not after', async () => {
    const user = await createUser(ctx.db);
    await fail(user.username, '203.0.113.10', LOGIN_LIMITS.pairMax - 1);
    expect((await attempt(user.username, user.password, '203.0.113.10')).statusCode).toBe(200);

    const start = now;
    await fail(user.username, '203.0.113.10', LOGIN_LIMITS.pairMax);
    const refused = await attempt(user.username, user.password, '203.0.113.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ successful: false, code: 'RATE_LIMITED' });
    expect(refused.json().message).toContain('دقیقه');
    expect(Number(refused.headers['retry-after'])).toBe(LOGIN_LIMITS.pairWindowMs / 1000);

    now = start + LOGIN_LIMITS.pairWindowMs - 1;
    expect((await attempt(user.username, user.password, '203.0.113.10')).statusCode).toBe(429);
    now = start + LOGIN_LIMITS.pairWindowMs;
    expect((await attempt(user.username, user.password, '203.0.113.10')).statusCode).toBe(200);
  });

  it('many addresses guessing one account are slowed, with a wait that doubles and is capped', async () => {
    const user = await createUser(ctx.db);
    // The lab's own counter signed in before the attack began: it stays trusted throughout.
    expect((await attempt(user.username, user.password, '198.51.100.1')).statusCode).toBe(200);

    const guess = (n: number, password = `guess-${n}`) => attempt(user.username, password, `192.0.2.${n}`);
    for (let n = 1; n < LOGIN_LIMITS.accountSoftMax; n++) expect((await guess(n)).statusCode).toBe(401);
    // Below the soft ceiling a fresh address is not slowed at all.
    expect((await guess(LOGIN_LIMITS.accountSoftMax)).statusCode).toBe(401);

    // At the ceiling: a fresh address waits 1 s after the last failure — right password or not.
    const firstDelay = LOGIN_LIMITS.baseDelayMs;
    const slowed = await guess(100, user.password);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(firstDelay / 1000);
    now += firstDelay - 1;
    expect((await guess(101)).statusCode).toBe(429);
    now += 1;
    expect((await guess(102)).statusCode).toBe(401);
    // One more failure doubles the wait.
    now += 2 * firstDelay - 1;
    expect((await guess(103)).statusCode).toBe(429);
    now += 1;
    expect((await guess(104)).statusCode).toBe(401);

    // The trusted counter is never slowed, and a refused attempt costs the attacker nothing new.
    expect((await attempt(user.username, user.password, '198.51.100.1')).statusCode).toBe(200);

    // Far past the ceiling, the wait stops growing at its cap.
    for (let n = 0; n < 20; n++) {
      now += LOGIN_LIMITS.maxDelayMs;
      expect((await guess(110 + n)).statusCode).toBe(401);
    }
    const capped = await guess(200);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(LOGIN_LIMITS.maxDelayMs / 1000);
    expect(capped.json().message).toContain('دقیقه');
    expect((await attempt(user.username, user.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('another account is not affected by an attack on one', async () => {
    const target = await createUser(ctx.db);
    const bystander = await createUser(ctx.db);
    await fail(target.username, '203.0.113.50', LOGIN_LIMITS.pairMax);
    expect((await attempt(bystander.username, bystander.password, '203.0.113.50')).statusCode).toBe(200);
  });
});
