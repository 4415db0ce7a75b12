/**
 * Runs requests from `concurrency` parallel loops for a bounded time and records every latency, so the
 * bench can report any percentile (autocannon's histogram has no p95). Runs in its own thread, off the
 * server's event loop.
 *
 * node:http with kept-alive connections, not fetch: on the same two cores as the server, fetch (undici's
 * WHATWG streams) took 1.6–1.8 ms of CPU a 100-row page, against the server's 2.3, and the list's p95
 * measured that as much as the server. This client asks for and unpacks gzip as fetch did (so the
 * server compresses alike) at 0.7–0.8 ms a page (bench/README.md, session 12).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

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

const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const headers = { 'accept-encoding': 'gzip, deflate', ...job.headers };

/** One GET, its body read to the end (unpacked as a browser would); answers its status. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const encoding = res.headers['content-encoding'];
      const body =
        encoding === 'gzip'
          ? res.pipe(zlib.createGunzip())
          : encoding === 'deflate'
            ? res.pipe(zlib.createInflate())
            : res;
      body.on('data', () => undefined);
      body.once('end', () => resolve(res.statusCode ?? 0));
      body.once('error', reject);
    });
    req.once('error', reject);
  });
}

async function loop(): Promise<void> {
  while (performance.now() < until) {
    const i = next++;
    const path = job.paths[i % job.paths.length]!;
    const url = Array.isArray(job.url) ? job.url[i % job.url.length]! : job.url;
    const t0 = performance.now();
    const status = await get(url + path);
    latencies.push(performance.now() - t0);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: job.concurrency }, loop));
agent.destroy();
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
