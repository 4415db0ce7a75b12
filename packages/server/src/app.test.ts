import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@ayar/contract';
import { buildApp } from './app.ts';
import { createTestApp, createTestDatabase, TEST_JWT_SECRET, type TestContext } from '../test/helpers.ts';
import { inlineSchemaRefs } from '../test/openapi-refs.ts';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><title>عیار</title></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.x=1');
  ctx = await createTestApp({
    webDist: webDir,
    extend: (app) => {
      app.get('/api/v1.0/Probe/boom', { config: { audience: 'public' } }, async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('errors', () => {
  it('a 5xx says only that something went wrong, never the internals', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ successful: false, message: MSG.internal, data: null, code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });

  it('an unknown API path is a 404 envelope, never the web app', async () => {
    for (const url of ['/api/v1.0/Nope/Nothing', '/api/unknown', '/api']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ successful: false, message: MSG.notFound, data: null, code: 'NOT_FOUND' });
    }
  });

  it('a body over the limit is 413 with the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ successful: false, code: 'TOO_LARGE', message: MSG.tooLarge });
  });

  it('an unsupported content type is 415 with the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Account/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ successful: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('every response carries a request id: found or not, failed or not, refused by the router', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'POST', url: '/api/v1.0/Tests/Result', payload: { code: '12' } }),
      await ctx.app.inject({ method: 'POST', url: '/api/v1.0/Tests/Result', payload: { code: 'x' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/No/Such' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Probe/boom' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Results/Photo/%E0%A4%A/x' }),
      await ctx.app.inject({ method: 'GET', url: '/dashboard' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 404, 500, 400, 200]);
    for (const answer of answers) expect(answer.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    // A caller's own id (a proxy's, a support ticket's) is echoed when it is a sane one, else replaced.
    const echoed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'ticket-20261124-0001' },
    });
    expect(echoed.headers['x-request-id']).toBe('ticket-20261124-0001');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\r\nset-cookie: x' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and docs', () => {
  it('GET /api/health answers with the version and a live database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      successful: true,
      message: MSG.ok,
      data: { status: 'ok', version: 'test', database: true },
    });
  });

  it('serves the OpenAPI document generated from the zod schemas, and the docs page', async () => {
    const spec = inlineSchemaRefs((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/api/v1.0/Account/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['userName', 'password']);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).not.toMatch(/https:|http:/);
  });
});

describe('security headers', () => {
  // ADR 0035: an API answer gets the headers for data, a page those for a page.
  const API_HEADERS = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const PAGE_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'];

  it('gives every API answer, found or not, failed or not, the headers for data and none of a page', async () => {
    const answers = [
      await ctx.app.inject({ method: 'POST', url: '/api/v1.0/Tests/Result', payload: { code: '12' } }),
      await ctx.app.inject({ method: 'POST', url: '/api/v1.0/Tests/Result', payload: { code: 'x' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/No/Such' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Probe/boom' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1.0/Results/Photo/%E0%A4%A/x' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 400, 404, 500, 400]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(API_HEADERS);
      for (const name of PAGE_ONLY) expect(answer.headers[name]).toBeUndefined();
    }
  });

  it("keeps a page's headers on pages and on the API document's own page", async () => {
    for (const url of ['/dashboard', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('the web app', () => {
  it('serves index.html for app routes (SPA fallback) with a CSP that allows nothing foreign', async () => {
    for (const url of ['/', '/dashboard', '/manage/lab-owners', '/lab/edit/123']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('lang="fa" dir="rtl"');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/https?:|\*/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("sends the build's prerendered landing page for '/' only, revalidated on every visit", async () => {
    const withLanding = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-web-landing-'));
    fs.writeFileSync(path.join(withLanding, 'index.html'), '<html lang="fa" dir="rtl"><div id="root"></div>');
    fs.writeFileSync(
      path.join(withLanding, 'landing.html'),
      '<html lang="fa" dir="rtl"><div id="root"><h2>استعلام جواب آزمایش</h2></div>',
    );
    const served = await createTestApp({ webDist: withLanding });
    try {
      const home = await served.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('استعلام جواب آزمایش');
      expect(home.headers['cache-control']).toBe('no-cache');
      for (const url of ['/dashboard', '/lab/list', '/ayarEmbedded', '/index.html']) {
        const page = await served.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root"></div>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
    } finally {
      await served.close();
      fs.rmSync(withLanding, { recursive: true, force: true });
    }
  });

  it('lets partner sites frame the embedded lookup page, and nothing else', async () => {
    for (const url of ['/ayarEmbedded', '/ayarEmbedded?code=12']) {
      const embedded = await ctx.app.inject({ method: 'GET', url });
      expect(embedded.statusCode).toBe(200);
      expect(embedded.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(embedded.headers['x-frame-options']).toBeUndefined();
    }
    for (const url of ['/', '/dashboard', '/lab/add', '/ayarEmbedded/x', '/r/abc']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not the app', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
  });
});

describe('compression', () => {
  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const decompress: Record<string, (b: Buffer) => Buffer> = {
    zstd: zlib.zstdDecompressSync,
    br: zlib.brotliDecompressSync,
    gzip: zlib.gunzipSync,
  };

  it('answers a large API response in the best encoding the client accepts, with the same JSON', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();
    for (const [accepted, chosen] of [
      ['gzip, deflate, br, zstd', 'zstd'], // a current Chrome
      ['gzip, deflate, br', 'br'], // Safari
      ['gzip, deflate', 'gzip'], // Node's fetch
    ] as const) {
      const res = await get('/api/openapi.json', accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(chosen);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decompress[chosen]!(res.rawPayload).toString('utf8'))).toEqual(json);
    }
  });

  it('sends small answers as they are', async () => {
    const res = await get('/api/health', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ successful: true });
  });

  it('never reads a compressed request body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Account/login',
      remoteAddress: '10.43.0.1',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ userName: 'admin', password: 'x' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ successful: false });
  });
});

describe('rate limits and the web app', () => {
  it('count API calls only: the static files of a page load never use up an address’s allowance', async () => {
    const small = await createTestApp({ webDist: webDir, globalRateLimit: 3 });
    try {
      for (let i = 0; i < 8; i++) {
        const asset = await small.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
        expect(asset.statusCode).toBe(200);
      }
      const api = [];
      for (let i = 0; i < 4; i++)
        api.push((await small.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode);
      expect(api).toEqual([200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });

  it('exempt the addresses of RATE_LIMIT_ALLOWLIST, and only those', async () => {
    const allowed = await createTestApp({ globalRateLimit: 2, rateLimitAllowList: ['10.5.0.1'] });
    try {
      const from = async (ip: string) =>
        (await allowed.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: ip })).statusCode;
      const trusted = [await from('10.5.0.1'), await from('10.5.0.1'), await from('10.5.0.1')];
      expect(trusted).toEqual([200, 200, 200]);
      const other = [await from('10.5.0.2'), await from('10.5.0.2'), await from('10.5.0.2')];
      expect(other).toEqual([200, 200, 429]);
    } finally {
      await allowed.close();
    }
  });
});

describe('route audiences', () => {
  it('the server refuses to start when a route does not declare who may call it', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, version: 'test', filesDir: os.tmpdir() });
      app.get('/api/v1.0/Oops/NoAudience', async () => ({ successful: true, message: '', data: null }));
      await expect(app.ready()).rejects.toThrow(
        /without a declared audience[\s\S]*GET \/api\/v1\.0\/Oops\/NoAudience/,
      );
      await app.close().catch(() => undefined);
    } finally {
      await drop();
    }
  });
});
