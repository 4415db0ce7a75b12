/**
 * Runs one autocannon load in its own thread, so the load generator does not share an event loop
 * with the server it measures (the app runs on the main thread of the bench process).
 */
import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  /** Paths with their query strings, used round-robin. */
  paths: string[];
  headers: Record<string, string>;
  /** Request bodies used round-robin (JSON text); none for a GET. */
  bodies: string[];
  connections: number;
  duration: number;
  /** Requests per second in all, paced; unset: as many as the server answers. */
  rate?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * autocannon's own results (one per load thread), with their latency histograms: pooledLatency
   * (lib/lookup-report.ts) adds several runs' into one, for a percentile of all their requests.
   */
  raw: unknown[];
}

const job = workerData as LoadJob;
let next = 0;
const request: autocannon.Request = { method: job.method, path: job.paths[0], headers: job.headers };
if (job.bodies.length > 1 || job.paths.length > 1) {
  request.setupRequest = (req) => {
    const i = next++;
    return {
      ...req,
      path: job.paths[i % job.paths.length]!,
      ...(job.bodies.length ? { body: job.bodies[i % job.bodies.length]! } : {}),
    };
  };
} else if (job.bodies.length) {
  request.body = job.bodies[0]!;
}

const options: autocannon.Options = {
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  timeout: 10,
  requests: [request],
  ...(job.rate ? { overallRate: job.rate } : {}),
};
// Off the main thread autocannon hands back its raw per-thread result; aggregate it as its own manager does.
const raw = await autocannon(options);
const result = autocannon.aggregateResult([raw], options);

const statusCodes: Record<string, number> = {};
for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
const summary: LoadResult = {
  requestsPerSecond: result.requests.total / result.duration,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes,
  raw: [raw],
};
parentPort?.postMessage(summary);
