import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { actorOf, currentUser } from '../../plugins/auth.ts';
import * as service from './codes.service.ts';

export function codesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = actorOf;

  r.route({
    ...api(ROUTES.account.getAllCode),
    handler: async (request) => ok(await service.myCodes(deps.db, currentUser(request).id)),
  });

  r.route({
    ...api(ROUTES.account.getCode),
    handler: async (request) => {
      const { data, message } = await service.buyCodes(deps.db, actor(request), request.body.count);
      return ok(data, message);
    },
  });

  r.route({
    ...api(ROUTES.manage.getAllCode),
    handler: async (request) => ok(await service.allCodes(deps.db, request.query)),
  });

  r.route({
    ...api(ROUTES.manage.getCodes),
    handler: async (request) => {
      const { data, message } = await service.allotCodes(deps.db, actor(request), request.body);
      return ok(data, message);
    },
  });

  r.route({
    ...api(ROUTES.manage.deleteCode),
    handler: async (request) => {
      await service.deleteCode(deps.db, actor(request), request.body.id);
      return ok(null, service.CODE_MESSAGES.deleted);
    },
  });
}
