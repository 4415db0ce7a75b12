import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import type { BackupRun, BackupsResponse } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { ABANDONED_AFTER_MS, listRuns, type RunRow } from './backups.repository.ts';
import { backupStatus } from './backups.service.ts';
import type { BackupRunner } from './backup-run.service.ts';

/** The screen lists this many runs, the newest. */
export const RUNS_LISTED = 50;
/**
 * The newest this many good backups are hashed again when listed; older ones answer from the cache
 * (same path, size and mtime as when last hashed) or `unchecked` (ADR 0053): a listing never reads
 * fifty files of hundreds of megabytes.
 */
export const HASHED_WHEN_LISTED = 3;

const hashes = new Map<string, { size: number; mtimeMs: number; sha256: Promise<string> }>();

function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  return pipeline(createReadStream(file), hash).then(() => hash.digest('hex'));
}

/** The file's SHA-256, hashed once per (size, mtime): the cache is this process's. */
function cachedSha256(file: string, size: number, mtimeMs: number, hashNow: boolean): Promise<string> | null {
  const known = hashes.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.sha256;
  if (!hashNow) return null;
  const sha256 = sha256Of(file);
  hashes.set(file, { size, mtimeMs, sha256 });
  // A failed read is not remembered: the next listing tries again.
  sha256.catch(() => hashes.delete(file));
  return sha256;
}

/** Made on this machine: a file another node made is on that node's disk, not checked from here. */
const madeHere = (host: string) => host === os.hostname() || host.startsWith(`${os.hostname()} `);

async function checksumState(row: RunRow, hashNow: boolean): Promise<BackupRun['checksum']> {
  if (row.ok !== true || !row.file || !row.sha256 || !madeHere(row.host)) return 'unchecked';
  const info = await stat(row.file).catch(() => null);
  if (!info) return 'missing';
  if (row.bytes !== null && info.size !== row.bytes) return 'changed';
  const sha256 = await cachedSha256(row.file, info.size, info.mtimeMs, hashNow)?.catch(() => null);
  if (sha256 === undefined || sha256 === null) return 'unchecked';
  return sha256 === row.sha256 ? 'ok' : 'changed';
}

function runState(row: RunRow, now: Date): BackupRun['state'] {
  if (row.ok === true) return 'ok';
  if (row.ok === false) return 'failed';
  return now.getTime() - row.startedAt.getTime() > ABANDONED_AFTER_MS ? 'failed' : 'running';
}

/** The copy's state; an upload whose process stopped (still `uploading` hours later) failed. */
function offsiteOf(row: RunRow, state: BackupRun['state'], now: Date): BackupRun['offsite'] {
  const since = (row.finishedAt ?? row.startedAt).getTime();
  const stale =
    row.offsiteState === 'uploading' && (state === 'failed' || now.getTime() - since > ABANDONED_AFTER_MS);
  return {
    state: stale ? 'failed' : (row.offsiteState ?? 'off'),
    key: row.offsiteKey,
    at: row.offsiteAt ? row.offsiteAt.toISOString() : null,
    encrypted: row.offsiteEncrypted,
    error: stale ? 'the upload did not finish (its process stopped while it ran)' : row.offsiteError,
  };
}

function toRun(row: RunRow, checksum: BackupRun['checksum'], now: Date): BackupRun {
  const state = runState(row, now);
  const offsite = offsiteOf(row, state, now);
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    state,
    file: row.file,
    bytes: row.bytes,
    method: row.method,
    checksum,
    progress:
      state === 'running' || offsite.state === 'uploading'
        ? ((row.progress as BackupRun['progress']) ?? null)
        : null,
    offsite,
    error:
      state === 'failed'
        ? (row.error ?? 'the backup did not finish (its process stopped while it ran)')
        : null,
  };
}

/** The backups screen: the newest runs with their checksum state, and the dashboard's status. */
export async function listBackups(db: Database, now = new Date()): Promise<BackupsResponse> {
  const [rows, status] = await Promise.all([listRuns(db, RUNS_LISTED), backupStatus(db, now)]);
  let hashed = 0;
  const runs = await Promise.all(
    rows.map((row) => {
      const hashNow = row.ok === true && hashed < HASHED_WHEN_LISTED && (hashed++, true);
      return checksumState(row, hashNow).then((checksum) => toRun(row, checksum, now));
    }),
  );
  return { runs, status };
}

/** «پشتیبان‌گیری اکنون»: starts a manual backup in the background (ADR 0053). */
export async function startBackup(runner: BackupRunner | undefined): Promise<{ id: number }> {
  if (!runner) {
    throw new AppError(503, 'UNAVAILABLE', 'پشتیبان‌گیری دستی روی این سرور در دسترس نیست');
  }
  const started = await runner.start();
  if (!started) throw conflict('یک پشتیبان‌گیری در حال انجام است؛ پس از پایان آن دوباره تلاش کنید');
  return started;
}
