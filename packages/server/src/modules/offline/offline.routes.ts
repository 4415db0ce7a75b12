import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './offline.service.ts';

export function offlineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    ...api(ROUTES.tests.reserveCodes),
    handler: async (request) =>
      ok(await service.reserveCodes(deps, currentUser(request).id, request.body), ''),
  });

  r.route({
    ...api(ROUTES.tests.releaseCodes),
    handler: async (request) => ok(await service.releaseCodes(db, currentUser(request).id, request.body), ''),
  });

  r.route({
    ...api(ROUTES.tests.reservations),
    handler: async (request) => ok(await service.reservations(db, currentUser(request).id), ''),
  });
}
