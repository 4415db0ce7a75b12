import type { Database } from '../db/database.ts';
import { otpCodeOf } from './outbox.ts';
import { ProviderError, type ProviderMessage, type SmsProvider } from './providers/types.ts';
import {
  claimDueMessages,
  markFailed,
  markRetry,
  markSent,
  type ClaimedMessage,
} from './worker.repository.ts';

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MessageWorkerOptions {
  db: Database;
  provider: SmsProvider;
  logger: WorkerLogger;
  /** Wait between polls when nothing was due (ms). */
  pollMs?: number;
  /** Messages claimed and sent together in one round. */
  batch?: number;
  /** How long a claim holds a message; longer than any send may take. */
  leaseMs?: number;
  /** After this many attempts a message that still fails is 'failed'. */
  maxAttempts?: number;
}

export interface MessageWorker {
  start(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
  /** One round: claims due messages and sends them; resolves with how many were claimed. */
  runOnce(): Promise<number>;
}

export const WORKER_DEFAULTS = {
  pollMs: 2000,
  batch: 10,
  leaseMs: 2 * 60_000,
  maxAttempts: 8,
} as const;

/** 30 s, 1 min, 2 min, … doubling per attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

const TOO_MANY_ATTEMPTS = 'ارسال پس از چند بار تلاش انجام نشد';

/**
 * The outbox worker (docs/product.md §5.5, ADR 0010). Every SMS or call is a `messages` row first; this sends
 * it. A claim is a lease (see claimDueMessages); before sending a message a second time the provider is asked
 * whether an earlier attempt already went out, so a crash between the provider's acceptance and our
 * «sent» sends nothing twice, and a lost claim is picked up again, so nothing is lost.
 */
/** What delivering a message needs from its worker. */
interface DeliveryContext {
  db: MessageWorkerOptions['db'];
  provider: MessageWorkerOptions['provider'];
  logger: MessageWorkerOptions['logger'];
  maxAttempts: number;
}

async function finish(ctx: DeliveryContext, claim: ClaimedMessage, updated: Promise<boolean>): Promise<void> {
  const { logger } = ctx;
  if (!(await updated)) {
    logger.warn(
      { messageId: claim.id, attempts: claim.attempts },
      'a message claim expired before it was recorded',
    );
  }
}

/** One claimed message to the provider, its outcome recorded (sent, retried later, or failed). */
async function deliver(ctx: DeliveryContext, claim: ClaimedMessage): Promise<void> {
  const { db, provider, logger, maxAttempts } = ctx;
  const message: ProviderMessage = {
    id: claim.id,
    to: claim.toNumber,
    kind: claim.kind,
    text: claim.text,
    otpCode: claim.purpose === 'otp' ? otpCodeOf(claim.text) : null,
  };
  try {
    if (claim.attempts > 1) {
      // An earlier attempt may have reached the provider (a crash, a timeout after acceptance).
      const prior = await provider.findPriorAttempt(message);
      if (prior.state === 'sent') {
        logger.info({ messageId: claim.id }, 'an interrupted message had already been sent');
        return await finish(ctx, claim, markSent(db, claim, provider.name, prior.providerId));
      }
      if (prior.state === 'rejected') {
        return await finish(ctx, claim, markFailed(db, claim, provider.name, prior.error));
      }
    }
    if (claim.attempts > maxAttempts) {
      return await finish(ctx, claim, markFailed(db, claim, provider.name, TOO_MANY_ATTEMPTS));
    }
    const result = await provider.send(message);
    await finish(ctx, claim, markSent(db, claim, provider.name, result.providerId));
  } catch (err) {
    const known = err instanceof ProviderError ? err : null;
    if (!known) logger.error({ err, messageId: claim.id }, 'sending a message failed unexpectedly');
    const error = known ? known.message : 'خطای داخلی هنگام ارسال';
    if (known?.permanent || claim.attempts >= maxAttempts) {
      logger.warn({ messageId: claim.id, attempts: claim.attempts, error }, 'a message failed');
      await finish(ctx, claim, markFailed(db, claim, provider.name, error));
    } else {
      logger.info({ messageId: claim.id, attempts: claim.attempts, error }, 'a message will be retried');
      await finish(ctx, claim, markRetry(db, claim, provider.name, error, retryDelayMs(claim.attempts)));
    }
  }
}

export function createMessageWorker(options: MessageWorkerOptions): MessageWorker {
  const { db, provider, logger } = options;
  const pollMs = options.pollMs ?? WORKER_DEFAULTS.pollMs;
  const batch = options.batch ?? WORKER_DEFAULTS.batch;
  const leaseMs = options.leaseMs ?? WORKER_DEFAULTS.leaseMs;
  const maxAttempts = options.maxAttempts ?? WORKER_DEFAULTS.maxAttempts;

  const ctx: DeliveryContext = { db, provider, logger, maxAttempts };

  async function runOnce(): Promise<number> {
    const claims = await claimDueMessages(db, batch, leaseMs);
    await Promise.all(
      claims.map((claim) =>
        deliver(ctx, claim).catch((err: unknown) => {
          // Recording the outcome failed (the database is away): the lease runs out and it is retried.
          logger.error({ err, messageId: claim.id }, 'recording a message outcome failed');
        }),
      ),
    );
    return claims.length;
  }

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  async function round(): Promise<void> {
    timer = undefined;
    let claimed = 0;
    try {
      claimed = await runOnce();
    } catch (err) {
      logger.error({ err }, 'the message worker could not claim messages');
    }
    if (stopped) return;
    // A full batch suggests more are due: go on at once.
    timer = setTimeout(schedule, claimed >= batch ? 0 : pollMs);
    timer.unref();
  }

  function schedule(): void {
    inFlight = round().finally(() => {
      inFlight = null;
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    runOnce,
  };
}
