import type { Redis } from 'ioredis';

/**
 * Counts failed sign-ins per account so that guessing one account's password is slow no matter how
 * many addresses the guesses come from. Only failures count, so a lab that signs in all day is never
 * locked out. One process keeps the counts in memory; several processes share them in Redis
 * (DESIGN.md 7), or each would allow its own ten guesses.
 */
export interface LoginLimiter {
  isLocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;

export class MemoryLoginLimiter implements LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(maxFailures = MAX_FAILURES, windowMs = WINDOW_MS, now = Date.now) {
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
    this.now = now;
  }

  async isLocked(key: string): Promise<boolean> {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  async recordFailure(key: string): Promise<void> {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  async reset(key: string): Promise<void> {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}

/**
 * The same counts in Redis, one key per account that expires with its window. When Redis cannot be
 * reached the limiter lets sign-ins through and reports the error: a Redis outage must not lock every
 * lab out of its counter, and the per-address limit of the login route still stands.
 */
export class RedisLoginLimiter implements LoginLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onError: (err: unknown) => void;
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(
    redis: Redis,
    prefix: string,
    onError: (err: unknown) => void,
    maxFailures = MAX_FAILURES,
    windowMs = WINDOW_MS,
  ) {
    this.redis = redis;
    this.prefix = prefix;
    this.onError = onError;
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
  }

  async isLocked(key: string): Promise<boolean> {
    try {
      return Number(await this.redis.get(this.prefix + key)) >= this.maxFailures;
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  async recordFailure(key: string): Promise<void> {
    const k = this.prefix + key;
    try {
      // SET … NX starts the window on the first failure only; INCR then counts within it.
      await this.redis.multi().set(k, 0, 'PX', this.windowMs, 'NX').incr(k).exec();
    } catch (err) {
      this.onError(err);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.onError(err);
    }
  }
}
