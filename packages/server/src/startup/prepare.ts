import fs from 'node:fs';
import type pino from 'pino';
import type { Config } from '../config.ts';
import { embeddedMaxConnections, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import type { SuperviseOptions } from '../db/embedded-supervisor.ts';
import { checkDatabase, checkPort, checkRedis, prepareDataDir, where } from './preflight.ts';

export interface PreparedDatabase {
  url: string;
  embedded?: EmbeddedDatabase;
  /** Where the data lives, for the first start's block. */
  description: string;
}

/**
 * Everything before the database is migrated, in the order that fails fastest and creates least:
 * the port, Redis, the object store and an external database are only checked; then DATA_DIR and the
 * embedded database are made. A start that fails here removes a DATA_DIR it created (when left empty).
 * The object store's check is the files module's (ADR 0030), handed in by main.ts: startup/ sits below
 * the modules and imports none.
 */
export async function prepareDatabase(
  config: Config,
  logger: pino.Logger,
  checkObjectStore: (config: Config) => Promise<void>,
  supervise?: SuperviseOptions,
): Promise<PreparedDatabase> {
  await checkPort(config.PORT, config.HOST);
  if (config.REDIS_URL) await checkRedis(config.REDIS_URL);
  if (config.STORAGE === 's3') await checkObjectStore(config);
  if (config.DATABASE_URL) await checkDatabase(config.DATABASE_URL);
  const { created } = prepareDataDir(config.dataDir);
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, description: `PostgreSQL at ${where(config.DATABASE_URL, 5432)}` };
  }
  try {
    const embedded = await startEmbeddedPostgres(
      config.dataDir,
      {
        info: (m) => logger.info(m),
        warn: (m) => logger.warn(m),
        debug: (m) => logger.debug(m),
        error: (m) => logger.error(m),
      },
      {
        // Our shutdown stops it, after the HTTP workers and the jobs that still use it.
        stopOnSignals: false,
        // npm's binaries cannot run on every system (musl, another architecture): a PostgreSQL 18 of its own.
        binDir: config.POSTGRES_BIN_DIR,
        maxConnections: embeddedMaxConnections(config.WORKERS),
        // Started again when it stops under the server (ADR 0051).
        ...(supervise ? { supervise } : {}),
      },
    );
    logger.info({ dataDir: config.dataDir, cluster: embedded.pgDir }, 'embedded PostgreSQL started');
    return { url: embedded.url, embedded, description: `embedded PostgreSQL in ${embedded.pgDir}` };
  } catch (err) {
    if (created) {
      try {
        fs.rmdirSync(config.dataDir);
      } catch {
        // not empty: what is there was not made by this start alone
      }
    }
    throw err;
  }
}
