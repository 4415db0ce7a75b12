import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROUTES,
  envelopeSchema,
  publicTokenSchema,
  queryBoolean,
  resultByTokenQuerySchema,
  resultLookupSchema,
  resultResponseSchema,
} from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './results.service.ts';

const tags = ['results'];

/**
 * Lookups per address per minute (DESIGN.md 6): numbers are sequential, so this is what stops
 * walking them. `AppOptions.lookupRateLimit` overrides it (the bench measures the lookup, not the limit).
 */
export const LOOKUP_RATE_LIMIT = 30;
/** Photo requests per address per minute: a result page loads a few thumbnails and full images. */
export const PHOTO_RATE_LIMIT = 300;

export function resultsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lookupLimit = { max: deps.lookupRateLimit ?? LOOKUP_RATE_LIMIT, timeWindow: '1 minute' };

  const result = api(ROUTES.tests.result);
  r.route({
    ...result,
    config: { ...result.config, rateLimit: lookupLimit },
    schema: { tags, body: resultLookupSchema, response: { 200: envelopeSchema(resultResponseSchema) } },
    handler: async (request) => ok(await service.resultByNumber(deps.db, request.body.code), ''),
  });

  const byToken = api(ROUTES.tests.resultByToken);
  r.route({
    ...byToken,
    config: { ...byToken.config, rateLimit: lookupLimit },
    schema: {
      tags,
      querystring: resultByTokenQuerySchema,
      response: { 200: envelopeSchema(resultResponseSchema) },
    },
    handler: async (request) => ok(await service.resultByToken(deps.db, request.query.token), ''),
  });

  const photo = api(ROUTES.results.photo);
  r.route({
    ...photo,
    config: {
      ...photo.config,
      rateLimit: { max: deps.lookupRateLimit ?? PHOTO_RATE_LIMIT, timeWindow: '1 minute' },
    },
    schema: {
      tags,
      params: z.object({ token: publicTokenSchema, fileId: z.string().max(100) }),
      querystring: z.object({ thumb: queryBoolean }),
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
