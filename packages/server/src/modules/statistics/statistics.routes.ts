import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROUTES,
  dailyStatisticsRequestSchema,
  dailyStatisticsResponseSchema,
  envelopeSchema,
  groupUserStatisticsRequestSchema,
  groupUserStatisticsResponseSchema,
  labStatisticsRequestSchema,
  labStatisticsResponseSchema,
  manageStatisticsRequestSchema,
  manageStatisticsResponseSchema,
  statisticsDetailQuerySchema,
  statisticsDetailResponseSchema,
} from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import * as service from './statistics.service.ts';

const tags = ['statistics'];

export function statisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    ...api(ROUTES.tests.getStatistics),
    schema: {
      tags,
      body: labStatisticsRequestSchema,
      response: { 200: envelopeSchema(labStatisticsResponseSchema) },
    },
    handler: async (request) => ok(await service.labStatistics(db, currentUser(request).id, request.body)),
  });

  r.route({
    ...api(ROUTES.tests.getDailyStatistics),
    schema: {
      tags,
      body: dailyStatisticsRequestSchema,
      response: { 200: envelopeSchema(dailyStatisticsResponseSchema) },
    },
    handler: async (request) => {
      // A workshop sees only itself: a userId in the body is ignored.
      const body = { ...request.body, userId: undefined };
      return ok(
        await service.dailyStatistics(db, body, { workshopId: currentUser(request).id, admin: false }),
      );
    },
  });

  r.route({
    ...api(ROUTES.manage.getManageStatistics),
    schema: {
      tags,
      body: manageStatisticsRequestSchema,
      response: { 200: envelopeSchema(manageStatisticsResponseSchema) },
    },
    handler: async (request) => ok(await service.manageStatistics(db, request.body)),
  });

  r.route({
    ...api(ROUTES.manage.getTestStatisticsWithGroupUser),
    schema: {
      tags,
      body: groupUserStatisticsRequestSchema,
      response: { 200: envelopeSchema(groupUserStatisticsResponseSchema) },
    },
    handler: async (request) => ok(await service.groupUserStatistics(db, request.body)),
  });

  r.route({
    ...api(ROUTES.manage.getTestStatisticsDetailByUserId),
    schema: {
      tags,
      querystring: statisticsDetailQuerySchema,
      response: { 200: envelopeSchema(statisticsDetailResponseSchema) },
    },
    handler: async (request) => ok(await service.statisticsDetail(db, request.query.userId)),
  });

  r.route({
    ...api(ROUTES.manage.getDailyStatistics),
    schema: {
      tags,
      body: dailyStatisticsRequestSchema,
      response: { 200: envelopeSchema(dailyStatisticsResponseSchema) },
    },
    handler: async (request) => ok(await service.dailyStatistics(db, request.body, { admin: true })),
  });
}
