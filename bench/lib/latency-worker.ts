/**
 * Runs requests from `concurrency` parallel loops for a bounded time and records every latency, so the
 * bench can report any percentile (autocannon's histogram has no p95). Runs in its own thread, off the
 * server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LatencyJob {
  /** One server, or several taken in turn (nodes behind a load balancer). */
  url: string | string[];
  paths: string[];
  headers: Record<string, string>;
  concurrency: number;
  duration: number;
}

export interface LatencyResult {
  count: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

const job = workerData as LatencyJob;
const latencies: number[] = [];
const statusCodes: Record<string, number> = {};
let next = 0;
const started = performance.now();
const until = started + job.duration * 1000;

async function loop(): Promise<void> {
  while (performance.now() < until) {
    const i = next++;
    const path = job.paths[i % job.paths.length]!;
    const url = Array.isArray(job.url) ? job.url[i % job.url.length]! : job.url;
    const t0 = performance.now();
    const res = await fetch(url + path, { headers: job.headers });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    statusCodes[res.status] = (statusCodes[res.status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: job.concurrency }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const result: LatencyResult = {
  count: latencies.length,
  requestsPerSecond: latencies.length / elapsed,
  p50: pct(50),
  p95: pct(95),
  p99: pct(99),
  max: latencies.at(-1) ?? 0,
  non2xx: Object.entries(statusCodes)
    .filter(([c]) => !c.startsWith('2'))
    .reduce((n, [, v]) => n + v, 0),
  statusCodes,
};
parentPort?.postMessage(result);
