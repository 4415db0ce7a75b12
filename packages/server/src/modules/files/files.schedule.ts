import type { Database } from '../../db/database.ts';
import type { FileStore } from './files.storage.ts';
import { removeUnusedFiles, type SweepResult } from './files.service.ts';

export interface CleanupLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FileCleanupOptions {
  db: Database;
  /** The store the rows' files are removed from: the directory or the bucket (ADR 0030). */
  files: FileStore;
  logger: CleanupLogger;
  /** Wait before the first sweep after start (ms). */
  firstDelayMs?: number;
  /** Wait between sweeps (ms). */
  intervalMs?: number;
}

export interface FileCleanup {
  start(): void;
  /** Stops the timer and waits for a sweep in flight, which ends after its current batch. */
  stop(): Promise<void>;
  /** One sweep now; resolves with how many files of each kind were removed. */
  runOnce(): Promise<SweepResult>;
}

export const FILE_CLEANUP_DEFAULTS = {
  firstDelayMs: 60_000,
  intervalMs: 60 * 60_000,
} as const;

/**
 * The unused-file sweep (ADR 17), started by main.ts once the server listens and stopped at shutdown
 * before the database closes. Its timer is unref'd: it never keeps the process alive. Logs counts only.
 */
export function createFileCleanup(options: FileCleanupOptions): FileCleanup {
  const { db, files, logger } = options;
  const firstDelayMs = options.firstDelayMs ?? FILE_CLEANUP_DEFAULTS.firstDelayMs;
  const intervalMs = options.intervalMs ?? FILE_CLEANUP_DEFAULTS.intervalMs;

  let stopped = true;
  /** Set by stop(): a sweep in flight ends after its current batch. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  const runOnce = () => removeUnusedFiles({ db, files }, { shouldStop: () => stopping });

  async function sweep(): Promise<void> {
    timer = undefined;
    try {
      const removed = await runOnce();
      if (removed.photo + removed.audio > 0) logger.info(removed, 'unused files removed');
    } catch (err) {
      logger.error({ err }, 'removing unused files failed');
    }
    if (!stopped) wait(intervalMs);
  }

  function wait(ms: number): void {
    timer = setTimeout(() => {
      inFlight = sweep().finally(() => {
        inFlight = null;
      });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      wait(firstDelayMs);
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    runOnce,
  };
}
