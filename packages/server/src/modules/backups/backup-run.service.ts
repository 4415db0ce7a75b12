import os from 'node:os';
import path from 'node:path';
import { readdir, rm, stat } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { BackupProgress } from '../../db/schema.ts';
import type { FileStore } from '../files/files.storage.ts';
import { createBackup, type BackupResult } from './create-backup.service.ts';
import { finishRun, saveOffsite, saveProgress, startManualRunIfIdle } from './backups.repository.ts';
import { offsiteStoreFromConfig, type OffsiteConfig, type OffsiteStore } from './offsite.storage.ts';

/** `ayar-20261124-033000Z.tar` (UTC), `-2` … when two start in the same second. */
const BACKUP_NAME = /^ayar-\d{8}-\d{6}Z(?:-\d+)?\.tar$/;
/** Progress is written at most this often: the screen polls every few seconds. */
const PROGRESS_EVERY_MS = 1_000;

export interface ScheduleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type ProgressFn = (progress: BackupProgress) => void;

/**
 * Keeps the newest `keep` backups in `dir` and removes the older ones, and any `.partial` left by a
 * backup that was killed more than a day ago. Only names this code writes are touched.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const backups = names.filter((n) => BACKUP_NAME.test(n)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  const dayAgo = Date.now() - 86_400_000;
  for (const name of names.filter((n) => /^ayar-.*\.tar\.partial(\.dump|\.list|\.db)?$/.test(n))) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < dayAgo) removed.push(name);
  }
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/** Records a run's progress at most once a second, one write at a time; `stop` waits for the last. */
export function progressRecorder(db: Database, id: number, logger: ScheduleLogger) {
  let latest: BackupProgress | null = null;
  let writing: Promise<void> = Promise.resolve();
  let lastAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    lastAt = Date.now();
    const progress = latest;
    writing = writing
      .then(() => saveProgress(db, id, progress))
      .catch((err: unknown) => logger.warn({ err }, 'recording the backup progress failed'));
  };
  return {
    report(progress: BackupProgress) {
      latest = progress;
      if (timer) return;
      timer = setTimeout(write, Math.max(0, lastAt + PROGRESS_EVERY_MS - Date.now()));
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await writing;
    },
  };
}

export interface RunBackupOptions {
  db: Database;
  dir: string;
  keep: number;
  logger: ScheduleLogger;
  /** Makes one backup into `dir`; `signal` aborts it at shutdown. */
  backUp: (signal: AbortSignal, onProgress: ProgressFn) => Promise<BackupResult>;
  /** The bucket of the off-site copies (BACKUP_UPLOAD=s3); unset: none. */
  offsite?: OffsiteStore | null | undefined;
}

/**
 * The copy of a good backup in the bucket (its state already `uploading`), then the bucket's retention
 * (ADR 0053). A failure is logged and recorded as the copy's own state: the backup itself stays good.
 */
async function copyOffsite(
  options: RunBackupOptions & { offsite: OffsiteStore },
  id: number,
  file: string,
  signal: AbortSignal,
): Promise<void> {
  const { db, logger, offsite } = options;
  const encrypted = offsite.encrypted;
  const progress = progressRecorder(db, id, logger);
  try {
    const uploaded = await offsite.upload(
      file,
      (done, total) => progress.report({ step: 'upload', done, total }),
      signal,
    );
    await progress.stop();
    await saveOffsite(db, id, { state: 'ok', key: uploaded.key, encrypted });
    const removed = await offsite.prune().catch((err: unknown) => {
      logger.warn({ err }, 'removing old copies from the backups bucket failed; the next upload tries again');
      return [];
    });
    logger.info(
      { key: uploaded.key, bytes: uploaded.bytes, encrypted, removed: removed.length },
      'backup copied off-site',
    );
  } catch (err) {
    await progress.stop();
    const message = err instanceof Error ? err.message : String(err);
    logger.error(
      { err, bucket: offsite.description },
      `BACKUP UPLOAD FAILED: the backup is good on this server, but its off-site copy was not made. ${message}`,
    );
    await saveOffsite(db, id, { state: 'failed', encrypted, error: message }).catch((e: unknown) =>
      logger.error({ err: e }, 'recording the failed upload failed'),
    );
  }
}

/**
 * One recorded run (ADR 0021, ADR 0053): the backup with its progress, the run's outcome, the local
 * retention, then the off-site copy. Answers the backup, or null when it failed (logged, recorded).
 */
