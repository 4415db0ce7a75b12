import { sql } from 'kysely';
import pg from 'pg';
// Imported for its effect too: database.ts sets the type parsers (bigint as number, date as text).
import { overPool, PROCESS_POOL_SIZE, type Database } from './database.ts';

/**
 * Where reads that may lag go (ADR 0032): the public lookup, the public lab list and the statistics
 * read from the replica (DATABASE_READ_URL) while it answers and is at most `maxLagS` behind; every
 * other read, and these too when the replica is down or lagging, use the primary. What a person just
 * wrote and reads back never comes here: it must read the primary.
 *
 * The replica's health comes from a probe every `checkIntervalMs`, and from the reads themselves: a
 * read that fails on the replica for a connection-level reason marks it down at once and runs again on
 * the primary, so a replica that stops costs no request an error, not even before the next probe.
 */

export interface ReplicaLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * `none`: no replica configured. `starting`: before the first probe (reads use the primary until the
 * replica has shown it is current). `healthy`: reads that may lag use the replica.
 */
export type ReplicaState = 'none' | 'starting' | 'healthy' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** The replica's lag at the last probe, in seconds; null when unknown (down, or not replaying). */
  lagS: number | null;
  /** When the state last changed. */
  since: Date;
}

/** A probe's answer: the lag in seconds, or null when it cannot be told. It throws when the replica is down. */
export type LagProbe = (replica: Database) => Promise<number | null>;

export interface ReadReplicaOptions {
  primary: Database;
  /** The replica; without it every read uses the primary. */
  replica?: Database;
  /** The replica's URL, only to name it in the logs (its password is never logged). */
  replicaUrl?: string;
  /** READ_MAX_LAG_S: a replica further behind is left until it catches up. */
  maxLagS: number;
  logger: ReplicaLogger;
  checkIntervalMs?: number;
  /** A probe that takes longer counts as down; by default the check interval. */
  probeTimeoutMs?: number;
  /** How the lag is measured; tests inject answers. */
  probe?: LagProbe;
}

const DEFAULT_CHECK_INTERVAL_MS = 2_000;

/**
 * The replica's lag. Zero when its WAL receiver is connected and it has replayed all it received;
 * otherwise the age of the last transaction it replayed. "All it received" is `<=`, not `=`: a
 * restarted replica replays what it already had, and its receiver, restarting at the segment's start,
 * reports less than that until the primary writes again. A replica whose receiver has stopped (the
 * primary out of its reach) is not called current for having replayed what it had: its lag grows.
 */
export const measureReplicaLag: LagProbe = async (replica) => {
  const { rows } = await sql<{ lag: number | null }>`
    select case
      when pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn()
        and exists (select 1 from pg_stat_wal_receiver) then 0
      else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8
    end as lag
  `.execute(replica);
  const lag = rows[0]?.lag ?? null;
  // Clamped here, not with SQL's greatest(), which would turn "no replay timestamp" (null) into 0.
  return lag === null ? null : Math.max(0, lag);
};

/** SQLSTATE classes of a server that cannot serve us: connection, authorisation, resources, shutdown, I/O. */
const UNAVAILABLE_SQLSTATE = /^(08|28|53|57P|58|3D000)/;
/** What the pg driver says when the connection is gone; its own errors carry no code. */
const DRIVER_CONNECTION_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|not queryable|connection (is )?closed|connection timeout/i;

/**
 * The error says the server cannot be reached or cannot serve, rather than that the query was wrong
 * (a constraint, a syntax error): only the first is a reason to ask the primary instead.
 */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof AggregateError) return err.errors.some(isConnectionError);
  const fields = err as Error & { code?: unknown; severity?: unknown; syscall?: unknown };
  // A message from the server (pg's DatabaseError carries a severity): judge by its SQLSTATE.
  if (typeof fields.severity === 'string' && typeof fields.code === 'string') {
    return UNAVAILABLE_SQLSTATE.test(fields.code);
  }
  if (typeof fields.syscall === 'string') return true; // ECONNREFUSED, ENOENT (socket), ETIMEDOUT, EPIPE…
  return DRIVER_CONNECTION_MESSAGE.test(err.message);
}

