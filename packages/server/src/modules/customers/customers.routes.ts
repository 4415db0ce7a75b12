import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOMER_MSG,
  ROUTES,
  addCustomerRequestSchema,
  allCustomersQuerySchema,
  allCustomersResponseSchema,
  customerDetailSchema,
  customerIdQuerySchema,
  customerSearchItemSchema,
  customersByNameQuerySchema,
  deleteCustomerRequestSchema,
  envelopeSchema,
  manageCustomerCardSchema,
  manageEditCustomerSchema,
  manageCustomersQuerySchema,
  manageCustomersResponseSchema,
} from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './customers.service.ts';

const tags = ['customers'];

export function customersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.customer.addCustomer),
    schema: { tags, body: addCustomerRequestSchema, response: { 200: envelopeSchema(z.number().int()) } },
    handler: async (request) => {
      const { code, created } = await service.saveCustomer(deps.db, currentUser(request).id, request.body);
      return ok(code, created ? CUSTOMER_MSG.added : CUSTOMER_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.customer.customersByName),
    schema: {
      tags,
      querystring: customersByNameQuerySchema,
      response: { 200: envelopeSchema(z.array(customerSearchItemSchema)) },
    },
    handler: async (request) =>
      ok(await service.customersByName(deps.db, currentUser(request).id, request.query.name), ''),
  });

  r.route({
    ...api(ROUTES.customer.allCustomers),
    schema: {
      tags,
      querystring: allCustomersQuerySchema,
      response: { 200: envelopeSchema(allCustomersResponseSchema) },
    },
    handler: async (request) =>
      ok(await service.allCustomers(deps.db, currentUser(request).id, request.query), ''),
  });

  r.route({
    ...api(ROUTES.customer.getCustomer),
    schema: {
      tags,
      querystring: customerIdQuerySchema,
      response: { 200: envelopeSchema(customerDetailSchema) },
    },
    handler: async (request) =>
      ok(await service.getCustomer(deps.db, currentUser(request).id, request.query.customerId), ''),
  });

  r.route({
    ...api(ROUTES.customer.delete),
    schema: { tags, body: deleteCustomerRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      const user = currentUser(request);
      const message = await service.deleteCustomer(deps.db, user.id, request.body.id, {
        id: user.id,
        ip: request.ip,
      });
      return ok(null, message);
    },
  });

  r.route({
    ...api(ROUTES.manage.allCustomers),
    schema: {
      tags,
      querystring: manageCustomersQuerySchema,
      response: { 200: envelopeSchema(manageCustomersResponseSchema) },
    },
    handler: async (request) => ok(await service.manageCustomers(deps.db, request.query), ''),
  });

  r.route({
    ...api(ROUTES.manage.getCustomer),
    schema: {
      tags,
      querystring: customerIdQuerySchema,
      response: { 200: envelopeSchema(manageCustomerCardSchema) },
    },
    handler: async (request) => ok(await service.manageGetCustomer(deps.db, request.query.customerId), ''),
  });

  r.route({
    ...api(ROUTES.manage.editCustomer),
    schema: { tags, body: manageEditCustomerSchema, response: { 200: envelopeSchema(z.number().int()) } },
    handler: async (request) => {
      const actor = { id: currentUser(request).id, ip: request.ip };
      const { code } = await service.manageEditCustomer(deps.db, actor, request.body);
      return ok(code, CUSTOMER_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.manage.deleteCustomer),
    schema: { tags, body: deleteCustomerRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      const message = await service.deleteCustomer(deps.db, null, request.body.id, {
        id: currentUser(request).id,
        ip: request.ip,
      });
      return ok(null, message);
    },
  });
}
