import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../test/helpers.ts';
import type { AppOptions } from './app.ts';

// ADR 0023: the per-address limits and the recorded addresses follow X-Forwarded-For only when the
// request comes through a proxy named in TRUST_PROXY; anyone else's header is ignored.

const LOOKUP = '/api/v1.0/Tests/Result';
const LOOKUP_LIMIT = 30;

function lookup(ctx: TestContext, remoteAddress: string, forwardedFor?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: LOOKUP,
    payload: { code: '123456', forWeb: true },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function signIn(ctx: TestContext, remoteAddress: string, forwardedFor: string) {
  const user = await createUser(ctx.db);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Account/login',
    payload: { userName: user.username, password: user.password },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(200);
  const session = await ctx.db
    .selectFrom('sessions')
    .select('ip')
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  return session.ip;
}

/** An app whose log lines are kept, to read which address a request was logged under. */
async function appWithLog(options: Partial<AppOptions>) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const ctx = await createTestApp({ ...options, logger: pino({ level: 'info' }, sink) });
  return { ctx, lines };
}

const loggedAddresses = (lines: Record<string, unknown>[]) =>
  lines
    .map((l) => (l.req as { remoteAddress?: string } | undefined)?.remoteAddress)
    .filter((a): a is string => typeof a === 'string');

describe('without TRUST_PROXY (the default)', () => {
  let ctx: TestContext;
  let lines: Record<string, unknown>[];
  beforeAll(async () => ({ ctx, lines } = await appWithLog({})));
  afterAll(() => ctx.close());

  it('a new X-Forwarded-For on every lookup changes nothing: the 31st from one socket is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMIT; i++) {
      statuses.push((await lookup(ctx, '10.60.0.1', `198.51.100.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, LOOKUP_LIMIT).every((s) => s === 404 || s === 200)).toBe(true);
    expect(statuses[LOOKUP_LIMIT]).toBe(429);
    // Another socket address still has its own allowance.
    expect((await lookup(ctx, '10.60.0.2')).statusCode).not.toBe(429);
  });

  it('records and logs the socket address, never the header', async () => {
    expect(await signIn(ctx, '10.60.1.1', '203.0.113.99')).toBe('10.60.1.1');
    const logged = loggedAddresses(lines);
    expect(logged).toContain('10.60.1.1');
    expect(logged).not.toContain('203.0.113.99');
  });
});

describe('with TRUST_PROXY=127.0.0.1', () => {
  let ctx: TestContext;
  let lines: Record<string, unknown>[];
  beforeAll(async () => ({ ctx, lines } = await appWithLog({ trustProxy: ['127.0.0.1'] })));
  afterAll(() => ctx.close());

  it('limits the address the proxy appended, whatever the client put to its left', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMIT; i++) {
      statuses.push((await lookup(ctx, '127.0.0.1', `10.0.${i}.1, 203.0.113.7`)).statusCode);
    }
    expect(statuses.slice(0, LOOKUP_LIMIT).every((s) => s === 404 || s === 200)).toBe(true);
    expect(statuses[LOOKUP_LIMIT]).toBe(429);
    // Another client behind the same proxy is counted on its own.
    expect((await lookup(ctx, '127.0.0.1', '203.0.113.8')).statusCode).not.toBe(429);
  });

  it('records and logs the address the proxy saw', async () => {
    expect(await signIn(ctx, '127.0.0.1', '6.6.6.6, 203.0.113.20')).toBe('203.0.113.20');
    const logged = loggedAddresses(lines);
    expect(logged).toContain('203.0.113.20');
    expect(logged).not.toContain('6.6.6.6');
  });

  it('ignores the header on a request that did not come through the named proxy', async () => {
    expect(await signIn(ctx, '10.61.0.1', '203.0.113.30')).toBe('10.61.0.1');
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestApp({ trustProxy: 1 })));
  afterAll(() => ctx.close());

  it('takes the address the one proxy in front appended, not the ones before it', async () => {
    expect(await signIn(ctx, '10.62.0.1', '6.6.6.6, 203.0.113.40')).toBe('203.0.113.40');
  });
});

describe('IPv6 clients', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestApp()));
  afterAll(() => ctx.close());

  it('count per /64: a new address from the same prefix on every lookup is still the same client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMIT; i++) {
      statuses.push((await lookup(ctx, `2001:db8:0:7::${(i + 1).toString(16)}`)).statusCode);
    }
    expect(statuses.slice(0, LOOKUP_LIMIT).every((s) => s === 404 || s === 200)).toBe(true);
    expect(statuses[LOOKUP_LIMIT]).toBe(429);
    expect((await lookup(ctx, '2001:db8:0:8::1')).statusCode).not.toBe(429);
  });

  it('ten wrong passwords from one /64 refuse the whole prefix for that account, not the next prefix', async () => {
    const user = await createUser(ctx.db);
    const attempt = (remoteAddress: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1.0/Account/login',
        payload: { userName: user.username, password },
        remoteAddress,
      });
    for (let i = 1; i <= 10; i++) expect((await attempt(`2001:db8:0:9::${i}`, 'wrong')).statusCode).toBe(401);
    expect((await attempt('2001:db8:0:9::ffff', user.password)).statusCode).toBe(429);
    expect((await attempt('2001:db8:0:a::1', user.password)).statusCode).toBe(200);
  });
});
