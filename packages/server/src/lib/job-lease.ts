import pg from 'pg';

/**
 * Which node runs the background jobs (the message sender, the unused-file sweep, the scheduled
 * backups) when several nodes share one PostgreSQL (ADR 0031): the holder of a
 * session-level advisory lock on a connection of its own.
 *
 * Why an advisory lock rather than a lease row with an expiry: the lock belongs to the connection, so
 * a node that is killed or cut off loses it the moment PostgreSQL sees the connection close (at once
 * for a killed process; within the TCP keepalive for a vanished machine) — no clock, no renewal, no
 * expiry to tune. The other nodes try again every `retryMs`, so one takes over within that time.
 * The jobs themselves stay safe to overlap for a moment (messages are claimed with SKIP LOCKED, the
 * sweep deletes only unreferenced rows), since a holder learns it lost its connection only at its
 * next heartbeat.
 */

export interface LeaseLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobLeaseOptions {
  connectionString: string;
  /** The advisory lock's key: one per job group. */
  key: number;
  /** How often a node without the lease tries again, and how often the holder checks its connection. */
  retryMs?: number;
  logger: LeaseLogger;
  /** Shown in pg_stat_activity (application_name), so an operator can see which node holds it. */
  name?: string;
  /** Called when this node takes the lease: start the jobs. */
  onAcquire: () => void | Promise<void>;
  /** Called when this node loses it (its connection broke) or gives it up: stop the jobs. */
  onRelease: () => void | Promise<void>;
}

/** The lock key of the background jobs' lease ('ayar-jobs' as a 32-bit number). */
export const JOBS_LEASE_KEY = 0x61796a62;

export class JobLease {
  private readonly options: Required<JobLeaseOptions>;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private holding = false;
  private stopped = false;
  private busy: Promise<void> = Promise.resolve();

  constructor(options: JobLeaseOptions) {
    this.options = { retryMs: 5_000, name: 'ayar-job-lease', ...options };
  }

  /** Whether this node holds the lease now. */
  get held(): boolean {
    return this.holding;
  }

  /** Starts trying; resolves after the first attempt (held or not). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
  }

  /** Gives the lease up (jobs stopped first) and stops trying. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.busy;
    await this.release('stopping');
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.retryMs);
    this.timer.unref();
  }

  /** One attempt (or, for the holder, one heartbeat); never two at once. */
  private tick(): Promise<void> {
    this.busy = this.busy.then(() => this.attempt()).finally(() => this.schedule());
    return this.busy;
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.connection();
      if (this.holding) {
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        this.options.key,
      ]);
      if (!rows[0]?.locked) return;
      this.holding = true;
      this.options.logger.info({ key: this.options.key }, 'this node runs the background jobs');
      await this.options.onAcquire();
    } catch (err) {
      await this.release('the lease connection failed', err);
    }
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      application_name: this.options.name,
    });
    // A broken connection surfaces here between queries. The client is kept: the holder's next
    // heartbeat fails on it and releases; replacing it quietly would let a node that lost the lock
    // go on believing it holds it.
    client.on('error', () => undefined);
    await client.connect();
    this.client = client;
    return client;
  }

  private async release(why: string, err?: unknown): Promise<void> {
    const wasHolding = this.holding;
    this.holding = false;
    const client = this.client;
    this.client = null;
    // The jobs stop before the lock is freed, so a node giving the lease up never overlaps the next.
    if (wasHolding) {
      this.options.logger.warn(
        { key: this.options.key, err },
        `background jobs stopped on this node: ${why}`,
      );
      await Promise.resolve(this.options.onRelease()).catch(() => undefined);
    }
    // Closing the connection is what frees the lock for the other nodes.
    await client?.end().catch(() => undefined);
  }
}
