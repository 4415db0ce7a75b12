import type { Redis } from 'ioredis';

/**
 * Keeps password guessing slow without handing strangers a lockout (ADR 0023, NIST SP 800-63B-4
 * 5.2.2, OWASP's authentication cheat sheet). Failures are counted twice:
 *
 * - per account and client address: ten in a window refuse that address for that account, the right
 *   password included, until the window ends. An attacker at one address gets ten guesses a window.
 * - per account alone: past a soft ceiling, every further attempt from an address the account has not
 *   signed in from lately waits a delay that doubles with each failure, up to a cap. Many addresses
 *   guessing one account are slowed to a trickle, while the lab's own counter (a trusted address) and
 *   anyone who has not failed before the ceiling sign in as usual.
 *
 * Only failures count, so a lab that signs in all day is never slowed. One process keeps the state in
 * memory; several share it in Redis (docs/product.md §11.3).
 */
export interface LoginLimiter {
  /** Whether this attempt may be checked at all; `retryAfterMs` says when it may, if not. */
  check(account: string, address: string): Promise<LoginVerdict>;
  recordFailure(account: string, address: string): Promise<void>;
  /** The right password: the address's failures are forgotten and the address is trusted. */
  recordSuccess(account: string, address: string): Promise<void>;
}

export type LoginVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export const LOGIN_LIMITS = {
  /** Failures per account and address within `pairWindowMs` before that address is refused. */
  pairMax: 10,
  pairWindowMs: 15 * 60_000,
  /** Failures of one account (any address) within `accountWindowMs` before untrusted attempts wait. */
  accountSoftMax: 20,
  accountWindowMs: 24 * 3600_000,
  /** The first wait past the soft ceiling; it doubles with each further failure up to `maxDelayMs`. */
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  /** How long a successful sign-in keeps an address trusted for that account. */
  trustMs: 30 * 24 * 3600_000,
} as const;

export type LoginLimits = typeof LOGIN_LIMITS;

/** What the stores keep for one (account, address) pair and its account. */
interface AttemptState {
  pairFailures: number;
  /** When the pair's window ends (epoch ms); meaningful only while `pairFailures` > 0. */
  pairResetAt: number;
  accountFailures: number;
  accountLastFailureAt: number;
  trusted: boolean;
}

/** The one rule both stores apply, so memory and Redis cannot drift apart. */
export function decide(state: AttemptState, now: number, limits: LoginLimits = LOGIN_LIMITS): LoginVerdict {
  if (state.pairFailures >= limits.pairMax && state.pairResetAt > now) {
    return { allowed: false, retryAfterMs: state.pairResetAt - now };
  }
  if (state.accountFailures >= limits.accountSoftMax && !state.trusted) {
    const delay = accountDelayMs(state.accountFailures, limits);
    const until = state.accountLastFailureAt + delay;
    if (until > now) return { allowed: false, retryAfterMs: until - now };
  }
  return { allowed: true };
}

/** The wait after the n-th failure of an account: 0 below the soft ceiling, then 1 s, 2 s, 4 s … cap. */
export function accountDelayMs(failures: number, limits: LoginLimits = LOGIN_LIMITS): number {
  if (failures < limits.accountSoftMax) return 0;
  const doublings = Math.min(failures - limits.accountSoftMax, 30);
  return Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** doublings);
}

interface Counter {
  count: number;
  resetAt: number;
  last: number;
}

export class MemoryLoginLimiter implements LoginLimiter {
  private readonly pairs = new Map<string, Counter>();
  private readonly accounts = new Map<string, Counter>();
  private readonly trusted = new Map<string, number>();
  private readonly limits: LoginLimits;
  private readonly now: () => number;

  constructor(options: { limits?: LoginLimits; now?: () => number } = {}) {
    this.limits = options.limits ?? LOGIN_LIMITS;
    this.now = options.now ?? Date.now;
  }

