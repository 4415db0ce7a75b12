import cluster from 'node:cluster';
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
import { checkPgInternals } from './db/described-once.ts';
import { createBackupRunner } from './modules/backups/backup-run.service.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createReplicaDatabase, ReadReplica } from './db/read-replica.ts';
import { JOBS_LEASE_KEY, JobLease } from './lib/job-lease.ts';
import { createLogger } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { loadResultKey } from './modules/signing/keys.lib.ts';
import { refuseRetiredKey } from './modules/signing/key-lifecycle.service.ts';
import { checkObjectStore, fileStoreFromConfig } from './modules/files/store-config.storage.ts';
import { addressToOpen, firstStartBanner, type FirstStart } from './startup/banner.ts';
import { exitWithRuntimeFailure, exitWithStartupFailure, listenProblem } from './startup/errors.ts';
import type { ProcessHealth } from './modules/health/health.service.ts';
import { embeddedPostgresRestarts, setDatabaseUp, watchPools } from './lib/metrics.ts';
import { startMetricsServer, type MetricsServer } from './modules/metrics/listener.lib.ts';
import type { AppMetricsOptions } from './modules/metrics/metrics.routes.ts';
import {
  answerMetricsRequests,
  clusterMetrics,
  metricsFromPrimary,
  processMetrics,
} from './modules/metrics/metrics.service.ts';
import { prepareDatabase } from './startup/prepare.ts';
import { forkWorkers } from './startup/workers.ts';
import { backgroundJobs } from './background-jobs.ts';

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
interface AppParts {
  jwtSecret: string;
  processHealth: ProcessHealth;
  metrics: AppMetricsOptions;
  /** The database's URL and whether it is the embedded one, for «پشتیبان‌گیری اکنون» (ADR 0053). */
  databaseUrl: string;
  embedded: boolean;
}

async function startApp(config: Config, logger: Logger, db: Database, parts: AppParts) {
  const { jwtSecret, processHealth, metrics } = parts;
  const fileStore = fileStoreFromConfig(config);
  const backups = createBackupRunner({
    db,
    databaseUrl: parts.databaseUrl,
    embedded: parts.embedded,
    dataDir: config.dataDir,
    config,
    appVersion: rootPackage.version,
    logger: logger.child({ component: 'backups' }),
    fileStore,
  });
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
    webhookAllowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    ...(config.SMS_RECEIVE_SECRET
      ? { smsReceive: { secret: config.SMS_RECEIVE_SECRET, dailyLimit: config.SMS_LOOKUP_DAILY_LIMIT } }
      : {}),
    ...(redis ? { redis } : {}),
    processHealth,
    metrics,
    backups,
  });
  const close = async () => {
    await app.close().catch((err: unknown) => logger.error({ err }, 'closing the HTTP server failed'));
    await redis?.quit().catch(() => redis.disconnect());
    // A manual backup in flight is aborted (its partial file removed, the run marked failed).
    await backups.stop().catch((err: unknown) => logger.error({ err }, 'stopping the manual backup failed'));
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
  // The lookup's fast path reaches into pg's private fields; without them, the plain path (ADR 0054).
  checkPgInternals(logger);
  let closing = false;
  const db = databaseFor(config.DATABASE_URL!, logger, () => closing);
  // The public /metrics of a worker is the whole server's, rendered by the primary (ADR 0052).
  answerMetricsRequests();
  const { app, close } = await startApp(config, logger, db, {
    jwtSecret: config.JWT_SECRET!,
    processHealth: { draining: () => closing },
    metrics: { token: config.METRICS_TOKEN, render: metricsFromPrimary },
    databaseUrl: config.DATABASE_URL!,
    // Only names the backup's source in its manifest; the primary passes the URL either way.
    embedded: process.env.AYAR_EMBEDDED === '1',
  });
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from here; the listener closes after DRAIN_SECONDS (ADR 0051).
    if (config.DRAIN_SECONDS > 0) await new Promise((r) => setTimeout(r, config.DRAIN_SECONDS * 1000));
    await close();
    await db.destroy().catch(() => undefined);
    process.exit(0);
  };
  // `on`, not `once`: a service manager signals the whole group and the primary signals again; a
  // second signal must not end a worker that is draining.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown());
  // The primary is gone (killed outright): nobody would stop or replace this worker.
  process.once('disconnect', () => void shutdown());
  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: unknown) => {
    throw listenProblem(err, config.PORT, config.HOST);
  });
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

