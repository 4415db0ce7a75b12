import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES, WORKSHOP_MSG } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './workshops.service.ts';

export function workshopsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: { ip: string }, id: string) => ({ id, ip: request.ip });

  const register = api(ROUTES.account.addPublicUser);
  r.route({
    ...register,
    // Public and costly (a password hash): 5 registrations an hour per address.
    config: { ...register.config, rateLimit: { max: 5, timeWindow: '1 hour' } },
    handler: async (request) => {
      await service.registerPublic(deps.db, request.body);
      return ok(null, WORKSHOP_MSG.registered);
    },
  });

  r.route({
    ...api(ROUTES.account.labOwners),
    // The public list of labs may lag a moment behind (ADR 0032): the replica when there is one.
    handler: async (request) => ok(await deps.reads.run((db) => service.publicLabOwners(db, request.query))),
  });

  r.route({
    ...api(ROUTES.manage.labOwners),
    handler: async (request) => ok(await service.manageLabOwners(deps.db, request.query)),
  });

  r.route({
    ...api(ROUTES.manage.activeUser),
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
    handler: async (request) => {
      const data = await service.deleteWorkshop(deps, actor(request, currentUser(request).id), request.body);
      return ok(data, WORKSHOP_MSG.deleted);
    },
  });

  r.route({
    ...api(ROUTES.manage.addUser),
    handler: async (request) => {
      const data = await service.addWorkshop(deps.db, actor(request, currentUser(request).id), request.body);
      return ok(data, WORKSHOP_MSG.added);
    },
  });

  r.route({
    ...api(ROUTES.manage.editUser),
    handler: async (request) => {
      await service.editWorkshop(deps, actor(request, currentUser(request).id), request.body);
      return ok(null, WORKSHOP_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.manage.userById),
    handler: async (request) => ok(await service.workshopById(deps.db, request.query.id)),
  });

  r.route({
    ...api(ROUTES.manage.usersByName),
    handler: async (request) => ok(await service.usersByName(deps.db, request.query)),
  });
}
