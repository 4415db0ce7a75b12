import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAY_MSG, ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { actorOf, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './payments.service.ts';

export function paymentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.customer.addPay),
    handler: async (request) => {
      const actor = actorOf(request);
      const id = await service.addPay(deps.db, actor.id, actor, request.body);
      return ok({ id }, PAY_MSG.added);
    },
  });

  r.route({
    ...api(ROUTES.customer.getPays),
    handler: async (request) =>
      ok(await service.getPays(deps.db, currentUser(request).id, request.query.cid), ''),
  });

  r.route({
    ...api(ROUTES.customer.deletePay),
    handler: async (request) => {
      const actor = actorOf(request);
      await service.deletePay(deps.db, actor.id, actor, request.body.id);
      return ok(null, PAY_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.account.getStore),
    handler: async (request) =>
      ok(await service.getStore(deps.db, currentUser(request).id, request.query), ''),
  });
}
