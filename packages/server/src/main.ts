import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type pino from 'pino';
import { buildApp, REDACTED_PATHS } from './app.ts';
import type { Redis } from 'ioredis';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase, PROCESS_POOL_SIZE, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createReplicaDatabase, ReadReplica } from './db/read-replica.ts';
import { JOBS_LEASE_KEY, JobLease } from './lib/job-lease.ts';
import { createLogger } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { createServerBackups } from './modules/backups/backups.schedule.ts';
import { loadResultKey } from './modules/signing/keys.lib.ts';
import { refuseRetiredKey } from './modules/signing/key-lifecycle.service.ts';
import { createFileCleanup } from './modules/files/files.schedule.ts';
import type { FileStore } from './modules/files/files.storage.ts';
import { checkObjectStore, fileStoreFromConfig } from './modules/files/store-config.storage.ts';
import { createSmsProvider } from './sms/providers/index.ts';
import { createMessageWorker } from './sms/worker.ts';
import { addressToOpen, firstStartBanner, type FirstStart } from './startup/banner.ts';
import { exitWithStartupFailure, listenProblem } from './startup/errors.ts';
import { prepareDatabase } from './startup/prepare.ts';

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

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

type Logger = pino.Logger;

/** The HTTP app of one process, on its own database pool, Redis connection and file store. */
async function startApp(config: Config, logger: Logger, db: Database, jwtSecret: string) {
  const fileStore = fileStoreFromConfig(config);
  const redis: Redis | undefined = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, (err) =>
        logger.warn({ err }, 'Redis does not answer; rate limits are not counted until it does'),
      )
    : undefined;
  const replica = config.DATABASE_READ_URL ? createReplicaDatabase(config.DATABASE_READ_URL) : undefined;
  const reads = readReplicaFor(config, logger, db, replica);
  await reads.start();
  const app = await buildApp({
    db,
    reads,
    jwtSecret,
    resultKey: await loadResultKey(config),
    version: rootPackage.version,
    logger,
    webDist: config.WEB_DIST ?? path.join(here, '../../web/dist'),
    fileStore,
    rateLimitAllowList: config.RATE_LIMIT_ALLOWLIST,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    ...(config.SMS_RECEIVE_SECRET
      ? { smsReceive: { secret: config.SMS_RECEIVE_SECRET, dailyLimit: config.SMS_LOOKUP_DAILY_LIMIT } }
      : {}),
    ...(redis ? { redis } : {}),
  });
  const close = async () => {
    await app.close().catch((err: unknown) => logger.error({ err }, 'closing the HTTP server failed'));
    await redis?.quit().catch(() => redis.disconnect());
    fileStore.close();
    await reads.stop();
    await replica?.destroy().catch(() => undefined);
  };
  return { app, close };
}

/**
 * The reads that may lag (ADR 0032): on DATABASE_READ_URL's replica while it is within
 * READ_MAX_LAG_S, else on the primary; each state change is logged (the URL without its password).
 */
function readReplicaFor(config: Config, logger: Logger, primary: Database, replica?: Database): ReadReplica {
  return new ReadReplica({
    primary,
    maxLagS: config.READ_MAX_LAG_S,
    logger: logger.child({ component: 'read-replica' }),
    ...(replica ? { replica, replicaUrl: config.DATABASE_READ_URL } : {}),
  });
}

const databaseFor = (url: string, logger: Logger, isClosing: () => boolean) =>
  createDatabase(url, PROCESS_POOL_SIZE, (err) => {
    if (!isClosing()) logger.warn({ err }, 'an idle database connection was closed');
  });

/**
 * One HTTP worker of several (WORKERS > 1): the primary has already prepared the database and passes
 * its URL and the token secret in the environment. Workers share the port (node:cluster) and keep
 * nothing another process needs; their rate limits live in Redis (docs/product.md §11.3).
 */
async function runWorker(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL, REDACTED_PATHS);
  let closing = false;
  const db = databaseFor(config.DATABASE_URL!, logger, () => closing);
  const { app, close } = await startApp(config, logger, db, config.JWT_SECRET!);
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await close();
    await db.destroy().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown());
  // The primary is gone (killed outright): nobody would stop or replace this worker.
  process.once('disconnect', () => void shutdown());
  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: unknown) => {
    throw listenProblem(err, config.PORT, config.HOST);
  });
}

/**
 * Forks the HTTP workers and replaces one that dies once all have listened. A worker that dies before
 * that could not start (the port is taken, say): forking it again would only fail again, so
 * `onStartFailed` stops the server instead.
 */
