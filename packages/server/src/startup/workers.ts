import cluster, { type Worker } from 'node:cluster';
import type pino from 'pino';

type Logger = pino.Logger;

/**
 * Forks the HTTP workers and replaces one that dies once all have listened. A worker that dies before
 * that could not start (the port is taken, say): forking it again would only fail again, so
 * `onStartFailed` stops the server instead.
 */
export function forkWorkers(
  count: number,
  env: Record<string, string>,
  logger: Logger,
  /** How long a worker drains before it closes (DRAIN_SECONDS): it is not killed meanwhile. */
  drainMs: number,
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
              const force = setTimeout(() => w.process.kill('SIGKILL'), drainMs + 10_000);
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
