import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.account.editSettings),
    handler: async (request) =>
      ok(await service.editSettings(deps.db, currentUser(request).id, request.body), 'تنظیمات ذخیره شد'),
  });

  r.route({
    ...api(ROUTES.account.smsTemplates),
    handler: async () => ok(await service.smsTemplates(deps.db)),
  });
}
