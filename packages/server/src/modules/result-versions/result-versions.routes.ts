import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESULT_VERSION_MSG, ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import { withdrawResult } from '../assays/assays.service.ts';
import { ADMIN_SCOPE, workshopScope } from '../../lib/scope.ts';
import { LOOKUP_RATE_LIMIT } from '../results/results.routes.ts';
import { resultVersions, verifySlip } from './result-versions.service.ts';

/** Checking a slip (public, limited like the lookup), withdrawing a result, a result's history. */
export function resultVersionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

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
    ...api(ROUTES.manage.withdrawResult),
    handler: async (request) => {
      await withdrawResult(deps, actor(request), request.body);
      return ok(null, RESULT_VERSION_MSG.withdrawn);
    },
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
