import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSAY_MSG, DELETE_REQUEST_MSG, ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { actorOf } from '../../plugins/auth.ts';
import * as service from './delete-requests.service.ts';

/** Deleting packets, asking to, and the admin's two answers (ADR 0012, 0025). */
export function deleteRequestsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const actor = actorOf;

  r.route({
    ...api(ROUTES.tests.deleteTest),
    handler: async (request) => {
      await service.deleteTest(db, actor(request), request.body.id);
      return ok(null, ASSAY_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.tests.requestToDeleteTest),
    handler: async (request) => {
      await service.requestDelete(db, actor(request), request.body.id);
      return ok(null, ASSAY_MSG.deleteRequested);
    },
  });

  r.route({
    ...api(ROUTES.manage.deleteTest),
    handler: async (request) => {
      await service.manageDeleteTest(deps, actor(request), request.body.id);
      return ok(null, ASSAY_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.manage.declineDeleteTest),
    handler: async (request) => {
      await service.declineDelete(db, actor(request), request.body);
      return ok(null, DELETE_REQUEST_MSG.declined);
    },
  });

  r.route({
    ...api(ROUTES.manage.removeTest),
    handler: async (request) =>
      ok(await service.removeTests(db, actor(request), request.body.startDate), ASSAY_MSG.removed),
  });
}
