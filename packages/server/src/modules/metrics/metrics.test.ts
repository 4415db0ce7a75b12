import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { startMetricsServer } from './listener.lib.ts';
import { processMetrics } from './metrics.service.ts';
import { metricsSuite, TOKEN } from './metrics.test-kit.ts';
import { parsePrometheusText, valueOf, type Family } from './prometheus-text.test-kit.ts';

// ADR 0052 over HTTP: a real scrape of the metrics' own listener, parsed strictly as the Prometheus
// text format; the token; the public `/metrics`; the request durations' labels.

const { suite, fetchMetrics, scrape } = metricsSuite();

describe('the strict parser', () => {
  it('rejects what is not the Prometheus text format', () => {
    const ok = '# HELP a_total x\n# TYPE a_total counter\na_total{k="v"} 1\n';
    expect(parsePrometheusText(ok).get('a_total')?.samples).toEqual([
      { name: 'a_total', labels: { k: 'v' }, value: 1 },
    ]);
    for (const bad of [
      '# TYPE a_total counter\na_total{k="v} 1\n', // unterminated label value
      '# TYPE a_total counter\na_total{k=v} 1\n', // unquoted label value
      '# TYPE a_total counter\na_total one\n', // not a number
      '# TYPE a_total counter\na_total 1\na_total 2\n', // the same series twice
      '# TYPE a_total counter\n# TYPE a_total counter\na_total 1\n', // TYPE twice
      'b 1\n', // a sample without its TYPE
      '# TYPE a_total counter\n1a_total 1\n', // a bad name
      '# TYPE a_total counter\na_total 1', // no final newline
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n', // not cumulative
      '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n', // no +Inf bucket
    ]) {
      expect(() => parsePrometheusText(bad), bad).toThrow();
    }
  });
});

