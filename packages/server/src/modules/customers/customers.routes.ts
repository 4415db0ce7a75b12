import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOMER_MSG, ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { actorOf, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './customers.service.ts';

export function customersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.customer.addCustomer),
    handler: async (request) => {
      const { code, created } = await service.saveCustomer(deps.db, currentUser(request).id, request.body);
      return ok(code, created ? CUSTOMER_MSG.added : CUSTOMER_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.customer.customersByName),
    handler: async (request) =>
      ok(await service.customersByName(deps.db, currentUser(request).id, request.query.name), ''),
  });

  r.route({
    ...api(ROUTES.customer.customerBook),
    handler: async (request) => ok(await service.customerBook(deps.db, currentUser(request).id), ''),
  });

  r.route({
    ...api(ROUTES.customer.allCustomers),
    handler: async (request) =>
      ok(await service.allCustomers(deps.db, currentUser(request).id, request.query), ''),
  });

  r.route({
    ...api(ROUTES.customer.getCustomer),
    handler: async (request) =>
      ok(await service.getCustomer(deps.db, currentUser(request).id, request.query.customerId), ''),
  });

  r.route({
    ...api(ROUTES.customer.delete),
    handler: async (request) => {
      const actor = actorOf(request);
      const message = await service.deleteCustomer(deps.db, actor.id, request.body.id, actor);
      return ok(null, message);
    },
  });

  r.route({
    ...api(ROUTES.manage.allCustomers),
    handler: async (request) => ok(await service.manageCustomers(deps.db, request.query), ''),
  });

  r.route({
    ...api(ROUTES.manage.getCustomer),
    handler: async (request) => ok(await service.manageGetCustomer(deps.db, request.query.customerId), ''),
  });

  r.route({
    ...api(ROUTES.manage.editCustomer),
    handler: async (request) => {
      const actor = { id: currentUser(request).id, ip: request.ip };
      const { code } = await service.manageEditCustomer(deps.db, actor, request.body);
      return ok(code, CUSTOMER_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.manage.deleteCustomer),
    handler: async (request) => {
      const message = await service.deleteCustomer(deps.db, null, request.body.id, {
        id: currentUser(request).id,
        ip: request.ip,
      });
      return ok(null, message);
    },
  });
}
