import type { Database } from '../../db/database.ts';
import { signDelivery } from './signature.lib.ts';
import { targetProblem } from './webhook-target.lib.ts';
import * as repo from './webhooks.repository.ts';

// Sends the webhook deliveries (ADR 0062) on the node holding the jobs' lease, as the SMS worker sends
// messages: claims with SKIP LOCKED and a lease, so a node that dies mid-send loses nothing and two
// never send the same delivery at once.

export interface DeliveryLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DeliveryWorkerOptions {
  db: Database;
  logger: DeliveryLogger;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: a closed network's own addresses may be targets. */
  allowPrivateTargets: boolean;
  pollMs?: number;
  /** The wait before attempt n + 1 after n failed; tests make it 0. */
  retryDelayMs?: (attempts: number) => number;
  fetch?: typeof fetch;
}

/** 30 s, 1 min, 2 min, … doubling, at most an hour apart: about 30 attempts in a day. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
const BATCH = 10;

export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { db, logger } = options;
  const send = options.fetch ?? fetch;
  const delay = options.retryDelayMs ?? webhookRetryDelayMs;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<number> = Promise.resolve(0);
  let stopped = true;

  async function attempt(d: repo.ClaimedDelivery): Promise<{ status: number | null; error: string | null }> {
    const problem = await targetProblem(d.url, options.allowPrivateTargets);
    if (problem) return { status: null, error: problem };
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await send(d.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Ayar-Webhooks/1',
          'webhook-id': d.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signDelivery(d.secret, d.id, timestamp, d.body),
        },
        body: d.body,
      });
      await res.body?.cancel().catch(() => undefined);
      return res.status >= 200 && res.status < 300
        ? { status: res.status, error: null }
        : { status: res.status, error: `HTTP ${res.status}` };
    } catch (err) {
      return { status: null, error: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' };
    }
  }

  /** One round: claims the due deliveries and sends each; answers how many were claimed. */
  async function runOnce(): Promise<number> {
    const claimed = await repo.claimDue(db, BATCH, LEASE_MS);
    for (const d of claimed) {
      const outcome = await attempt(d);
      if (outcome.error === null) {
        await repo.markDelivered(db, d.id, outcome.status!);
        continue;
      }
      const retryAt = new Date(Date.now() + delay(d.attempts));
      const giveUp = retryAt > d.giveUpAt;
      await repo.markAttemptFailed(db, d.id, {
        status: outcome.status,
        error: outcome.error,
        retryAt,
        giveUp,
      });
      // The delivery's id and outcome only: never its body, URL query or secret.
      logger.warn(
        { delivery: d.id, attempts: d.attempts, error: outcome.error, giveUp },
        'webhook delivery failed',
      );
    }
    return claimed.length;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runOnce()
        .catch((err: unknown) => {
          logger.warn({ err }, 'webhook round failed');
          return 0;
        })
        .finally(schedule);
    }, options.pollMs ?? 2000);
    timer.unref();
  };

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
