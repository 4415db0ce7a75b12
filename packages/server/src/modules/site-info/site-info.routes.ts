import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES, SITE_INFO_MSG } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './site-info.service.ts';

export function siteInfoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.site.info),
    handler: async (_request, reply) => {
      // Read on every landing page: a change shows on the next visit, never from a stale cache.
      reply.header('cache-control', 'no-cache');
      return ok(await service.getSiteInfo(deps.db));
    },
  });

  r.route({
    ...api(ROUTES.site.trustSeal),
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
    handler: async (request) =>
      ok(
        await service.saveSiteInfo(deps.db, request.body, { id: currentUser(request).id, ip: request.ip }),
        SITE_INFO_MSG.saved,
      ),
  });
}
