import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../app.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

/** An app logging at `level` into `lines`, counting the child loggers its logger is asked for. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level, redact: REDACTED_PATHS }, sink);
  const made = { children: 0 };
  // pino's children inherit `child` from this logger: count every call, on whichever logger it is made.
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    made.children++;
    return child.apply(this, args);
  } as typeof logger.child;
  const ctx = await createTestApp({
    logger,
    extend: (app) => {
      app.get('/api/v1.0/Probe/boom', { config: { audience: 'public' } }, async () => {
        throw new Error('boom');
      });
    },
  });
  return { ctx, lines, made };
}

const lookup = (ctx: TestContext) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/Result',
    payload: { code: '424242' },
    headers: { authorization: 'Bearer not-a-secret-to-log' },
  });

describe('request loggers at LOG_LEVEL=warn', () => {
  let app: Awaited<ReturnType<typeof appLoggingAt>>;
  beforeAll(async () => (app = await appLoggingAt('warn')));
  afterAll(() => app.ctx.close());

  it('makes no child logger for requests that log nothing the process writes', async () => {
    const before = app.made.children;
    const answers = await Promise.all([lookup(app.ctx), lookup(app.ctx), lookup(app.ctx)]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(app.made.children - before).toBe(0);
    expect(app.lines).toEqual([]);
  });

  it("writes an error once, under the request's id, through one child", async () => {
    const before = app.made.children;
    const res = await app.ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Probe/boom',
      headers: { 'x-request-id': 'probe-request-0001', authorization: 'Bearer secret-token' },
    });
    expect(res.statusCode).toBe(500);
    expect(app.made.children - before).toBe(1);
    const errors = app.lines.filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, reqId: 'probe-request-0001', err: { message: 'boom' } });
    expect(JSON.stringify(app.lines)).not.toContain('secret-token');
  });
});

describe('request loggers at LOG_LEVEL=info', () => {
  let app: Awaited<ReturnType<typeof appLoggingAt>>;
  beforeAll(async () => (app = await appLoggingAt('info')));
  afterAll(() => app.ctx.close());

  it("logs each request's start and end under its id, never its authorization header", async () => {
    const res = await lookup(app.ctx);
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    const mine = app.lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]).toMatchObject({ level: 30, req: { method: 'POST', url: '/api/v1.0/Tests/Result' } });
    expect(mine[1]).toMatchObject({ res: { statusCode: 404 } });
    expect(JSON.stringify(app.lines)).not.toContain('not-a-secret-to-log');
  });
});
