import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';
import { startMetricsServer, type MetricsServer } from './listener.lib.ts';
import { processMetrics } from './metrics.service.ts';
import { parsePrometheusText, valueOf, type Family } from './prometheus-text.test-kit.ts';

/** The metrics listener's token in the tests. */
export const TOKEN = 'a-metrics-token-0123456789';

/**
 * A test file's app (with the web app's files, so that a `/metrics` the app did not know would answer
 * its index.html), a lab, an administrator, and the metrics' own listener with TOKEN on the app's
 * database; with a real scrape over HTTP and the moves of series while something runs.
 */
export function metricsSuite() {
  const suite = {} as {
    ctx: TestContext;
    server: MetricsServer;
    lab: TestLab;
    admin: Record<string, string>;
    webDir: string;
  };
  beforeAll(async () => {
    suite.webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-web-'));
    fs.writeFileSync(path.join(suite.webDir, 'index.html'), '<!doctype html><title>عیار</title>');
    suite.ctx = await createTestApp({ webDist: suite.webDir, globalRateLimit: 100_000 });
    suite.server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      token: TOKEN,
      render: processMetrics(suite.ctx.db),
    });
    suite.lab = await createLab(suite.ctx, { fName: 'آزمایشگاه نمونه' });
    suite.admin = (await createSignedInUser(suite.ctx, { role: 'admin' })).headers;
  });
  afterAll(async () => {
    await suite.server.close();
    await suite.ctx.close();
    fs.rmSync(suite.webDir, { recursive: true, force: true });
  });

  const fetchMetrics = (
    headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
    url = '/metrics',
  ) => fetch(`http://127.0.0.1:${suite.server.port}${url}`, { headers });

  /** A real scrape over HTTP, parsed strictly. */
  async function scrape(): Promise<Map<string, Family>> {
    const res = await fetchMetrics();
    expect(res.status).toBe(200);
    return parsePrometheusText(await res.text());
  }

  /** How much each series moved while `action` ran. */
  async function delta(series: [string, Record<string, string>?][], action: () => Promise<void>) {
    const before = await scrape();
    await action();
    const after = await scrape();
    return series.map(
      ([name, labels]) => (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0),
    );
  }

  const call = (url: string, headers: Record<string, string>, payload: object, extra: object = {}) =>
    suite.ctx.app.inject({ method: 'POST', url: `/api/v1.0${url}`, headers, payload, ...extra });

  return { suite, fetchMetrics, scrape, delta, call };
}
