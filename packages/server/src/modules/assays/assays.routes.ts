import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSAY_MSG,
  ROUTES,
  addCuttingResponseSchema,
  addCuttingSchema,
  addTestRequestSchema,
  addTestResponseSchema,
  checkCodeResponseSchema,
  checkCodeSchema,
  editTestSchema,
  envelopeSchema,
  getCodeResponseSchema,
  labDetailSchema,
  labListQuerySchema,
  labListResponseSchema,
  manageEditTestSchema,
  manageLabListQuerySchema,
  testHistoryResponseSchema,
  testIdQuerySchema,
} from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import * as service from './assays.service.ts';
import { deleteRequestsRoutes } from './delete-requests.routes.ts';

const tags = ['assays'];

export function assaysRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const actor = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  // ————— Packet numbers —————

  r.route({
    ...api(ROUTES.tests.getCode),
    schema: { tags, response: { 200: envelopeSchema(getCodeResponseSchema) } },
    handler: async (request) => ok(await service.getCode(db, currentUser(request).id), ''),
  });

  r.route({
    ...api(ROUTES.tests.checkCode),
    schema: { tags, body: checkCodeSchema, response: { 200: envelopeSchema(checkCodeResponseSchema) } },
    handler: async (request) =>
      ok(await service.checkCode(db, currentUser(request).id, request.body.code), ASSAY_MSG.codeFree),
  });

  // ————— Registering and lists —————

  r.route({
    ...api(ROUTES.tests.addTest),
    schema: { tags, body: addTestRequestSchema, response: { 200: envelopeSchema(addTestResponseSchema) } },
    handler: async (request) => ok(await service.addTests(db, actor(request), request.body), ASSAY_MSG.added),
  });

  r.route({
    ...api(ROUTES.tests.allTests),
    schema: {
      tags,
      querystring: labListQuerySchema,
      response: { 200: envelopeSchema(labListResponseSchema) },
    },
    handler: async (request) => ok(await service.listTests(db, currentUser(request).id, request.query), ''),
  });

  r.route({
    ...api(ROUTES.tests.getTest),
    schema: { tags, querystring: testIdQuerySchema, response: { 200: envelopeSchema(labDetailSchema) } },
    handler: async (request) =>
      ok(await service.getTest(db, currentUser(request).id, request.query.testId), ''),
  });

  // ————— Purity and edits —————

  r.route({
    ...api(ROUTES.tests.addCutting),
    schema: { tags, body: addCuttingSchema, response: { 200: envelopeSchema(addCuttingResponseSchema) } },
    handler: async (request) =>
      ok(await service.addCutting(db, actor(request), request.body), ASSAY_MSG.purityAdded),
  });

  r.route({
    ...api(ROUTES.tests.editTest),
    schema: { tags, body: editTestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      await service.editTest(db, actor(request), request.body);
      return ok(null, ASSAY_MSG.edited);
    },
  });

  // ————— Admin —————

  r.route({
    ...api(ROUTES.manage.allTests),
    schema: {
      tags,
      querystring: manageLabListQuerySchema,
      response: { 200: envelopeSchema(labListResponseSchema) },
    },
    handler: async (request) => ok(await service.manageListTests(db, request.query), ''),
  });

  r.route({
    ...api(ROUTES.manage.getTest),
    schema: { tags, querystring: testIdQuerySchema, response: { 200: envelopeSchema(labDetailSchema) } },
    handler: async (request) => ok(await service.manageGetTest(db, request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.manage.testHistory),
    schema: {
      tags,
      querystring: testIdQuerySchema,
      response: { 200: envelopeSchema(testHistoryResponseSchema) },
    },
    handler: async (request) => ok(await service.testHistory(db, request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.manage.editTest),
    schema: { tags, body: manageEditTestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      await service.manageEditTest(db, actor(request), request.body);
      return ok(null, ASSAY_MSG.edited);
    },
  });

  deleteRequestsRoutes(app, deps);
}
