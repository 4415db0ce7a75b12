import type { BackupStatus } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { lastOffsiteRow, statusRows } from './backups.repository.ts';
import { parseBackupEvery, periodMs } from '../../lib/backup-every.ts';

/** A scheduled backup may take this long after its slot before the last good one counts as overdue. */
const GRACE_MS = 3_600_000;

/** What the admin's dashboard shows: the last good backup, a failure since, the schedule. */
export async function backupStatus(db: Database, now = new Date()): Promise<BackupStatus> {
  const [{ lastGood, lastEnded, running, schedule }, lastOffsite] = await Promise.all([
    statusRows(db, now),
    lastOffsiteCopy(db),
  ]);
  const failed = lastEnded && lastEnded.ok !== true ? lastEnded : null;
  const every = schedule ? parseBackupEvery(schedule.every) : null;
  const period = every ? periodMs(every) : null;
  const lastGoodAt = lastGood?.finishedAt ?? null;
  return {
    lastGood:
      lastGood && lastGoodAt
        ? { at: lastGoodAt.toISOString(), file: lastGood.file ?? '', bytes: lastGood.bytes ?? 0 }
        : null,
    lastFailure: failed
      ? {
          at: (failed.finishedAt ?? failed.startedAt).toISOString(),
          // A run that never ended: its process stopped (killed, the machine went down) during it.
          error: failed.error ?? 'the backup did not finish (its process stopped while it ran)',
        }
      : null,
    runningSince: running ? running.startedAt.toISOString() : null,
    schedule: schedule
      ? {
          every: schedule.every,
          nextAt: schedule.nextAt ? schedule.nextAt.toISOString() : null,
          keep: schedule.keep,
          dir: schedule.dir,
        }
      : null,
    overdue:
      period !== null && lastGoodAt !== null && now.getTime() - lastGoodAt.getTime() > period + GRACE_MS,
    lastOffsite,
  };
}

/**
 * The newest off-site copy that reached the bucket (ADR 0053), or null: the dashboard, and the
 * metric `ayar_backup_offsite_last_success_timestamp_seconds` (`at` in seconds).
 */
export async function lastOffsiteCopy(db: Database): Promise<BackupStatus['lastOffsite']> {
  const row = await lastOffsiteRow(db);
  if (!row?.offsiteAt || !row.offsiteKey) return null;
  return { at: row.offsiteAt.toISOString(), key: row.offsiteKey, encrypted: row.offsiteEncrypted };
}
