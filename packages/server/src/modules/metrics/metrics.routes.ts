import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { ReadReplica } from '../../db/read-replica.ts';
import { unauthorized } from '../../lib/errors.ts';
import { observeRequest, UNMATCHED_ROUTE, watchPools } from '../../lib/metrics.ts';
import { notFoundEnvelope } from '../../plugins/errors.ts';
import { bearerMatches } from './listener.lib.ts';
import { METRICS_CONTENT_TYPE, processMetrics, type RenderMetrics } from './metrics.service.ts';

/** What the app's own metrics need from main.ts (ADR 0052); all optional. */
export interface AppMetricsOptions {
  /** METRICS_TOKEN: the public `/metrics` answers only a request bearing it; unset, it is a 404. */
  token?: string | undefined;
  /**
   * The text the public `/metrics` answers: by default this process's, with the database's gauges read
   * from the app's database; a worker of several passes `metricsFromPrimary` for the whole server's.
   */
  render?: RenderMetrics;
}

/**
 * The request-duration histogram, the pool gauges and the public `/metrics` (ADR 0052). The hook takes
 * a callback, not a promise, and reads Fastify's own clock: the public lookup is the hot path (ADR
 * 0034). Its label is the route's template, so ids in URLs and unknown URLs add no series.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: Database; reads?: ReadReplica | undefined },
  options: AppMetricsOptions = {},
): void {
  const unwatch = watchPools(deps.db, deps.reads);
  app.addHook('onClose', (_app, done) => {
    unwatch();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const render = options.render ?? processMetrics(deps.db);
  app.get(
    '/metrics',
    { config: { audience: 'public', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      // Without a token the metrics are only on their own port: here the address is unknown, like every other.
      if (!options.token) return reply.status(404).send(notFoundEnvelope());
      reply.header('cache-control', 'no-store');
      if (!bearerMatches(request.headers.authorization, options.token)) throw unauthorized();
      return reply.type(METRICS_CONTENT_TYPE).send(await render());
    },
  );
}
