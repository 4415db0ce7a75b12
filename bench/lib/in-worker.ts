import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker.ts';

/**
 * Runs a bench worker (a load generator) in its own thread, so it shares no event loop with a server
 * the bench process itself runs, and resolves with the one message it posts.
 */
export function inWorker<J, R>(file: URL, job: J): Promise<R> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: job });
    let result: R | undefined;
    worker.once('message', (m: R) => (result = m));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${file.pathname} exited with ${code}`)),
    );
  });
}

/** One autocannon load (lib/load-worker.ts) in its own thread. */
export const runLoad = (job: LoadJob) =>
  inWorker<LoadJob, LoadResult>(new URL('./load-worker.ts', import.meta.url), job);
