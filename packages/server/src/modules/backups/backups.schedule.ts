import os from 'node:os';
import path from 'node:path';
import { claimSlot, saveSchedule } from './backups.repository.ts';
import { formatBackupEvery, nextSlot, type BackupEvery } from '../../lib/backup-every.ts';
import {
  runBackup,
  serverRunOptions,
  type RunBackupOptions,
  type ServerBackupsOptions,
} from './backup-run.service.ts';

export type { ScheduleLogger, ServerBackupsOptions } from './backup-run.service.ts';

export interface SchedulerOptions extends RunBackupOptions {
  every: BackupEvery;
  host?: string;
  now?: () => Date;
}

export interface BackupScheduler {
  start(): void;
  /** Stops the timer and aborts a backup in flight (its partial file is removed, the run marked failed). */
  stop(): Promise<void>;
  /** The backup of one slot, if no node has claimed it yet; true when this node made it. */
  runSlot(slot: Date): Promise<boolean>;
}

/** One slot's backup, made here unless another node claimed the slot first; true when made here. */
async function makeSlotBackup(
  options: SchedulerOptions,
  host: string,
  slot: Date,
  signal: AbortSignal,
): Promise<boolean> {
  const id = await claimSlot(options.db, slot, host);
  if (id === null) {
    options.logger.info({ slot }, 'the backup of this slot is made by another node');
    return false;
  }
  await runBackup(options, id, signal);
  return true;
}

/**
 * Scheduled backups (ADR 0021), run by the primary process of every node: each node times the same
 * slots, and the database lets one of them claim each slot. A failure is logged at error level and
 * recorded for the admin's dashboard; the next slot tries again.
 */
export function createBackupScheduler(options: SchedulerOptions): BackupScheduler {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const host = options.host ?? `${os.hostname()} pid ${process.pid}`;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | null = null;
  const abort = new AbortController();

  const runSlot = (slot: Date) => makeSlotBackup(options, host, slot, abort.signal);

  async function plan(): Promise<void> {
    const next = nextSlot(options.every, now());
    await saveSchedule(db, {
      every: formatBackupEvery(options.every),
      keep: options.keep,
      dir: path.resolve(options.dir),
      nextAt: next,
    }).catch((err: unknown) => logger.warn({ err }, 'recording the backup schedule failed'));
    if (!next || stopped) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        inFlight = runSlot(next).catch((err: unknown) => {
          logger.error({ err }, 'BACKUP FAILED: the scheduled backup could not be started');
          return false;
        });
        void inFlight.finally(() => {
          inFlight = null;
          if (!stopped) void plan();
        });
      },
      Math.max(0, next.getTime() - now().getTime()),
    );
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void plan();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      abort.abort();
      await inFlight;
    },
    runSlot,
  };
}

/** The server's scheduler, from its configuration (main.ts starts it in the primary process). */
export function createServerBackups(options: ServerBackupsOptions): BackupScheduler {
  const run = serverRunOptions(options);
  const scheduler = createBackupScheduler({ ...run, every: options.config.BACKUP_EVERY });
  return {
    ...scheduler,
    async stop() {
      await scheduler.stop();
      if (options.offsite === undefined) run.offsite?.close();
    },
  };
}
