import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROUTES,
  editSettingsRequestSchema,
  envelopeSchema,
  smsTemplatesResponseSchema,
  userSettingsSchema,
} from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import * as service from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...api(ROUTES.account.editSettings),
    schema: {
      tags: ['settings'],
      body: editSettingsRequestSchema,
      response: { 200: envelopeSchema(userSettingsSchema) },
    },
    handler: async (request) =>
      ok(await service.editSettings(deps.db, currentUser(request).id, request.body), 'تنظیمات ذخیره شد'),
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    ...api(ROUTES.account.smsTemplates),
    schema: { tags: ['settings'], response: { 200: envelopeSchema(smsTemplatesResponseSchema) } },
    handler: async () => ok(await service.smsTemplates(deps.db)),
  });
}
