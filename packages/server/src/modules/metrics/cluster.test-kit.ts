import cluster from 'node:cluster';
import { observeRequest, setDatabaseUp, signInFailures } from '../../lib/metrics.ts';
import { answerMetricsRequests, clusterMetrics, metricsFromPrimary } from './metrics.service.ts';

// Run as a script by cluster.test.ts (ADR 0052): a primary and two HTTP workers as main.ts would have
// them. Worker n fails n sign-ins and answers one request; the primary prints, as one JSON line, its
// own scrape and the one a worker's public `/metrics` gets through it.

if (cluster.isPrimary) {
  setDatabaseUp(true);
  const metrics = clusterMetrics();
  const workers = [cluster.fork(), cluster.fork()];
  let ready = 0;
  cluster.on('message', (_worker, message: unknown) => {
    if (message === 'ready' && ++ready === workers.length) {
      void metrics.render().then((primary) => {
        workers[0]!.send('public');
        const onAnswer = (_w: unknown, answer: { public?: string }) => {
          if (typeof answer?.public !== 'string') return;
          cluster.off('message', onAnswer);
          process.stdout.write(`${JSON.stringify({ primary, public: answer.public })}\n`);
          metrics.stop();
          for (const w of workers) w.kill();
        };
        cluster.on('message', onAnswer);
      });
    }
  });
} else {
  answerMetricsRequests();
  const id = cluster.worker!.id;
  signInFailures.inc({ method: 'password' }, id);
  observeRequest('GET', '/api/v1.0/Probe', 200, 0.01 * id);
  process.on('message', (message: unknown) => {
    if (message === 'public') void metricsFromPrimary().then((text) => process.send!({ public: text }));
  });
  process.send!('ready');
}
