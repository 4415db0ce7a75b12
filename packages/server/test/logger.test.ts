import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';

/** A stand-in for process.stdout: a terminal or not, keeping what is written. */
function output(isTTY: boolean) {
  const lines: string[] = [];
  const stream = { isTTY, hasColors: () => false, write: (s: string) => lines.push(s) };
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => lines.join('') };
}

describe('the logger', () => {
  it('writes readable lines to a terminal: time, level, message; a request as one line', async () => {
    const out = output(true);
    const logger = createLogger('info', ['req.headers.authorization'], out.stream);
    const app = Fastify({ loggerInstance: logger });
    app.get('/api/health', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/health?x=1' });
    logger.warn({ dataDir: '/srv/ayar' }, 'something to see');
    logger.child({ component: 'messages' }).error({ err: new Error('boom') }, 'sending failed');
    await app.close();

    const lines = out.text().split('\n');
    expect(lines.find((l) => l.includes('/api/health'))).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}GET \/api\/health\?x=1 200 \d+\.\d ms$/,
    );
    expect(out.text()).not.toContain('incoming request');
    expect(out.text()).toMatch(/^\d\d:\d\d:\d\d WARN {2}something to see {2}dataDir=\/srv\/ayar$/m);
    expect(out.text()).toMatch(
      /^\d\d:\d\d:\d\d ERROR \[messages\] sending failed\n {4}Error: boom\n {8}at /m,
    );
    expect(out.text()).not.toContain('{"level"');
  });
});
