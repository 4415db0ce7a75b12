import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './messages.service.ts';

export function messagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.manage.messages),
    handler: async (request) => ok(await service.messages(deps.db, request.query)),
  });
}