  async check(account: string, address: string): Promise<LoginVerdict> {
    const now = this.now();
    const pair = live(this.pairs.get(pairKey(account, address)), now);
    const acct = live(this.accounts.get(account), now);
    const trustedUntil = this.trusted.get(pairKey(account, address)) ?? 0;
    return decide(
      {
        pairFailures: pair?.count ?? 0,
        pairResetAt: pair?.resetAt ?? 0,
        accountFailures: acct?.count ?? 0,
        accountLastFailureAt: acct?.last ?? 0,
        trusted: trustedUntil > now,
      },
      now,
      this.limits,
    );
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const now = this.now();
    bump(this.pairs, pairKey(account, address), now, this.limits.pairWindowMs);
    bump(this.accounts, account, now, this.limits.accountWindowMs);
    if (this.pairs.size + this.accounts.size > 200_000) this.prune(now);
  }

  async recordSuccess(account: string, address: string): Promise<void> {
    this.pairs.delete(pairKey(account, address));
    this.trusted.set(pairKey(account, address), this.now() + this.limits.trustMs);
    if (this.trusted.size > 200_000) this.prune(this.now());
  }

  private prune(now: number): void {
    for (const map of [this.pairs, this.accounts])
      for (const [key, entry] of map) if (entry.resetAt <= now) map.delete(key);
    for (const [key, until] of this.trusted) if (until <= now) this.trusted.delete(key);
  }
}

const pairKey = (account: string, address: string) => `${account}\u0000${address}`;

function live(entry: Counter | undefined, now: number): Counter | undefined {
  return entry && entry.resetAt > now ? entry : undefined;
}

/** Counts one failure in a fixed window that starts with the first failure. */
function bump(map: Map<string, Counter>, key: string, now: number, windowMs: number): void {
  const entry = live(map.get(key), now);
  if (entry) {
    entry.count += 1;
    entry.last = now;
  } else {
    map.set(key, { count: 1, resetAt: now + windowMs, last: now });
  }
}

/**
 * The same state in Redis, each counter a key that expires with its window. When Redis cannot be
 * reached the limiter lets sign-ins through and reports the error: a Redis outage must not lock every
 * lab out of its counter, and the per-address limit of the login route still stands.
 */
export class RedisLoginLimiter implements LoginLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onError: (err: unknown) => void;
  private readonly limits: LoginLimits;

  constructor(
    redis: Redis,
    prefix: string,
    onError: (err: unknown) => void,
    limits: LoginLimits = LOGIN_LIMITS,
  ) {
    this.redis = redis;
    this.prefix = prefix;
    this.onError = onError;
    this.limits = limits;
  }

  private keys(account: string, address: string) {
    const a = encodeURIComponent(account);
    return {
      pair: `${this.prefix}pair:${a}:${address}`,
      account: `${this.prefix}acct:${a}`,
      last: `${this.prefix}last:${a}`,
      trusted: `${this.prefix}trust:${a}:${address}`,
    };
  }

  async check(account: string, address: string): Promise<LoginVerdict> {
    const k = this.keys(account, address);
    try {
      const replies = await this.redis
        .multi()
        .get(k.pair)
        .pttl(k.pair)
        .get(k.account)
        .get(k.last)
        .exists(k.trusted)
        .exec();
      const [pair, pairTtl, acct, last, trusted] = (replies ?? []).map(([, value]) => value);
      const now = Date.now();
      return decide(
        {
          pairFailures: Number(pair ?? 0),
          pairResetAt: now + Math.max(Number(pairTtl), 0),
          accountFailures: Number(acct ?? 0),
          accountLastFailureAt: Number(last ?? 0),
          trusted: Number(trusted) === 1,
        },
        now,
        this.limits,
      );
    } catch (err) {
      this.onError(err);
      return { allowed: true };
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    try {
      // SET … NX starts a window on the first failure only; INCR then counts within it.
      await this.redis
        .multi()
        .set(k.pair, 0, 'PX', this.limits.pairWindowMs, 'NX')
        .incr(k.pair)
        .set(k.account, 0, 'PX', this.limits.accountWindowMs, 'NX')
        .incr(k.account)
        .set(k.last, Date.now(), 'PX', this.limits.accountWindowMs)
        .exec();
    } catch (err) {
      this.onError(err);
    }
  }

  async recordSuccess(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    try {
      await this.redis.multi().del(k.pair).set(k.trusted, 1, 'PX', this.limits.trustMs).exec();
    } catch (err) {
      this.onError(err);
    }
  }
}
