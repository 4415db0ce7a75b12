import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type pg from 'pg';
import { poolOf, type Database } from '../db/database.ts';
import type { ReadReplica } from '../db/read-replica.ts';

// Every metric the server exports, in one registry (ADR 0052 lists their names, types and labels).
// Names follow Prometheus's practice: the `ayar_` prefix, the unit as a suffix, counters in `_total`.
// Labels take only values from a fixed set (a route's template, never its URL), so no request can
// add a series. In several HTTP processes each keeps its own values and the primary adds them up
// (`aggregator`: how, for gauges where a sum would be wrong).

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** The request-duration histogram's upper bounds, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface DurationSeries {
  labels: { method: string; route: string; status_code: string };
  status: number;
  /** Observations per bucket (not cumulative), the last for those above every bound (+Inf). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `ayar_http_request_duration_seconds`, kept here rather than in prom-client's Histogram: its
 * `observe` validates and hashes the labels and makes a closure on every call (about 2 µs), on every
 * request of the hot path (ADR 0034). Here a request costs a map lookup and three additions; a scrape
 * hands prom-client the same values its Histogram would (`get()`), so the registry, the text format and
 * the cluster's aggregation treat it as one.
 */
class RequestDurations {
  readonly name = 'ayar_http_request_duration_seconds';
  readonly help =
    'Time from a request arriving to its answer being sent, by route template, method and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By route, then a short list of that route's methods and statuses: no string is built per request. */
  private readonly byRoute = new Map<string, DurationSeries[]>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let list = this.byRoute.get(route);
    if (!list) this.byRoute.set(route, (list = []));
    let series: DurationSeries | undefined;
    for (const s of list) if (s.status === status && s.labels.method === method) series = s;
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        status,
        counts: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      list.push(series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum, count } of [...this.byRoute.values()].flat()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.byRoute.clear();
  }
}

export const httpRequestDuration = new RequestDurations();
// prom-client takes any object with a name and `get()` (its own aggregated metrics are such objects).
metricsRegistry.registerMetric(httpRequestDuration as unknown as Parameters<Registry['registerMetric']>[0]);

/** The route label of a request no route matched: one series for every unknown URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Records one answered request; `route` is its template (or UNMATCHED_ROUTE), never its URL. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  httpRequestDuration.observe(method, route, status, seconds);
}

/** The pools the process's database handles run on, by name (`primary`, `replica`); read at scrape time. */
const pools = new Map<string, Set<pg.Pool>>();

/** Watches the pools under `db` (and the replica's, if any) until the returned function is called. */
export function watchPools(db: Database, reads?: ReadReplica): () => void {
  const watched: [string, pg.Pool | undefined][] = [
    ['primary', poolOf(db)],
    ['replica', reads?.replicaDatabase ? poolOf(reads.replicaDatabase) : undefined],
  ];
  for (const [name, pool] of watched)
    if (pool) (pools.get(name) ?? pools.set(name, new Set()).get(name)!).add(pool);
  if (reads) replicas.add(reads);
  return () => {
    for (const [name, pool] of watched) if (pool) pools.get(name)?.delete(pool);
    if (reads) replicas.delete(reads);
  };
}

function poolSums(): [string, { inUse: number; idle: number; waiting: number }][] {
  return [...pools].map(([name, set]) => {
    const sum = { inUse: 0, idle: 0, waiting: 0 };
    for (const pool of set) {
      sum.inUse += pool.totalCount - pool.idleCount;
      sum.idle += pool.idleCount;
      sum.waiting += pool.waitingCount;
    }
    return [name, sum];
  });
}

export const dbPoolConnections = new Gauge({
  name: 'ayar_db_pool_connections',
  help: 'Connections in the process pools, by database (primary, replica) and state (in_use, idle)',
  labelNames: ['database', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [database, sum] of poolSums()) {
      this.set({ database, state: 'in_use' }, sum.inUse);
      this.set({ database, state: 'idle' }, sum.idle);
    }
  },
});

export const dbPoolWaiting = new Gauge({
  name: 'ayar_db_pool_waiting_queries',
  help: 'Queries waiting for a free connection in the process pools, by database',
  labelNames: ['database'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [database, sum] of poolSums()) this.set({ database }, sum.waiting);
  },
});

/** The read replicas the process's apps use (ADR 0032); a scrape reads what each last measured. */
const replicas = new Set<ReadReplica>();

// Labelled (with the one value `replica`) so that without a replica, or with its lag unknown, there is
// no series at all rather than a misleading 0.
export const replicaLag = new Gauge({
  name: 'ayar_read_replica_lag_seconds',
  help: 'How far the read replica was behind the primary at its last probe; absent when unknown',
  labelNames: ['database'] as const,
  registers: [metricsRegistry],
  aggregator: 'max',
  collect() {
    this.reset();
    const lags = [...replicas].map((r) => r.status.lagS).filter((lag) => lag !== null);
    if (lags.length) this.set({ database: 'replica' }, Math.max(...lags));
  },
});

