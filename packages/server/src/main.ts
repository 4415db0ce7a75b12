import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp, REDACTED_PATHS } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { createFileCleanup } from './modules/files/files.cleanup.ts';
import { createSmsProvider } from './sms/providers/index.ts';
import { createMessageWorker } from './sms/worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootPackage = JSON.parse(fs.readFileSync(path.join(here, '../../../package.json'), 'utf8')) as {
  version: string;
};

function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.LOG_LEVEL, redact: REDACTED_PATHS });
  let closing = false;
  fs.mkdirSync(config.dataDir, { recursive: true });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, {
      info: (m) => logger.info(m),
      warn: (m) => logger.warn(m),
      debug: (m) => logger.debug(m),
      error: (m) => logger.error(m),
    });
    databaseUrl = embedded.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }

  const db = createDatabase(databaseUrl, 10, (err) => {
    if (!closing) logger.warn({ err }, 'an idle database connection was closed');
  });
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');

  const admin = await ensureAdmin(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if (admin.generatedPassword) {
    // Printed once, straight to the terminal and never through the logger, so it is not kept in logs.
    process.stdout.write(
      `\n  Ayar: the administrator was created.\n  user name: ${config.ADMIN_USERNAME}\n  password:  ${admin.generatedPassword}\n  Keep it now; it is not shown again.\n\n`,
    );
  } else if (admin.created) {
    logger.info({ username: config.ADMIN_USERNAME }, 'administrator created from ADMIN_PASSWORD');
  }

  const filesDir = path.join(config.dataDir, 'files');
  const app = await buildApp({
    db,
    jwtSecret: config.JWT_SECRET ?? readOrCreateJwtSecret(config.dataDir),
    version: rootPackage.version,
    logger,
    webDist: config.WEB_DIST ?? path.join(here, '../../web/dist'),
    filesDir,
    rateLimitAllowList: config.RATE_LIMIT_ALLOWLIST,
  });

  // Built now so shutdown can stop them; started once the app listens.
  const provider = createSmsProvider(config);
  const worker = createMessageWorker({ db, provider, logger: logger.child({ component: 'messages' }) });
  const cleanup = createFileCleanup({ db, filesDir, logger: logger.child({ component: 'files' }) });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // First, while the database is still there: the message round in flight finishes recording what it
    // sent, and a file sweep in flight its current batch.
    await Promise.all([
      worker.stop().catch((err: unknown) => logger.error({ err }, 'stopping the message worker failed')),
      cleanup.stop().catch((err: unknown) => logger.error({ err }, 'stopping the file cleanup failed')),
    ]);
    await app.close().catch((err: unknown) => logger.error({ err }, 'closing the HTTP server failed'));
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    logger.error({ err }, 'could not start the HTTP server');
    await shutdown('listen-failed');
    return;
  }
  if (closing) return;
  worker.start();
  logger.info({ provider: provider.name }, 'message worker started');
  cleanup.start();
}

main().catch((err: unknown) => {
  process.stderr.write(`Ayar could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof Error && err.cause) process.stderr.write(`  cause: ${String(err.cause)}\n`);
  process.exit(1);
});
