import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { backupStatus } from './backups.service.ts';
import { listBackups, startBackup } from './backups-list.service.ts';

export function backupsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...api(ROUTES.manage.backupStatus),
    handler: async () => ok(await backupStatus(deps.db)),
  });
  r.route({
    ...api(ROUTES.manage.backups),
    handler: async () => ok(await listBackups(deps.db)),
  });
  r.route({
    ...api(ROUTES.manage.startBackup),
    handler: async () => ok(await startBackup(deps.backups), 'پشتیبان‌گیری آغاز شد'),
  });
}
