import type { Redis } from 'ioredis';
import type { Database } from '../../db/database.ts';
import type { EmbeddedState } from '../../db/embedded-supervisor.ts';
import { MIGRATION_NAMES } from '../../db/migrate.ts';
import type { ReadReplica, ReplicaState } from '../../db/read-replica.ts';
import type { FileStore } from '../files/files.storage.ts';
import { databaseAnswers, newestAppliedMigration } from './health.repository.ts';

/**
 * Liveness and readiness (ADR 0051). Live: the process answers. Ready: this node can serve a request
 * now; a load balancer sends it traffic only then, and stops as soon as it drains at shutdown.
 */

/** What main.ts tells the health routes of the process around the app. */
export interface ProcessHealth {
  /** The embedded PostgreSQL's state; unset for an external database. */
  embedded?: () => EmbeddedState;
  /** True from the moment the server starts shutting down (SIGTERM): readiness answers 503 first. */
  draining?: () => boolean;
}

export interface HealthSources extends ProcessHealth {
  db: Database;
  files: FileStore;
  redis?: Redis | undefined;
  reads: ReadReplica;
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: {
    database: boolean;
    migrations: boolean;
    files: boolean;
    /** null: no Redis configured. */
    redis: boolean | null;
    /** Informational: a lagging or lost replica sends its reads to the primary, so it never makes a node unready. */
    replica: ReplicaState;
    /** null: an external database. */
    embedded: EmbeddedState | null;
  };
  /** The checks that failed, by name (with `draining` while shutting down). */
  notReady: string[];
}

/** A check that does not answer in time has failed: a probe must answer within its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;
/** Answers are reused this long, so a flood of probes costs the database one round of checks a second. */
const CACHE_MS = 1_000;

function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  const run = check().then(
    () => true,
    () => false,
  );
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers a query within the probe's time (null: the embedded one is restarting). */
export function databaseUp(sources: Pick<HealthSources, 'db' | 'embedded'>): Promise<boolean> {
  if (sources.embedded && sources.embedded() !== 'up') return Promise.resolve(false);
  return passes(() => databaseAnswers(sources.db));
}

async function checkAll(sources: HealthSources): Promise<Readiness> {
  const latest = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
  const [database, migrations, files, redis] = await Promise.all([
    databaseUp(sources),
    passes(async () => {
      if ((await newestAppliedMigration(sources.db)) !== latest) throw new Error('migrations pending');
    }),
    passes(() => sources.files.check()),
    sources.redis ? passes(() => sources.redis!.ping()) : Promise.resolve(null),
  ]);
  const draining = sources.draining?.() ?? false;
  const checks = {
    database,
    migrations,
    files,
    redis,
    replica: sources.reads.status.state,
    embedded: sources.embedded?.() ?? null,
  };
  const notReady = [
    ...(draining ? ['draining'] : []),
    ...(['database', 'migrations', 'files', 'redis'] as const).filter((name) => checks[name] === false),
  ];
  return { ready: notReady.length === 0, draining, checks, notReady };
}

/** Readiness, checked at most once a second however many probes ask; draining is always current. */
export function readinessChecker(sources: HealthSources): () => Promise<Readiness> {
  let last: { at: number; answer: Promise<Readiness> } | null = null;
  return async () => {
    const now = Date.now();
    if (!last || now - last.at >= CACHE_MS) last = { at: now, answer: checkAll(sources) };
    const answer = await last.answer;
    if (!sources.draining?.() || answer.draining) return answer;
    return { ...answer, ready: false, draining: true, notReady: ['draining', ...answer.notReady] };
  };
}