async function main(): Promise<void> {
  if (cluster.isWorker) return runWorker();
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL, REDACTED_PATHS);
  failedStart.logger = logger;
  checkPgInternals(logger);
  let closing = false;
  let draining = false;
  // Bound once `shutdown` exists; a give-up before that (PostgreSQL lost during the start) exits at once.
  let stopForGood = (err: Error): void => exitWithRuntimeFailure(err, logger);
  const {
    url: databaseUrl,
    embedded,
    description,
  } = await prepareDatabase(config, logger, checkObjectStore, {
    onDown: () => {
      setDatabaseUp(false);
      logger.warn('requests are answered 503 until the embedded PostgreSQL runs again');
    },
    onUp: () => {
      setDatabaseUp(true);
      embeddedPostgresRestarts.inc();
    },
    onGiveUp: (err) => stopForGood(err),
  });
  const processHealth: ProcessHealth = {
    draining: () => draining,
    ...(embedded ? { embedded: () => embedded.state } : {}),
  };

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
      jobs = backgroundJobs(
        db,
        config,
        logger,
        { databaseUrl, embedded: !!embedded, appVersion: rootPackage.version },
        jobStore,
      );
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
  let serving = false;
  let metricsListener: MetricsServer | null = null;
  let stopClusterMetrics = () => {};
  // Prometheus's own port, 127.0.0.1 unless METRICS_HOST says otherwise (ADR 0052).
  const listenMetrics = async (render: () => Promise<string>) => {
    if (config.METRICS_PORT === undefined) return;
    const { METRICS_PORT: port, METRICS_HOST: host, METRICS_TOKEN: token } = config;
    metricsListener = await startMetricsServer({
      port,
      host,
      ...(token ? { token } : {}),
      render,
      logger,
    }).catch((err: unknown) => {
      throw listenProblem(err, port, host);
    });
  };
  const shutdown = async (reason: string, failure?: { error: Error; while: 'starting' | 'running' }) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'shutting down');
    draining = true;
    // Readiness answers 503 while everything else still serves, so a load balancer stops sending
    // requests before the listener closes (ADR 0051); HTTP workers drain the same way on their own.
    if (serving && !failure && config.WORKERS === 1 && config.DRAIN_SECONDS > 0) {
      logger.info({ seconds: config.DRAIN_SECONDS }, 'draining: readiness answers 503');
      await new Promise((r) => setTimeout(r, config.DRAIN_SECONDS * 1000));
    }
    await metricsListener?.close().catch(() => undefined);
    stopClusterMetrics();
    // The jobs first, while the database is still there; giving the lease up stops them.
    await lease.stop();
    jobStore.close();
    await stopHttp();
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping PostgreSQL failed'));
    if (failure?.while === 'starting') exitWithStartupFailure(failure.error, logger);
    if (failure) exitWithRuntimeFailure(failure.error, logger);
    process.exit(process.exitCode ?? 0);
  };
  stopForGood = (error) =>
    void shutdown('the embedded PostgreSQL could not be started again', { error, while: 'running' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void shutdown(signal));

  if (config.WORKERS > 1) {
    // The workers' metrics summed with the primary's own (its pool, the database's gauges).
    const cluster = clusterMetrics(db);
    const unwatch = watchPools(db);
    stopClusterMetrics = () => {
      cluster.stop();
      unwatch();
    };
    await listenMetrics(cluster.render);
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, AYAR_EMBEDDED: embedded ? '1' : '0' };
    const workers = forkWorkers(config.WORKERS, env, logger, config.DRAIN_SECONDS * 1000, {
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
  const { app, close } = await startApp(config, logger, db, {
    jwtSecret,
    processHealth,
    metrics: { token: config.METRICS_TOKEN },
    databaseUrl,
    embedded: !!embedded,
  });
  stopHttp = close;
  await listenMetrics(processMetrics(db));
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    announce(null);
    const error = listenProblem(err, config.PORT, config.HOST);
    await shutdown('the HTTP server could not start', { error, while: 'starting' });
    return;
  }
  serving = true;
  announce((app.server.address() as AddressInfo).port);
  startJobs();
}

/** What the report of a start that failed half-way needs. */
const failedStart: { logger?: pino.Logger; announce?: () => void } = {};
main().catch((err: unknown) => {
  failedStart.announce?.();
  exitWithStartupFailure(err, failedStart.logger);
});