export async function runBackup(
  options: RunBackupOptions,
  id: number,
  signal: AbortSignal,
): Promise<BackupResult | null> {
  const { db, logger } = options;
  const progress = progressRecorder(db, id, logger);
  let result: BackupResult;
  try {
    result = await options.backUp(signal, progress.report);
    await progress.stop();
    // Before the run ends: the screen never sees a good backup with no copy on its way.
    if (options.offsite)
      await saveOffsite(db, id, { state: 'uploading', encrypted: options.offsite.encrypted });
    await finishRun(db, id, {
      ok: true,
      file: result.file,
      bytes: result.bytes,
      ...(result.manifest.database?.method ? { method: result.manifest.database.method } : {}),
      ...(result.sha256 ? { sha256: result.sha256 } : {}),
    });
  } catch (err) {
    await progress.stop();
    const message = err instanceof Error ? err.message : String(err);
    logger.error(
      { err, dir: options.dir },
      `BACKUP FAILED: no backup was made; the dashboard shows the last good one. ${message}`,
    );
    await finishRun(db, id, { ok: false, error: message }).catch((e: unknown) =>
      logger.error({ err: e }, 'recording the failed backup failed'),
    );
    return null;
  }
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
  if (options.offsite) await copyOffsite({ ...options, offsite: options.offsite }, id, result.file, signal);
  return result;
}

export type BackupsConfig = Pick<Config, 'BACKUP_EVERY' | 'BACKUP_KEEP'> &
  Partial<Pick<Config, 'BACKUP_DIR' | 'BACKUP_METHOD'>> &
  Partial<OffsiteConfig>;

export interface ServerBackupsOptions {
  db: Database;
  databaseUrl: string;
  embedded: boolean;
  dataDir: string;
  config: BackupsConfig;
  appVersion: string;
  logger: ScheduleLogger;
  /** The configured store (ADR 0030); unset: DATA_DIR/files. */
  fileStore?: FileStore;
  /** The bucket of the copies; unset: from the configuration (BACKUP_UPLOAD=s3), null: none. */
  offsite?: OffsiteStore | null;
}

/** What the server's backups run with, from its configuration: the scheduler's and the runner's. */
export function serverRunOptions(options: ServerBackupsOptions): RunBackupOptions {
  const dir = path.resolve(options.config.BACKUP_DIR ?? path.join(options.dataDir, 'backups'));
  const { config } = options;
  const offsite =
    options.offsite !== undefined
      ? options.offsite
      : config.BACKUP_UPLOAD === 's3'
        ? offsiteStoreFromConfig(config as OffsiteConfig)
        : null;
  return {
    db: options.db,
    dir,
    keep: config.BACKUP_KEEP,
    logger: options.logger,
    offsite,
    backUp: (signal, onProgress) =>
      createBackup({
        databaseUrl: options.databaseUrl,
        source: options.embedded ? 'embedded' : 'external',
        method: config.BACKUP_METHOD,
        filesDir: path.join(options.dataDir, 'files'),
        ...(options.fileStore ? { fileStore: options.fileStore } : {}),
        dir,
        appVersion: options.appVersion,
        signal,
        onProgress,
      }),
  };
}

/** «پشتیبان‌گیری اکنون» in the serving process (ADR 0053): `AppDeps.backups`. */
export interface BackupRunner {
  /** Starts a manual backup in the background; null when one is already running (on any node). */
  start(): Promise<{ id: number } | null>;
  /** Aborts a backup in flight (its partial file is removed, the run marked failed) and waits for it. */
  stop(): Promise<void>;
}

/**
 * The runner main.ts gives buildApp: the same backup, retention and off-site copy as the schedule,
 * started by the admin. One at a time across the nodes (the database decides, not this process).
 */
export function createBackupRunner(options: ServerBackupsOptions): BackupRunner {
  const run = serverRunOptions(options);
  // A bucket given by the caller is the caller's to close.
  const ownsOffsite = options.offsite === undefined;
  const host = `${os.hostname()} pid ${process.pid}`;
  const abort = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  return {
    async start() {
      if (abort.signal.aborted) return null;
      const id = await startManualRunIfIdle(options.db, host, new Date());
      if (id === null) return null;
      const job = runBackup(run, id, abort.signal)
        .catch((err: unknown) => options.logger.error({ err }, 'BACKUP FAILED: the manual backup stopped'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      return { id };
    },
    async stop() {
      abort.abort();
      await Promise.all(inFlight);
      if (ownsOffsite) run.offsite?.close();
    },
  };
}
