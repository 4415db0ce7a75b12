// Schemas of the «backups» feature (ADR 0021): what the admin's dashboard shows of the scheduled backups.
import { z } from 'zod';

export const backupStatusSchema = z.object({
  /** The newest backup that finished well: when, the file on the server, its size in bytes. */
  lastGood: z.object({ at: z.string(), file: z.string(), bytes: z.number() }).nullable(),
  /** Set when the newest backup that ended failed (or never ended): when, and what went wrong. */
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  /** A backup is being made since this instant. */
  runningSince: z.string().nullable(),
  /** What the server that schedules them does (BACKUP_EVERY `03:00`, `6h`, `off`…); null before it first ran. */
  schedule: z
    .object({ every: z.string(), nextAt: z.string().nullable(), keep: z.number(), dir: z.string() })
    .nullable(),
  /** Scheduled backups are on, and the last good one is older than a period and an hour. */
  overdue: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
