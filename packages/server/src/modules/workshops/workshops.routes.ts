import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROUTES,
  WORKSHOP_MSG,
  activeUserRequestSchema,
  activeUserResponseSchema,
  addPublicUserRequestSchema,
  addUserRequestSchema,
  addUserResponseSchema,
  deleteUserRequestSchema,
  deleteUserResponseSchema,
  editUserRequestSchema,
  envelopeSchema,
  labOwnersQuerySchema,
  manageLabOwnersQuerySchema,
  manageLabOwnersResponseSchema,
  publicLabOwnersResponseSchema,
  userByIdQuerySchema,
  userByIdResponseSchema,
  usersByNameItemSchema,
  usersByNameQuerySchema,
} from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './workshops.service.ts';

const tags = ['workshops'];

export function workshopsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: { ip: string }, id: string) => ({ id, ip: request.ip });

  const register = api(ROUTES.account.addPublicUser);
  r.route({
    ...register,
    // Public and costly (a password hash): 5 registrations an hour per address.
    config: { ...register.config, rateLimit: { max: 5, timeWindow: '1 hour' } },
    schema: { tags, body: addPublicUserRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      await service.registerPublic(deps.db, request.body);
      return ok(null, WORKSHOP_MSG.registered);
    },
  });

  r.route({
    ...api(ROUTES.account.labOwners),
    schema: {
      tags,
      querystring: labOwnersQuerySchema,
      response: { 200: envelopeSchema(publicLabOwnersResponseSchema) },
    },
    handler: async (request) => ok(await service.publicLabOwners(deps.db, request.query)),
  });

  r.route({
    ...api(ROUTES.manage.labOwners),
    schema: {
      tags,
      querystring: manageLabOwnersQuerySchema,
      response: { 200: envelopeSchema(manageLabOwnersResponseSchema) },
    },
    handler: async (request) => ok(await service.manageLabOwners(deps.db, request.query)),
  });

  r.route({
    ...api(ROUTES.manage.activeUser),
    schema: {
      tags,
      body: activeUserRequestSchema,
      response: { 200: envelopeSchema(activeUserResponseSchema) },
    },
    handler: async (request) => {
      const { status, message } = await service.setActive(
        deps.db,
        actor(request, currentUser(request).id),
        request.body,
      );
      return ok({ status }, message);
    },
  });

  r.route({
    ...api(ROUTES.manage.deleteUser),
    schema: {
      tags,
      body: deleteUserRequestSchema,
      response: { 200: envelopeSchema(deleteUserResponseSchema) },
    },
    handler: async (request) => {
      const data = await service.deleteWorkshop(deps, actor(request, currentUser(request).id), request.body);
      return ok(data, WORKSHOP_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.manage.addUser),
    schema: { tags, body: addUserRequestSchema, response: { 200: envelopeSchema(addUserResponseSchema) } },
    handler: async (request) => {
      const data = await service.addWorkshop(deps.db, actor(request, currentUser(request).id), request.body);
      return ok(data, WORKSHOP_MSG.added);
    },
  });

  r.route({
    ...api(ROUTES.manage.editUser),
    schema: { tags, body: editUserRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    handler: async (request) => {
      await service.editWorkshop(deps, actor(request, currentUser(request).id), request.body);
      return ok(null, WORKSHOP_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.manage.userById),
    schema: {
      tags,
      querystring: userByIdQuerySchema,
      response: { 200: envelopeSchema(userByIdResponseSchema) },
    },
    handler: async (request) => ok(await service.workshopById(deps.db, request.query.id)),
  });

  r.route({
    ...api(ROUTES.manage.usersByName),
    schema: {
      tags,
      querystring: usersByNameQuerySchema,
      response: { 200: envelopeSchema(z.array(usersByNameItemSchema)) },
    },
    handler: async (request) => ok(await service.usersByName(deps.db, request.query)),
  });
}
