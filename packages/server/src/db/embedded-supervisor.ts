import type { ChildProcess } from 'node:child_process';

/**
 * What the server does when its embedded PostgreSQL stops under it (ADR 0051): it starts it again, with
 * growing pauses, and gives up only after `RESTART_DELAYS_MS` have all failed, so the service manager
 * restarts the whole server instead of it answering 503 for ever. Meanwhile requests get 503 (the error
 * handler knows a lost database) and readiness says the database is not there.
 */

export type EmbeddedState = 'up' | 'restarting' | 'stopped';

/** The pauses before each restart: about 15 s in all before the server gives up. */
export const RESTART_DELAYS_MS: readonly number[] = [250, 750, 1500, 3000, 4500, 5000];

export interface SuperviseOptions {
  /** PostgreSQL stopped without being asked to; `why` is its exit code or signal and its last words. */
  onDown?(why: string): void;
  /** It runs again after `onDown`. */
  onUp?(restarts: number): void;
  /** Every restart failed: the caller stops the server with this error (non-zero exit). */
  onGiveUp(err: Error): void;
  /** Tests shorten the pauses. */
  delaysMs?: readonly number[];
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface SupervisorParts {
  log: Logger;
  /** Runs a postmaster until it is ready; its `onExit` is called if it stops while not being stopped. */
  run(onExit: (why: string) => void): Promise<ChildProcess>;
  /** Before a restart: waits for the old backends and clears the locks they left. */
  prepare(): Promise<void>;
  /** Hooks that stop this child with the process; answers their removal. */
  hook(child: ChildProcess): () => void;
  supervise?: SuperviseOptions | undefined;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export class PostgresSupervisor {
  #state: EmbeddedState = 'up';
  #restarts = 0;
  #child: ChildProcess | null = null;
  #unhook: () => void = () => undefined;
  #stopping = false;
  /** A restart in progress; `stop` waits for it so no postmaster outlives the server. */
  #restarting: Promise<void> | null = null;

  private readonly parts: SupervisorParts;

  constructor(parts: SupervisorParts) {
    this.parts = parts;
  }

  get state(): EmbeddedState {
    return this.#state;
  }

  get restarts(): number {
    return this.#restarts;
  }

  /** The first start; a failure here is the caller's to report. */
  async start(): Promise<void> {
    this.#adopt(await this.parts.run((why) => this.#down(why)));
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#restarting;
    const child = this.#child;
    if (child && running(child)) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown: open sessions are ended, nothing is lost
      const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(force);
    }
    this.#unhook();
    this.#state = 'stopped';
  }

  #adopt(child: ChildProcess): void {
    this.#unhook();
    this.#child = child;
    this.#unhook = this.parts.hook(child);
    this.#state = 'up';
  }

  #down(why: string): void {
    if (this.#stopping) return;
    const { log, supervise } = this.parts;
    if (!supervise) {
      log.error(`the embedded PostgreSQL stopped: ${why}`);
      this.#state = 'stopped';
      return;
    }
    log.error(`the embedded PostgreSQL stopped; starting it again: ${why}`);
    this.#state = 'restarting';
    supervise.onDown?.(why);
    this.#restarting = this.#restart(supervise).finally(() => (this.#restarting = null));
  }

  async #restart(supervise: SuperviseOptions): Promise<void> {
    const delays = supervise.delaysMs ?? RESTART_DELAYS_MS;
    let last: unknown = null;
    for (const [attempt, delay] of delays.entries()) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.#stopping) return;
      try {
        await this.parts.prepare();
        // Adopted even when a stop came meanwhile: `stop` waits for this and then stops it.
        this.#adopt(await this.parts.run((why) => this.#down(why)));
        if (this.#stopping) return;
        this.#restarts++;
        this.parts.log.info(`the embedded PostgreSQL runs again (attempt ${attempt + 1})`);
        supervise.onUp?.(this.#restarts);
        return;
      } catch (err) {
        last = err;
        this.parts.log.warn(
          `starting the embedded PostgreSQL again failed (attempt ${attempt + 1}): ${String(err)}`,
        );
      }
    }
    this.#state = 'stopped';
    const reason = last instanceof Error ? last.message : String(last);
    supervise.onGiveUp(
      new Error(
        `the embedded PostgreSQL stopped and could not be started again after ${delays.length} attempts: ${reason}`,
        { cause: last },
      ),
    );
  }
}
