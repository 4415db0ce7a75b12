import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ADMIN_SCOPE, workshopScope } from '../../lib/scope.ts';
import { LOOKUP_RATE_LIMIT } from '../../lib/lookup-limits.ts';
import { resultVersions, verifySlip } from './result-versions.service.ts';

/**
 * Checking a slip (public, limited like the lookup) and a result's history. Withdrawing a result is a
 * packet's change: assays.routes.ts has it, beside its service.
 */
export function resultVersionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const slip = api(ROUTES.tests.verifySlip);
  r.route({
    ...slip,
    config: {
      ...slip.config,
      rateLimit: { max: deps.lookupRateLimit ?? LOOKUP_RATE_LIMIT, timeWindow: '1 minute' },
    },
    handler: async (request) => ok(await verifySlip(deps.db, request.body), ''),
  });

  r.route({
    ...api(ROUTES.tests.resultVersions),
    // The workshop's own packet only: anything else is the same 404 as a missing one.
    handler: async (request) =>
      ok(await resultVersions(deps.db, workshopScope(currentUser(request).id), request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.manage.resultVersions),
    handler: async (request) => ok(await resultVersions(deps.db, ADMIN_SCOPE, request.query.testId), ''),
  });
}
