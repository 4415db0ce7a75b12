/**
 * Counts failed sign-ins per account so that guessing one account's password is slow no matter how
 * many addresses the guesses come from. Only failures count, so a lab that signs in all day is never
 * locked out. In-memory per process; a multi-process deployment moves this to Redis (DESIGN.md 7).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(maxFailures = 10, windowMs = 15 * 60_000) {
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
  }

  isLocked(key: string, now = Date.now()): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (entry.resetAt <= now) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
