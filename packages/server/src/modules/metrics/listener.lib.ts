import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { METRICS_CONTENT_TYPE, type RenderMetrics } from './metrics.service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first differing byte (ADR 0052).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

export interface MetricsServerOptions {
  /** METRICS_PORT; 0 takes a free port (tests). */
  port: number;
  /** METRICS_HOST: the loopback address unless the scraper is elsewhere. */
  host: string;
  /** METRICS_TOKEN: when set, a scrape needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** The scrape's text: `processMetrics(db)` in one process, `clusterMetrics(db).render` in the primary. */
  render: RenderMetrics;
  logger?: FastifyBaseLogger;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics' own listener (ADR 0052): `GET /metrics` and nothing else, apart from the public port so
 * that a scraper needs no way into the app and the app's rate limits and logs never see it.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          ...headers,
        })
        .end(body);
    if (path !== '/metrics') return answer(404, 'not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answer(405, 'method not allowed\n', { allow: 'GET' });
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      return answer(401, 'unauthorized\n', { 'www-authenticate': 'Bearer' });
    }
    options.render().then(
      (text) => answer(200, text, { 'content-type': METRICS_CONTENT_TYPE }),
      (err: unknown) => {
        options.logger?.error({ err }, 'rendering the metrics failed');
        answer(500, 'metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
