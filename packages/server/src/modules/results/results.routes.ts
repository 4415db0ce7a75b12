import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { plainJsonSerializerCompiler } from '../../plugins/plain-json-serializer.ts';
import type { AppDeps } from '../../deps.ts';
import { LOOKUP_RATE_LIMIT, PHOTO_RATE_LIMIT } from '../../lib/lookup-limits.ts';
import * as service from './results.service.ts';

/**
 * The two lookups are the network's hottest path (ADR 0036): their answers (plain JSON, built by
 * toResultItem) are written by a compiled serializer rather than zod's (plugins/plain-json-serializer.ts),
 * and never compressed: one item is a kilobyte or two, a packet or two on the wire either way.
 */
export function resultsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lookupLimit = { max: deps.lookupRateLimit ?? LOOKUP_RATE_LIMIT, timeWindow: '1 minute' };

  const result = api(ROUTES.tests.result);
  r.route({
    ...result,
    config: { ...result.config, rateLimit: lookupLimit },
    serializerCompiler: plainJsonSerializerCompiler,
    compress: false,
    handler: async (request) =>
      ok(await deps.reads.run((db) => service.resultByNumber(db, request.body.code)), ''),
  });

  const byToken = api(ROUTES.tests.resultByToken);
  r.route({
    ...byToken,
    config: { ...byToken.config, rateLimit: lookupLimit },
    serializerCompiler: plainJsonSerializerCompiler,
    compress: false,
    handler: async (request) =>
      ok(await deps.reads.run((db) => service.resultByToken(db, request.query.token)), ''),
  });

  const photo = api(ROUTES.results.photo);
  r.route({
    ...photo,
    config: {
      ...photo.config,
      rateLimit: { max: deps.lookupRateLimit ?? PHOTO_RATE_LIMIT, timeWindow: '1 minute' },
    },
    handler: async (request, reply) => {
      const { token, fileId } = request.params;
      const file = await service.packetPhoto(deps, token, fileId, request.query.thumb === true);
      return (
        reply
          .header('content-type', file.mime)
          .header('content-length', String(file.size))
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          // Public but short-lived: a deleted packet's photos disappear within the hour.
          .header('cache-control', 'public, max-age=3600')
          .send(file.stream)
      );
    },
  });
}