export const replicaHealthy = new Gauge({
  name: 'ayar_read_replica_healthy',
  help: '1 while reads that may lag use the read replica, 0 while they fall back to the primary',
  labelNames: ['database'] as const,
  registers: [metricsRegistry],
  aggregator: 'min',
  collect() {
    this.reset();
    const states = [...replicas].map((r) => r.status.state).filter((s) => s !== 'none');
    if (states.length) this.set({ database: 'replica' }, states.every((s) => s === 'healthy') ? 1 : 0);
  },
});

export const smsOutboxMessages = new Gauge({
  name: 'ayar_sms_outbox_messages',
  help: 'Messages waiting to be sent (pending, or being sent), read from the database at scrape time',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export const smsOutboxOldestAge = new Gauge({
  name: 'ayar_sms_outbox_oldest_message_age_seconds',
  help: 'Age of the oldest message waiting to be sent; 0 when none waits',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export const backupLastSuccess = new Gauge({
  name: 'ayar_backup_last_success_timestamp_seconds',
  help: 'When the last backup that succeeded finished (Unix time); 0 when none has',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export const backupOffsiteLastSuccess = new Gauge({
  name: 'ayar_backup_offsite_last_success_timestamp_seconds',
  help: 'When the last off-site copy of a backup was complete in its bucket (Unix time); 0 when none is',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export const databaseUp = new Gauge({
  name: 'ayar_database_up',
  help: '1 when the database answered the last scrape (or its supervisor says it runs), else 0',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export const embeddedPostgresRestarts = new Counter({
  name: 'ayar_embedded_postgres_restarts_total',
  help: 'Times the embedded PostgreSQL was started again after it stopped',
  registers: [metricsRegistry],
});

/** For the database's supervisor (main.ts): whether PostgreSQL runs. */
export const setDatabaseUp = (up: boolean): void => databaseUp.set(up ? 1 : 0);

export const signInFailures = new Counter({
  name: 'ayar_sign_in_failures_total',
  help: 'Sign-ins refused for a wrong password or one-time code, by method (password, otp)',
  labelNames: ['method'] as const,
  registers: [metricsRegistry],
});

export const signInLockouts = new Counter({
  name: 'ayar_sign_in_lockouts_total',
  help: 'Sign-in attempts refused unchecked because the account is locked out from that address (ADR 0023)',
  registers: [metricsRegistry],
});

export const resultChanges = new Counter({
  name: 'ayar_result_changes_total',
  help: 'Signed result versions committed, by change (published, corrected, withdrawn)',
  labelNames: ['change'] as const,
  registers: [metricsRegistry],
});

export const offlineRequests = new Counter({
  name: 'ayar_offline_requests_total',
  help: 'Requests with an idempotency key (ADR 0033), by outcome: applied, or replayed from the stored answer',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

// Every label value a counter takes, at zero: a series exists before its first event, so `rate()` and
// `increase()` see that first event.
for (const method of ['password', 'otp']) signInFailures.inc({ method }, 0);
for (const change of ['published', 'corrected', 'withdrawn']) resultChanges.inc({ change }, 0);
for (const outcome of ['applied', 'replayed']) offlineRequests.inc({ outcome }, 0);

/**
 * Counts a new signed version of a result once its transaction commits (ADR 0052): withdrawn; published
 * (the first publication, or a purity after a withdrawal); corrected (a new value over a published one).
 * A deletion's version is none of these.
 */
export function countResultChange(trx: Database, state: string, previous: string | undefined): void {
  const change = state === 'withdrawn' ? 'withdrawn' : previous === 'published' ? 'corrected' : 'published';
  if (state === 'published' || state === 'withdrawn') afterCommit(trx, () => resultChanges.inc({ change }));
}

/** Callbacks waiting for their transaction to commit, by the transaction's handle. */
const onCommit = new WeakMap<Database, (() => void)[]>();

/**
 * Runs `work` in a transaction; what it queued with `afterCommit` runs once the transaction has
 * committed, and never when it rolls back: a publication undone is not counted (ADR 0052).
 */
export async function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  const queued: (() => void)[] = [];
  const value = await db.transaction().execute((trx) => {
    onCommit.set(trx, queued);
    return work(trx);
  });
  for (const run of queued) run();
  return value;
}

/**
 * Queues `run` until `trx` commits. `trx` must come from `inTransaction`; outside a transaction `run`
 * runs at once (the write has happened).
 */
export function afterCommit(trx: Database, run: () => void): void {
  if (!trx.isTransaction) return run();
  onCommit.get(trx)?.push(run);
}
