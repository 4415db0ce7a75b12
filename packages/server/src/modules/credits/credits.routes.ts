import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './credits.service.ts';

export function creditsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.account.addCredit),
    handler: async (request) => {
      const data = await service.addCredit(deps.db, currentUser(request).id, request.body);
      return ok(data, service.CREDIT_MESSAGES.added);
    },
  });

  r.route({
    ...api(ROUTES.account.getCredits),
    handler: async (request) => ok(await service.getCredits(deps.db, currentUser(request).id)),
  });

  r.route({
    ...api(ROUTES.manage.allCredits),
    handler: async (request) => ok(await service.allCredits(deps.db, request.query)),
  });

  r.route({
    ...api(ROUTES.manage.acceptCredit),
    handler: async (request) => {
      const { message, ...data } = await service.decideCredit(
        deps.db,
        { id: currentUser(request).id, ip: request.ip },
        request.body,
      );
      return ok(data, message);
    },
  });
}
