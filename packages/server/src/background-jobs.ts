import type pino from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createServerBackups } from './modules/backups/backups.schedule.ts';
import { createFileCleanup } from './modules/files/files.schedule.ts';
import type { FileStore } from './modules/files/files.storage.ts';
import { createSmsProvider } from './sms/providers/index.ts';
import { createMessageWorker } from './sms/worker.ts';
import { createDeliveryWorker } from './modules/partners/delivery.schedule.ts';

type Logger = pino.Logger;

/** The message sender, the unused-file sweep and the scheduled backups, started and stopped together. */
export function backgroundJobs(
  db: Database,
  config: Config,
  logger: Logger,
  database: { databaseUrl: string; embedded: boolean; appVersion: string },
  fileStore: FileStore,
) {
  const provider = createSmsProvider(config);
  const worker = createMessageWorker({ db, provider, logger: logger.child({ component: 'messages' }) });
  const cleanup = createFileCleanup({
    db,
    files: fileStore,
    logger: logger.child({ component: 'files' }),
  });
  const backups = createServerBackups({
    db,
    databaseUrl: database.databaseUrl,
    embedded: database.embedded,
    dataDir: config.dataDir,
    config,
    appVersion: database.appVersion,
    logger: logger.child({ component: 'backups' }),
    fileStore,
  });
  const webhooks = createDeliveryWorker({
    db,
    logger: logger.child({ component: 'webhooks' }),
    allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  });
  return {
    start() {
      worker.start();
      webhooks.start();
      logger.info({ provider: provider.name }, 'message worker started');
      // Which store uploads go to (a directory, or `s3://bucket at endpoint`; never a key).
      logger.info({ files: fileStore.description }, 'file store');
      cleanup.start();
      backups.start();
    },
    // While the database is still there: the message round in flight finishes recording what it
    // sent, and a file sweep in flight its current batch.
    stop: () =>
      Promise.all([
        worker.stop().catch((err: unknown) => logger.error({ err }, 'stopping the message worker failed')),
        webhooks.stop().catch((err: unknown) => logger.error({ err }, 'stopping the webhook sender failed')),
        cleanup.stop().catch((err: unknown) => logger.error({ err }, 'stopping the file cleanup failed')),
        backups.stop().catch((err: unknown) => logger.error({ err }, 'stopping the backups failed')),
      ]),
  };
}
