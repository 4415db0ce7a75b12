import { EXPORT_MAX_RUNNING, EXPORT_MSG } from '@ayar/contract';
import { rateLimited } from '../../lib/errors.ts';

/**
 * The exports each person has running in this process (ADR 0055): an export holds a database
 * connection for as long as its file streams, so one person may not hold more than
 * EXPORT_MAX_RUNNING of the pool. Counted per process; with several processes (ADR 0018) a person
 * could run that many on each, which the per-address rate limit still bounds.
 */
export class RunningExports {
  private readonly running = new Map<string, number>();
  private readonly max: number;

  constructor(max: number = EXPORT_MAX_RUNNING) {
    this.max = max;
  }

  /** Takes a place for `personId`, or refuses with 429; the returned function gives it back (once). */
  take(personId: string): () => void {
    const now = this.running.get(personId) ?? 0;
    if (now >= this.max) throw rateLimited(EXPORT_MSG.busy);
    this.running.set(personId, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(personId) ?? 1) - 1;
      if (left > 0) this.running.set(personId, left);
      else this.running.delete(personId);
    };
  }
}