function forkWorkers(
  count: number,
  env: Record<string, string>,
  logger: Logger,
  events: { onAllListening: (port: number) => void; onStartFailed: () => void },
) {
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork(env);
  cluster.on('listening', (_worker, address) => {
    if (++listening === count) events.onAllListening(address.port);
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    if (listening < count) {
      logger.error({ pid: worker.process.pid, code, signal }, 'an HTTP worker could not start');
      events.onStartFailed();
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'an HTTP worker stopped; starting another');
    // A second's pause, so a worker that keeps dying does not fork in a tight loop.
    setTimeout(() => {
      if (!stopping) fork();
    }, 1000).unref();
  });
  for (let i = 0; i < count; i++) fork();
  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              const force = setTimeout(() => w.process.kill('SIGKILL'), 10_000);
              w.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/**
 * Creates the administrator on the first start; answers what prints the first-start block once: when
 * listening, with the address to open, or when the start fails after this, or the generated password
 * would be lost with an administrator nobody can sign in as.
 */
async function firstStartAnnouncer(db: Database, config: Config, logger: Logger, database: string) {
  const admin = await ensureAdmin(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  let firstStart: Omit<FirstStart, 'address'> | null = null;
  if (admin.created) {
    logger.info({ username: config.ADMIN_USERNAME }, 'administrator created');
    firstStart = {
      username: config.ADMIN_USERNAME,
      password: admin.generatedPassword ?? null,
      dataDir: config.dataDir,
      database,
    };
  }
  return (port: number | null) => {
    if (!firstStart) return;
    process.stdout.write(
      firstStartBanner({ ...firstStart, address: port === null ? null : addressToOpen(config.HOST, port) }),
    );
    firstStart = null;
  };
}

/** The message sender, the unused-file sweep and the scheduled backups, started and stopped together. */
function backgroundJobs(
  db: Database,
  config: Config,
  logger: Logger,
  database: { databaseUrl: string; embedded: boolean },
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
    appVersion: rootPackage.version,
    logger: logger.child({ component: 'backups' }),
    fileStore,
  });
  return {
    start() {
      worker.start();
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
        cleanup.stop().catch((err: unknown) => logger.error({ err }, 'stopping the file cleanup failed')),
        backups.stop().catch((err: unknown) => logger.error({ err }, 'stopping the backups failed')),
      ]),
  };
}

async function main(): Promise<void> {
  if (cluster.isWorker) return runWorker();
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL, REDACTED_PATHS);
  failedStart.logger = logger;
  let closing = false;
  const { url: databaseUrl, embedded, description } = await prepareDatabase(config, logger, checkObjectStore);

  const db = databaseFor(databaseUrl, logger, () => closing);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');

  const announce = await firstStartAnnouncer(db, config, logger, description);
  failedStart.announce = () => announce(null);
  const jwtSecret = config.JWT_SECRET ?? readOrCreateJwtSecret(config.dataDir);
  // Made (on the first start) before any HTTP process reads it; never one retired (ADR 0042).
  await refuseRetiredKey(db, await loadResultKey(config), config);

  // The background jobs run in this process whether one process serves HTTP or several do, and on
  // one node of several: the one holding the jobs' lease (ADR 0031). The others stand by and take
  // over within seconds when it goes.
  const jobStore = fileStoreFromConfig(config);
  let jobs: ReturnType<typeof backgroundJobs> | null = null;
  const lease = new JobLease({
    connectionString: databaseUrl,
    key: JOBS_LEASE_KEY,
    name: `ayar-jobs ${os.hostname()} ${process.pid}`,
    logger,
    onAcquire: () => {
      jobs = backgroundJobs(db, config, logger, { databaseUrl, embedded: !!embedded }, jobStore);
      jobs.start();
    },
    onRelease: async () => {
      const stopping = jobs;
      jobs = null;
      await stopping?.stop();
    },
  });
  const startJobs = () => {
    if (!closing) void lease.start();
  };

  let stopHttp = async () => {};
  const shutdown = async (reason: string, failure?: Error) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'shutting down');
    // The jobs first, while the database is still there; giving the lease up stops them.
    await lease.stop();
    jobStore.close();
    await stopHttp();
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping PostgreSQL failed'));
    if (failure) exitWithStartupFailure(failure, logger);
    process.exit(process.exitCode ?? 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void shutdown(signal));

  if (config.WORKERS > 1) {
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret };
    const workers = forkWorkers(config.WORKERS, env, logger, {
      onAllListening: (port) => {
        logger.info({ workers: config.WORKERS }, 'all HTTP workers listening');
        announce(port);
        startJobs();
      },
      onStartFailed: () => {
        announce(null);
        process.exitCode = 1;
        void shutdown('an HTTP worker could not start');
      },
    });
    stopHttp = () => workers.stop();
    return;
  }
  const { app, close } = await startApp(config, logger, db, jwtSecret);
  stopHttp = close;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    announce(null);
    await shutdown('the HTTP server could not start', listenProblem(err, config.PORT, config.HOST));
    return;
  }
  announce((app.server.address() as AddressInfo).port);
  startJobs();
}

/** What the report of a start that failed half-way needs. */
const failedStart: { logger?: pino.Logger; announce?: () => void } = {};
main().catch((err: unknown) => {
  failedStart.announce?.();
  exitWithStartupFailure(err, failedStart.logger);
});
