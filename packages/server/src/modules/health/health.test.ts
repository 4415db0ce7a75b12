import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@ayar/contract';
import { localFileStore } from '../files/files.storage.ts';
import { freePort } from '../../../test/free-port.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import type { EmbeddedState } from '../../db/embedded-supervisor.ts';

// Liveness, readiness and the 503 of a lost database (ADR 0051). The real postmaster killed under load
// and the real drain at SIGTERM are in test/supervision.test.ts.

let ctx: TestContext;
let embedded: EmbeddedState = 'up';
let draining = false;
beforeAll(async () => {
  ctx = await createTestApp({
    processHealth: { embedded: () => embedded, draining: () => draining },
    extend: (app) => {
      app.get('/api/v1.0/Test/LostDatabase', { config: { audience: 'public' } }, async (request) => {
        const kind = (request.query as { kind: string }).kind;
        if (kind === 'admin-shutdown')
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
            severity: 'FATAL',
          });
        if (kind === 'refused')
          throw Object.assign(new Error('connect ECONNREFUSED /run/ayar/.s.PGSQL.5432'), {
            code: 'ECONNREFUSED',
            syscall: 'connect',
          });
        if (kind === 'terminated') throw new Error('Connection terminated unexpectedly');
        if (kind === 'broken-pipe')
          throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' });
        if (kind === 'missing-file')
          throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
        throw Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });
      });
    },
  });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Readiness is reused for a second: a check after a change waits that long. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1_050));

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers 200 with the version; ready names every check when all pass', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toEqual({ status: 'live', version: 'test' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'ready',
      version: 'test',
      checks: {
        database: true,
        migrations: true,
        files: true,
        redis: null,
        replica: 'none',
        embedded: 'up',
      },
      notReady: [],
    });
    expect(ready.headers['cache-control']).toContain('no-store');
  });

  it('while the embedded PostgreSQL restarts: /api/health and ready answer 503 with Retry-After, live 200', async () => {
    embedded = 'restarting';
    await nextSecond();
    try {
      const health = await get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toMatchObject({
        successful: false,
        message: MSG.unavailable,
        code: 'UNAVAILABLE',
        data: { status: 'down', version: 'test', database: false },
      });
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ status: 'not-ready', notReady: ['database'] });
      expect(ready.json().data.checks.embedded).toBe('restarting');
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      embedded = 'up';
    }
    await nextSecond();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 «draining» at once when shutdown starts, though every other check passes', async () => {
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    draining = true;
    try {
      // No second's wait: the cached answer is overridden.
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ status: 'draining', notReady: ['draining'] });
      expect((await get('/api/health')).statusCode).toBe(200);
    } finally {
      draining = false;
    }
  });

  it('is not ready while a migration this code knows is not applied', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(ctx.db);
    const newest = rows[0]!;
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(ctx.db);
    await nextSecond();
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ notReady: ['migrations'] });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(
        ctx.db,
      );
    }
  });
});

describe('readiness of the file store and Redis', () => {
  it('is not ready when the files directory cannot be reached, nor when the configured Redis does not answer', async () => {
    const redis = new Redis({
      port: await freePort(),
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => undefined);
    const other = await createTestApp({
      fileStore: localFileStore('/nonexistent-ayar/files'),
      redis,
    });
    try {
      const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ notReady: ['files', 'redis'] });
      expect(ready.json().data.checks).toMatchObject({ database: true, files: false, redis: false });
    } finally {
      await other.close();
      redis.disconnect();
    }
  });
});

describe('a request that meets a lost database', () => {
  it.each(['admin-shutdown', 'refused', 'terminated', 'broken-pipe'])(
    '(%s) is answered 503 UNAVAILABLE with Retry-After, never 500',
    async (kind) => {
      const res = await get(`/api/v1.0/Test/LostDatabase?kind=${kind}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        successful: false,
        message: MSG.unavailable,
        data: null,
        code: 'UNAVAILABLE',
      });
    },
  );

  it('while a missing file or a refused value is not the database being away', async () => {
    expect((await get('/api/v1.0/Test/LostDatabase?kind=missing-file')).statusCode).toBe(500);
    expect((await get('/api/v1.0/Test/LostDatabase?kind=duplicate')).statusCode).toBe(500);
  });
});
