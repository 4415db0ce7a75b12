import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, MSG, envelopeSchema } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { databaseUp, readinessChecker, type HealthSources } from './health.service.ts';

const REPLICA_STATES = ['none', 'starting', 'healthy', 'lagging', 'down'] as const;
const EMBEDDED_STATES = ['up', 'restarting', 'stopped'] as const;

/** An answer that says the server cannot serve (503): the envelope's failure, with the checks as data. */
function unavailableSchema<T extends z.ZodType>(data: T) {
  return z.object({
    successful: z.literal(false),
    message: z.string(),
    data,
    code: z.enum(ERROR_CODES),
  });
}

const healthData = z.object({
  status: z.enum(['ok', 'down']),
  version: z.string(),
  database: z.boolean(),
});
export const healthSchema = envelopeSchema(healthData);

export const liveSchema = envelopeSchema(z.object({ status: z.literal('live'), version: z.string() }));

const readinessData = z.object({
  status: z.enum(['ready', 'not-ready', 'draining']),
  version: z.string(),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    files: z.boolean(),
    redis: z.boolean().nullable(),
    replica: z.enum(REPLICA_STATES),
    embedded: z.enum(EMBEDDED_STATES).nullable(),
  }),
  notReady: z.array(z.string()),
});
export const readySchema = envelopeSchema(readinessData);

/** A probe's answer is about this instant: no proxy or browser may answer it from a cache. */
const NO_STORE = 'no-store';

/** Seconds a client or a balancer waits before asking a server that said 503 again. */
const RETRY_AFTER_S = '5';

/**
 * The probes (ADR 0051): `/api/health` as monitors have always read it, `/api/health/live` for a
 * service manager's liveness, `/api/health/ready` for a load balancer. None is rate limited or needs a
 * session; each answers in at most the checks' two seconds.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthSources & { version: string }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { audience: 'public' as const, rateLimit: false as const };

  r.route({
    method: 'GET',
    url: '/api/health',
    config: {
      ...common,
      example: {
        response: {
          successful: true,
          message: MSG.ok,
          data: { status: 'ok', version: '1.10.0', database: true },
        },
      },
    },
    schema: {
      operationId: 'health',
      tags: ['health'],
      summary: 'Whether the server and its database answer, and the running version',
      description: '503 with `database: false` and Retry-After while the database cannot be reached.',
      response: { 200: healthSchema, 503: unavailableSchema(healthData) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      if (await databaseUp(deps)) return ok({ status: 'ok' as const, version: deps.version, database: true });
      reply.status(503).header('retry-after', RETRY_AFTER_S);
      const data = { status: 'down' as const, version: deps.version, database: false };
      return { successful: false as const, message: MSG.unavailable, code: 'UNAVAILABLE' as const, data };
    },
  });
  r.route({
    method: 'GET',
    url: '/api/health/live',
    config: {
      ...common,
      example: {
        response: { successful: true, message: MSG.ok, data: { status: 'live', version: '1.10.0' } },
      },
    },
    schema: {
      operationId: 'healthLive',
      tags: ['health'],
      summary: 'Liveness: the process answers (nothing else is checked)',
      response: { 200: liveSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      return ok({ status: 'live' as const, version: deps.version });
    },
  });
  const readiness = readinessChecker(deps);
  r.route({
    method: 'GET',
    url: '/api/health/ready',
    config: {
      ...common,
      example: {
        response: {
          successful: true,
          message: MSG.ok,
          data: {
            status: 'ready',
            version: '1.10.0',
            checks: {
              database: true,
              migrations: true,
              files: true,
              redis: true,
              replica: 'none',
              embedded: 'up',
            },
            notReady: [],
          },
        },
      },
    },
    schema: {
      operationId: 'healthReady',
      tags: ['health'],
      summary: 'Readiness: this node can serve requests now',
      description:
        '200 when the database answers, its migrations are current, the file store and Redis (when configured) ' +
        'answer. 503 otherwise, naming the failed parts in `notReady`, and from the moment the server starts ' +
        'shutting down (`draining`). The read replica is reported, never a reason for 503: its reads fall back.',
      response: { 200: readySchema, 503: unavailableSchema(readinessData) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { ready, draining, checks, notReady } = await readiness();
      const status = ready ? ('ready' as const) : draining ? ('draining' as const) : ('not-ready' as const);
      const data = { status, version: deps.version, checks, notReady };
      if (ready) return ok(data);
      reply.status(503).header('retry-after', RETRY_AFTER_S);
      return { successful: false as const, message: MSG.unavailable, code: 'UNAVAILABLE' as const, data };
    },
  });
}
