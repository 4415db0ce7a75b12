import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import {
  backupLastSuccess,
  backupOffsiteLastSuccess,
  databaseUp,
  metricsRegistry,
  smsOutboxMessages,
  smsOutboxOldestAge,
} from '../../lib/metrics.ts';
import * as repo from './metrics.repository.ts';

/** One process's values as prom-client hands them between processes. */
type MetricJson = Awaited<ReturnType<typeof metricsRegistry.getMetricsAsJSON>>[number];

/** What a scrape answers: the Prometheus text format (version 0.0.4). */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** A scrape's text, rendered when asked. */
export type RenderMetrics = () => Promise<string>;

/** How long a scrape waits for the database, or for a worker, before answering without it. */
const SCRAPE_WAIT_MS = 5000;

function timeout(ms: number, what: string): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * Reads what only the database knows, at scrape time (ADR 0052): the messages waiting to be sent and
 * the oldest one's age, the last good backup and the last off-site copy. The database is up when it answered in time.
 */
export async function refreshDatabaseGauges(db: Database): Promise<void> {
  const limit = timeout(SCRAPE_WAIT_MS, 'the database');
  try {
    const [outbox, backupAt, offsiteAt] = await Promise.race([
      Promise.all([repo.outboxState(db), repo.lastGoodBackupAt(db), repo.lastOffsiteCopyAt(db)]),
      limit.promise,
    ]);
    smsOutboxMessages.set(outbox.waiting);
    smsOutboxOldestAge.set(outbox.oldestAgeS);
    backupLastSuccess.set(backupAt ? backupAt.getTime() / 1000 : 0);
    backupOffsiteLastSuccess.set(offsiteAt ? offsiteAt.getTime() / 1000 : 0);
    databaseUp.set(1);
  } catch {
    databaseUp.set(0);
  } finally {
    limit.clear();
  }
}

/** One process's metrics (WORKERS=1), with the database's gauges read from `db` when given. */
export function processMetrics(db?: Database): RenderMetrics {
  return async () => {
    if (db) await refreshDatabaseGauges(db);
    return metricsRegistry.metrics();
  };
}

// Several HTTP processes (WORKERS > 1, node:cluster): each keeps its own values; the primary asks every
// worker for them over the cluster's IPC channel and adds them up with its own (its pool, the jobs)
// with prom-client's AggregatorRegistry.aggregate. Its `clusterMetrics()` is not used: it leaves the
// primary's own metrics out, and two texts side by side would repeat a family (ADR 0052).
const ASK = 'ayar:metrics:ask';
const VALUES = 'ayar:metrics:values';
const RENDER = 'ayar:metrics:render';
const RENDERED = 'ayar:metrics:rendered';

interface MetricsMessage {
  type: string;
  id: number;
  values?: MetricJson[];
  text?: string;
  error?: string;
}

/**
 * Sends over the IPC channel unless it has closed (the other side exited): an error goes to `onError`,
 * never to the 'error' event, which would end the process.
 */
function sendQuietly(
  to: Worker | NodeJS.Process,
  message: MetricsMessage,
  onError: (err: Error) => void = () => undefined,
): void {
  const open = to === process ? process.connected === true : (to as Worker).isConnected();
  if (!open || !to.send) return onError(new Error('the IPC channel is closed'));
  to.send(message, undefined, {}, (err: Error | null) => err && onError(err));
}

const isMetricsMessage = (m: unknown): m is MetricsMessage =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as MetricsMessage).type === 'string' &&
  (m as MetricsMessage).type.startsWith('ayar:metrics:');

/**
 * The primary's scrape when workers serve HTTP: its own metrics (and the database's gauges, from `db`)
 * added to every worker's. A worker that does not answer within 5 s is left out of that scrape. It also
 * answers a worker's public `/metrics` (`metricsFromPrimary`). `stop()` removes its listener.
 */
export function clusterMetrics(db?: Database): { render: RenderMetrics; stop: () => void } {
  let nextId = 0;
  const waiting = new Map<number, (values: MetricJson[] | null) => void>();
  const render: RenderMetrics = async () => {
    if (db) await refreshDatabaseGauges(db);
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
    const answers = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<MetricJson[] | null>((resolve) => {
            const id = nextId++;
            const timer = setTimeout(() => settle(null), SCRAPE_WAIT_MS);
            const settle = (values: MetricJson[] | null) => {
              clearTimeout(timer);
              waiting.delete(id);
              resolve(values);
            };
            waiting.set(id, settle);
            // A worker that exits meanwhile is left out (the callback takes the error the event would throw).
            worker!.send(
              { type: ASK, id } satisfies MetricsMessage,
              undefined,
              {},
              (err) => err && settle(null),
            );
          }),
      ),
    );
    const own = await metricsRegistry.getMetricsAsJSON();
    const all = [own, ...answers.filter((a): a is MetricJson[] => a !== null)];
    return AggregatorRegistry.aggregate(all).metrics();
  };
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === VALUES) waiting.get(message.id)?.(message.values ?? null);
    if (message.type === RENDER) {
      render().then(
        (text) => sendQuietly(worker, { type: RENDERED, id: message.id, text }),
        (err: unknown) => sendQuietly(worker, { type: RENDERED, id: message.id, error: String(err) }),
      );
    }
  };
  cluster.on('message', onMessage);
  return { render, stop: () => cluster.off('message', onMessage) };
}

/** In a worker: answers the primary's requests for this process's values until the returned function. */
export function answerMetricsRequests(): () => void {
  const onMessage = (message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== ASK) return;
    void metricsRegistry
      .getMetricsAsJSON()
      .then((values) => sendQuietly(process, { type: VALUES, id: message.id, values }));
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

let nextRenderId = 0;

/** In a worker: the whole server's metrics as the primary renders them, for the public `/metrics`. */
export const metricsFromPrimary: RenderMetrics = () =>
  new Promise((resolve, reject) => {
    const id = nextRenderId++;
    const timer = setTimeout(() => done(new Error('the primary did not answer')), SCRAPE_WAIT_MS * 2);
    const onMessage = (message: unknown) => {
      if (!isMetricsMessage(message) || message.type !== RENDERED || message.id !== id) return;
      done(message.error ? new Error(message.error) : null, message.text);
    };
    const done = (err: Error | null, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) reject(err);
      else resolve(text ?? '');
    };
    process.on('message', onMessage);
    sendQuietly(process, { type: RENDER, id }, done);
  });
