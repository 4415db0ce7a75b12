import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './statement.service.ts';

/** The printed papers' routes: the lab's letterhead and a customer's statement. */
export function statementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.account.letterhead),
    handler: async (request) => ok(await service.getLetterhead(deps.db, currentUser(request).id), ''),
  });

  r.route({
    ...api(ROUTES.customer.statement),
    handler: async (request) =>
      ok(await service.getStatement(deps.db, currentUser(request).id, request.query), ''),
  });
}
