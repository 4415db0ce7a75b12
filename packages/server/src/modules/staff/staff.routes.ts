import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES, STAFF_MSG } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './staff.service.ts';

/** The owner acting, from the session only (ADR 0049). */
function actorOf(request: FastifyRequest): service.StaffActor {
  const user = currentUser(request);
  return { labId: user.id, personId: user.personId, ip: request.ip };
}

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.staff.list),
    handler: async (request) => ok({ list: await service.listStaff(deps.db, currentUser(request).id) }, ''),
  });

  r.route({
    ...api(ROUTES.staff.add),
    handler: async (request) =>
      ok(await service.addStaff(deps.db, actorOf(request), request.body), STAFF_MSG.added),
  });

  r.route({
    ...api(ROUTES.staff.edit),
    handler: async (request) =>
      ok(await service.editStaff(deps.db, actorOf(request), request.body), STAFF_MSG.edited),
  });

  r.route({
    ...api(ROUTES.staff.suspend),
    handler: async (request) => {
      const member = await service.suspendStaff(deps.db, actorOf(request), request.body);
      return ok(member, member.suspended ? STAFF_MSG.suspended : STAFF_MSG.resumed);
    },
  });

  r.route({
    ...api(ROUTES.staff.statistics),
    handler: async (request) =>
      ok({ list: await service.staffStatistics(deps.db, currentUser(request).id, request.query) }, ''),
  });

  r.route({
    ...api(ROUTES.manage.staffStatistics),
    handler: async (request) => ok({ list: await service.manageStaffStatistics(deps.db, request.query) }, ''),
  });

  r.route({
    ...api(ROUTES.manage.staff),
    handler: async (request) => ok({ list: await service.manageStaff(deps.db, request.query.userId) }, ''),
  });
}
