import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES, backupStatusSchema, envelopeSchema } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/auth.ts';
import { backupStatus } from './backups.service.ts';

const tags = ['backups'];

export function backupsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...api(ROUTES.manage.backupStatus),
    schema: { tags, response: { 200: envelopeSchema(backupStatusSchema) } },
    handler: async () => ok(await backupStatus(deps.db)),
  });
}
