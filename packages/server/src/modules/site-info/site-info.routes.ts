import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES, SITE_INFO_MSG, envelopeSchema, siteInfoPayloadSchema, siteInfoSchema } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import * as service from './site-info.service.ts';

const tags = ['site-info'];

export function siteInfoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.site.info),
    schema: { tags, response: { 200: envelopeSchema(siteInfoSchema) } },
    handler: async (_request, reply) => {
      // Read on every landing page: a change shows on the next visit, never from a stale cache.
      reply.header('cache-control', 'no-cache');
      return ok(await service.getSiteInfo(deps.db));
    },
  });

  r.route({
    ...api(ROUTES.site.trustSeal),
    schema: { tags, params: z.object({ id: z.uuid() }) },
    handler: async (request, reply) => {
      const file = await service.openTrustSeal(deps, request.params.id);
      return (
        reply
          .header('content-type', file.mime)
          .header('content-length', String(file.size))
          // A new image gets a new address, so this one may be kept a day.
          .header('cache-control', 'public, max-age=86400')
          .send(file.stream)
      );
    },
  });

  r.route({
    ...api(ROUTES.manage.siteInfo),
    schema: { tags, body: siteInfoPayloadSchema, response: { 200: envelopeSchema(siteInfoSchema) } },
    handler: async (request) =>
      ok(
        await service.saveSiteInfo(deps.db, request.body, { id: currentUser(request).id, ip: request.ip }),
        SITE_INFO_MSG.saved,
      ),
  });
}