/** A standby cancels a read that conflicts with replay; the same read on the primary has no such conflict. */
function isRecoveryConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/** The URL without its password (in the authority or as a `password` parameter). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return 'the read replica'; // unparseable: say nothing of it rather than risk its secret
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class ReadReplica {
  private readonly primary: Database;
  private readonly replica: Database | undefined;
  private readonly options: Required<Omit<ReadReplicaOptions, 'primary' | 'replica' | 'replicaUrl'>>;
  private readonly name: string | undefined;
  private current: ReplicaStatus;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private probing: Promise<void> | null = null;
  /** Counts the failures reads reported: a probe begun before one must not undo it with a stale answer. */
  private readFailures = 0;

  constructor(options: ReadReplicaOptions) {
    const interval = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
    this.primary = options.primary;
    this.replica = options.replica;
    this.name = options.replicaUrl === undefined ? undefined : withoutPassword(options.replicaUrl);
    this.options = {
      maxLagS: options.maxLagS,
      logger: options.logger,
      checkIntervalMs: interval,
      probeTimeoutMs: options.probeTimeoutMs ?? interval,
      probe: options.probe ?? measureReplicaLag,
    };
    this.current = { state: options.replica ? 'starting' : 'none', lagS: null, since: new Date() };
  }

  get status(): ReplicaStatus {
    return { ...this.current };
  }

  /** The replica's handle, if one is configured: the metrics read its pool (ADR 0052). */
  get replicaDatabase(): Database | undefined {
    return this.replica;
  }

  /** The database for a read that may lag: the replica while it is healthy, else the primary. */
  db(): Database {
    return this.current.state === 'healthy' && this.replica ? this.replica : this.primary;
  }

  /**
   * Runs a read that may lag on the replica while it is healthy; if the replica fails it for a
   * connection-level reason, marks it down and runs it on the primary. `fn` must only read: it may
   * run twice. Errors of the read itself (SQL, constraints) are the caller's, from either server.
   */
  async run<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const db = this.db();
    if (db === this.primary) return fn(db);
    try {
      return await fn(db);
    } catch (err) {
      if (isRecoveryConflict(err)) return fn(this.primary);
      if (!isConnectionError(err)) throw err;
      this.readFailures++;
      this.enter('down', null, errorText(err));
      return fn(this.primary);
    }
  }

  /** Probes once now, then every check interval until stop(). */
  async start(): Promise<void> {
    if (!this.replica || !this.stopped) return;
    this.stopped = false;
    await this.check();
    this.schedule();
  }

  /** Stops probing; resolves once a probe under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.probing;
  }

  /** One probe now (one at a time: a call during a probe waits for that one). */
  async check(): Promise<ReplicaStatus> {
    if (this.replica) {
      this.probing ??= this.probe(this.replica).finally(() => (this.probing = null));
      await this.probing;
    }
    return this.status;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.check().finally(() => this.schedule());
    }, this.options.checkIntervalMs);
    this.timer.unref(); // a probe never keeps the process alive
  }

  private async probe(replica: Database): Promise<void> {
    const failuresBefore = this.readFailures;
    let timeout: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      this.options.probe(replica).then((lagS) => ({ lagS })),
      new Promise<{ error: string }>((resolve) => {
        timeout = setTimeout(
          () => resolve({ error: `no answer within ${this.options.probeTimeoutMs} ms` }),
          this.options.probeTimeoutMs,
        );
      }),
    ]).catch((err: unknown) => ({ error: errorText(err) }));
    clearTimeout(timeout);
    if (this.readFailures !== failuresBefore) return; // a read saw it fail meanwhile: that is newer
    if ('error' in outcome) this.enter('down', null, outcome.error);
    else if (outcome.lagS !== null && outcome.lagS <= this.options.maxLagS)
      this.enter('healthy', outcome.lagS);
    else this.enter('lagging', outcome.lagS);
  }

  /** Records the state; logs only a change of it, so a long outage is one line, not one per probe. */
  private enter(state: ReplicaState, lagS: number | null, reason?: string): void {
    const previous = this.current.state;
    this.current = { state, lagS, since: state === previous ? this.current.since : new Date() };
    if (state === previous) return;
    const { logger, maxLagS } = this.options;
    const about = { replica: this.name, state, previous, lagS, maxLagS };
    if (state === 'healthy') {
      logger.info(about, 'the read replica is current: reads that may lag use it');
    } else if (state === 'down') {
      logger.warn(
        { ...about, reason },
        'the read replica does not answer: reads that may lag use the primary',
      );
    } else {
      const behind = lagS === null ? 'is not replaying (lag unknown)' : `is ${lagS.toFixed(1)} s behind`;
      logger.warn(about, `the read replica ${behind}, over ${maxLagS} s: reads that may lag use the primary`);
    }
  }
}

export interface ReplicaDatabaseOptions {
  max?: number;
  /** A replica out of reach (a dropped packet, not a refusal) fails a read this soon, not after minutes. */
  connectTimeoutMs?: number;
  /** An idle connection the replica closed (the pool drops it); reported, never thrown. */
  onIdleError?: (err: Error) => void;
}

/**
 * The Database for DATABASE_READ_URL: createDatabase's, made for a server expected to stop. pg emits
 * 'error' on a checked-out client whose server goes away (a FATAL "terminating connection" arriving
 * with the last answer of a query, or EPIPE on the next write), and the pool listens only on idle
 * clients, so without a listener of its own that error would be an uncaught exception that ends the
 * process. Such a client is no longer queryable: its next query fails (run() then asks the primary) and
 * the pool discards it when it is released.
 */
export function createReplicaDatabase(
  connectionString: string,
  options: ReplicaDatabaseOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? PROCESS_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
    // Idle connections stay open, as on the primary (createDatabase, ADR 0039); a stopped replica's
    // are discarded all the same, each on its first failed query.
    idleTimeoutMillis: 0,
  });
  pool.on('error', options.onIdleError ?? (() => undefined));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return overPool(pool);
}
