import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './system-settings.service.ts';

export function systemSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...api(ROUTES.account.systemSettings),
    handler: async () => ok(await service.getSystemSettings(deps.db)),
  });

  r.route({
    ...api(ROUTES.account.addOrUpdateSystemSetting),
    handler: async (request) =>
      ok(
        await service.saveSystemSettings(deps.db, request.body, {
          id: currentUser(request).id,
          ip: request.ip,
        }),
        'تنظیمات سیستم ذخیره شد',
      ),
  });
}