describe('the metrics listener', () => {
  it('answers a real scrape in the Prometheus text format, every metric of ADR 0052 in it', async () => {
    const res = await fetchMetrics();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const families = parsePrometheusText(await res.text());
    expect(
      [...families.values()]
        .filter((f) => f.name.startsWith('ayar_'))
        .map((f) => `${f.name} ${f.type}`)
        .sort(),
    ).toEqual([
      'ayar_backup_last_success_timestamp_seconds gauge',
      'ayar_backup_offsite_last_success_timestamp_seconds gauge',
      'ayar_database_up gauge',
      'ayar_db_pool_connections gauge',
      'ayar_db_pool_waiting_queries gauge',
      'ayar_embedded_postgres_restarts_total counter',
      'ayar_http_request_duration_seconds histogram',
      'ayar_offline_requests_total counter',
      'ayar_read_replica_healthy gauge',
      'ayar_read_replica_lag_seconds gauge',
      'ayar_result_changes_total counter',
      'ayar_sign_in_failures_total counter',
      'ayar_sign_in_lockouts_total counter',
      'ayar_sms_outbox_messages gauge',
      'ayar_sms_outbox_oldest_message_age_seconds gauge',
    ]);
    expect(valueOf(families, 'ayar_database_up')).toBe(1);
    // The test app's pool: connections idle or in use, none waiting between requests.
    expect(valueOf(families, 'ayar_db_pool_waiting_queries', { database: 'primary' })).toBe(0);
    const open =
      (valueOf(families, 'ayar_db_pool_connections', { database: 'primary', state: 'idle' }) ?? 0) +
      (valueOf(families, 'ayar_db_pool_connections', { database: 'primary', state: 'in_use' }) ?? 0);
    expect(open).toBeGreaterThan(0);
    // No replica: no lag series rather than a misleading 0.
    expect(families.get('ayar_read_replica_lag_seconds')?.samples).toEqual([]);
    expect(families.has('process_cpu_seconds_total')).toBe(true);
  });

  it('refuses a scrape without the token or with a wrong one, in constant time; answers only /metrics', async () => {
    expect((await fetchMetrics({})).status).toBe(401);
    expect((await fetchMetrics({})).headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetchMetrics({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await fetchMetrics({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).status).toBe(401);
    expect((await fetchMetrics({ authorization: TOKEN })).status).toBe(401);
    expect((await fetchMetrics({ authorization: `Basic ${TOKEN}` })).status).toBe(401);
    expect((await fetchMetrics({ authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await fetchMetrics(undefined, '/metrics?x=1')).status).toBe(200);
    expect((await fetchMetrics(undefined, '/')).status).toBe(404);
    expect((await fetchMetrics(undefined, '/api/v1.0/Account/login')).status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${suite.server.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('without a token, answers anyone who reaches it (the loopback address by default)', async () => {
    const open = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      render: processMetrics(suite.ctx.db),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(res.status).toBe(200);
      parsePrometheusText(await res.text());
    } finally {
      await open.close();
    }
  });

  it('says the database is down when it does not answer, and still answers the scrape', async () => {
    const gone = createDatabase('postgresql://root@127.0.0.1:1/none', 1);
    try {
      const families = parsePrometheusText(await processMetrics(gone)());
      expect(valueOf(families, 'ayar_database_up')).toBe(0);
    } finally {
      await gone.destroy();
      await scrape(); // back to 1 for the other tests
    }
  });
});

describe('the public /metrics', () => {
  it('is a 404 envelope without METRICS_TOKEN, never the web app', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ successful: false, code: 'NOT_FOUND' });
    const withBearer = await suite.ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withBearer.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, refuses a request without the bearer or a wrong one and answers the right one', async () => {
    const app = await createTestApp({ metrics: { token: TOKEN } });
    try {
      const none = await app.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ successful: false, code: 'UNAUTHORIZED' });
      const wrong = await app.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer nope-nope-nope-nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await app.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.headers['cache-control']).toBe('no-store');
      expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(valueOf(parsePrometheusText(right.body), 'ayar_database_up')).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('request durations', () => {
  const count = (families: Map<string, Family>, route: string, status: string, method = 'GET') =>
    valueOf(families, 'ayar_http_request_duration_seconds_count', { method, route, status_code: status }) ??
    0;

  it('are labelled with the route template, not the URL with its ids', async () => {
    const before = await scrape();
    for (const id of [randomUUID(), randomUUID(), randomUUID()]) {
      await suite.ctx.app.inject({ method: 'GET', url: `/api/v1.0/Site/TrustSeal/${id}` });
    }
    const after = await scrape();
    // The statuses these three requests were counted under (the registry is the process's, and other
    // test files in this worker may have asked for the route before).
    const statuses = new Set(
      after
        .get('ayar_http_request_duration_seconds')!
        .samples.filter((s) => s.labels.route === '/api/v1.0/Site/TrustSeal/:id')
        .map((s) => s.labels.status_code!)
        .filter(
          (code) =>
            count(after, '/api/v1.0/Site/TrustSeal/:id', code) >
            count(before, '/api/v1.0/Site/TrustSeal/:id', code),
        ),
    );
    expect(statuses.size).toBe(1);
    const [status] = [...statuses];
    expect(
      count(after, '/api/v1.0/Site/TrustSeal/:id', status!) -
        count(before, '/api/v1.0/Site/TrustSeal/:id', status!),
    ).toBe(3);
    const routes = after.get('ayar_http_request_duration_seconds')!.samples.map((s) => s.labels.route!);
    expect(routes.some((r) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(r))).toBe(false);
  });

  it('give every unmatched URL one series: 100 random 404s add one', async () => {
    const seriesOf = (families: Map<string, Family>) =>
      new Set(
        families.get('ayar_http_request_duration_seconds')!.samples.map((s) => JSON.stringify(s.labels)),
      );
    const before = await scrape();
    for (let i = 0; i < 100; i++) {
      const res = await suite.ctx.app.inject({
        method: 'GET',
        url: `/api/v1.0/nowhere/${randomUUID()}?q=${i}`,
      });
      expect(res.statusCode).toBe(404);
    }
    const after = await scrape();
    // The registry is the worker's (isolate: false): thousands of series from earlier files, so the
    // set of those before is made once, not once per series after.
    const existing = seriesOf(before);
    const added = [...seriesOf(after)].filter((s) => !existing.has(s)).map((s) => JSON.parse(s) as object);
    // One histogram series is its buckets, _sum and _count; all share the same labels but `le`.
    const distinct = new Set(added.map((labels) => JSON.stringify({ ...labels, le: undefined })));
    expect(distinct.size).toBeLessThanOrEqual(1);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(100);
  });
});
