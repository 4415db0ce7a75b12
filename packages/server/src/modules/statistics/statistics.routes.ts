import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './statistics.service.ts';

export function statisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Statistics are counts over days and may lag a moment behind (ADR 0032): the replica's when
  // there is a healthy one. Each query falls back to the primary on its own.
  const read = deps.reads.run.bind(deps.reads);

  r.route({
    ...api(ROUTES.tests.getStatistics),
    handler: async (request) =>
      ok(await read((db) => service.labStatistics(db, currentUser(request).id, request.body))),
  });

  r.route({
    ...api(ROUTES.tests.getDailyStatistics),
    handler: async (request) => {
      // A workshop sees only itself: a userId in the body is ignored.
      const body = { ...request.body, userId: undefined };
      return ok(
        await read((db) =>
          service.dailyStatistics(db, body, { workshopId: currentUser(request).id, admin: false }),
        ),
      );
    },
  });

  r.route({
    ...api(ROUTES.manage.getManageStatistics),
    handler: async (request) => ok(await read((db) => service.manageStatistics(db, request.body))),
  });

  r.route({
    ...api(ROUTES.manage.getTestStatisticsWithGroupUser),
    handler: async (request) => ok(await read((db) => service.groupUserStatistics(db, request.body))),
  });

  r.route({
    ...api(ROUTES.manage.getTestStatisticsDetailByUserId),
    handler: async (request) => ok(await read((db) => service.statisticsDetail(db, request.query.userId))),
  });

  r.route({
    ...api(ROUTES.manage.getDailyStatistics),
    handler: async (request) =>
      ok(await read((db) => service.dailyStatistics(db, request.body, { admin: true }))),
  });
}
