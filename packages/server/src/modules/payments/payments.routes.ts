import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAY_MSG,
  ROUTES,
  addPayRequestSchema,
  deletePayRequestSchema,
  envelopeSchema,
  getPaysQuerySchema,
  getPaysResponseSchema,
  getStoreQuerySchema,
  storeResponseSchema,
} from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './payments.service.ts';

const tags = ['payments'];

export function paymentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.customer.addPay),
    schema: {
      tags,
      body: addPayRequestSchema,
      response: { 200: envelopeSchema(z.object({ id: z.string() })) },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const id = await service.addPay(deps.db, user.id, { id: user.id, ip: request.ip }, request.body);
      return ok({ id }, PAY_MSG.added);
    },
  });

  r.route({
    ...api(ROUTES.customer.getPays),
    schema: {
      tags,
      querystring: getPaysQuerySchema,
      response: { 200: envelopeSchema(getPaysResponseSchema) },
    },
    handler: async (request) =>
      ok(await service.getPays(deps.db, currentUser(request).id, request.query.cid), ''),
  });

  r.route({
    ...api(ROUTES.customer.deletePay),
    schema: { tags, body: deletePayRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      const user = currentUser(request);
      await service.deletePay(deps.db, user.id, { id: user.id, ip: request.ip }, request.body.id);
      return ok(null, PAY_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.account.getStore),
    schema: {
      tags,
      querystring: getStoreQuerySchema,
      response: { 200: envelopeSchema(storeResponseSchema) },
    },
    handler: async (request) =>
      ok(await service.getStore(deps.db, currentUser(request).id, request.query), ''),
  });
}
