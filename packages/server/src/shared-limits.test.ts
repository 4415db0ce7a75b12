import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from './app.ts';
import type { Redis } from 'ioredis';
import { connectRedis } from './lib/redis.ts';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestContext } from '../test/helpers.ts';
import { testRedis } from '../test/redis.ts';

const login = (app: FastifyInstance, ip: string, userName: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1.0/Account/login',
    remoteAddress: ip,
    payload: { userName, password },
  });

/**
 * WORKERS > 1 runs the same app in several processes (docs/product.md §11.3). Two apps on one database and
 * one Redis key prefix stand for two of them here: what one counts, the other must see.
 */
describe('several server processes sharing their limits in Redis', () => {
  let shared: Awaited<ReturnType<typeof testRedis>>;
  let first: TestContext;
  let second: FastifyInstance;

  beforeAll(async () => {
    shared = await testRedis();
    const options: Partial<AppOptions> = {
      redis: shared.redis,
      redisKeyPrefix: shared.redisKeyPrefix,
      globalRateLimit: 4,
    };
    first = await createTestApp(options);
    second = await buildApp({
      db: first.db,
      jwtSecret: TEST_JWT_SECRET,
      version: 'test',
      filesDir: os.tmpdir(),
      ...options,
    });
    await second.ready();
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await shared.close();
  });

  const get = (app: FastifyInstance, ip: string) =>
    app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: ip }).then((r) => r.statusCode);

  it('count one address’s API requests across both processes', async () => {
    const ip = '10.40.0.1';
    const answers = [];
    for (const app of [first.app, second, first.app, second, first.app, second])
      answers.push(await get(app, ip));
    // The limit is 4 a minute: a process counting alone would have answered all six.
    expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address has its own count.
    expect(await get(second, '10.40.0.2')).toBe(200);
  });

  it('refuse an address after its ten wrong passwords, and slow an account that many addresses guess, whichever process saw them', async () => {
    const user = await createUser(first.db);
    const appFor = (i: number) => (i % 2 ? second : first.app);
    const wrong = async (count: number, address: (i: number) => string) => {
      for (let i = 0; i < count; i++) {
        const res = await login(appFor(i), address(i), user.username, 'wrong password');
        expect(res.statusCode).toBe(401);
      }
    };

    // Nine failures from one address, then its right password: allowed, and that address starts over.
    await wrong(9, () => '10.41.0.1');
    expect((await login(second, '10.41.0.1', user.username, user.password)).statusCode).toBe(200);

    // Ten from another address shut that address out on both processes; a third still signs in.
    await wrong(10, () => '10.41.0.2');
    for (const app of [first.app, second]) {
      const res = await login(app, '10.41.0.2', user.username, user.password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ successful: false, code: 'RATE_LIMITED' });
    }
    expect((await login(first.app, '10.41.0.3', user.username, user.password)).statusCode).toBe(200);

    // Twenty failures in all (9 + 10 + 1 here): a fresh address now waits, on either process; an
    // address the account has signed in from does not.
    await wrong(1, () => '10.41.0.4');
    for (const app of [first.app, second]) {
      const res = await login(app, '10.41.0.5', user.username, user.password);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBe(1);
    }
    expect((await login(second, '10.41.0.3', user.username, user.password)).statusCode).toBe(200);
  });
});

describe('a server whose Redis does not answer', () => {
  let ctx: TestContext;
  let redis: Redis;

  beforeAll(async () => {
    // Nothing listens on port 1.
    redis = await connectRedis('redis://127.0.0.1:1', () => undefined, 200);
    ctx = await createTestApp({ redis, redisKeyPrefix: 'ayar-test-down:', globalRateLimit: 1 });
  });
  afterAll(async () => {
    await ctx.close();
    redis.disconnect();
  });

  it('still serves and signs in, without counting (a Redis outage must not stop the labs)', async () => {
    const user = await createUser(ctx.db);
    // The limit of 1 a minute would refuse the second request if anything were counted.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: '10.42.0.1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: '10.42.0.1' }))
        .statusCode,
    ).toBe(200);
    expect((await login(ctx.app, '10.42.0.2', user.username, 'wrong password')).statusCode).toBe(401);
    expect((await login(ctx.app, '10.42.0.2', user.username, user.password)).statusCode).toBe(200);
  });
});
