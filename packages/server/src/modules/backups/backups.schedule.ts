import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../files/files.storage.ts';
import { createBackup, pruneBackups, type BackupMethod, type BackupResult } from './create-backup.service.ts';
import { claimSlot, finishRun, saveSchedule } from './backups.repository.ts';
import { formatBackupEvery, nextSlot, type BackupEvery } from '../../lib/backup-every.ts';

export interface ScheduleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  db: Database;
  every: BackupEvery;
  keep: number;
  dir: string;
  logger: ScheduleLogger;
  /** Makes one backup into `dir`; `signal` aborts it at shutdown. */
  backUp: (signal: AbortSignal) => Promise<BackupResult>;
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
  const { db, logger } = options;
  const id = await claimSlot(db, slot, host);
  if (id === null) {
    logger.info({ slot }, 'the backup of this slot is made by another node');
    return false;
  }
  try {
    const result = await options.backUp(signal);
    await finishRun(db, id, { ok: true, file: result.file, bytes: result.bytes });
    const removed = await pruneBackups(options.dir, options.keep);
    logger.info(
      {
        file: result.file,
        bytes: result.bytes,
        seconds: Number(result.seconds.toFixed(1)),
        files: result.manifest.files.count,
        missingFiles: result.manifest.files.missing.length,
        removed: removed.length,
      },
      'backup made',
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    logger.error(
      { err, dir: options.dir },
      `BACKUP FAILED: no backup was made for this slot; the dashboard shows the last good one. ${message}`,
    );
    await finishRun(db, id, { ok: false, error: message }).catch((e: unknown) =>
      logger.error({ err: e }, 'recording the failed backup failed'),
    );
  }
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

export interface ServerBackupsOptions {
  db: Database;
  databaseUrl: string;
  embedded: boolean;
  dataDir: string;
  config: {
    BACKUP_DIR?: string | undefined;
    BACKUP_EVERY: BackupEvery;
    BACKUP_KEEP: number;
    BACKUP_METHOD?: BackupMethod;
  };
  appVersion: string;
  logger: ScheduleLogger;
  /** The configured store (ADR 0030); unset: DATA_DIR/files. */
  fileStore?: FileStore;
}

/** The server's scheduler, from its configuration (main.ts starts it in the primary process). */
export function createServerBackups(options: ServerBackupsOptions): BackupScheduler {
  const dir = path.resolve(options.config.BACKUP_DIR ?? path.join(options.dataDir, 'backups'));
  return createBackupScheduler({
    db: options.db,
    every: options.config.BACKUP_EVERY,
    keep: options.config.BACKUP_KEEP,
    dir,
    logger: options.logger,
    backUp: (signal) =>
      createBackup({
        databaseUrl: options.databaseUrl,
        source: options.embedded ? 'embedded' : 'external',
        method: options.config.BACKUP_METHOD,
        filesDir: path.join(options.dataDir, 'files'),
        ...(options.fileStore ? { fileStore: options.fileStore } : {}),
        dir,
        appVersion: options.appVersion,
        signal,
      }),
  });
}
