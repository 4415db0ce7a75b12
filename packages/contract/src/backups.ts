// Schemas of the «backups» feature (ADR 0021, ADR 0053): the admin's dashboard and backups screen.
import { z } from 'zod';
import { instantSchema } from './common/inputs.ts';

/** The newest off-site copy that reached the bucket (ADR 0053); null when none has yet. */
export const lastOffsiteSchema = z
  .object({
    at: z.string(),
    /** The object's name in the bucket (`backups/ayar-20261123-233000Z.tar.age`). */
    key: z.string(),
    /** Encrypted to the configured age recipients. */
    encrypted: z.boolean(),
  })
  .nullable();

export const backupStatusSchema = z.object({
  /** The newest backup that finished well: when, the file on the server, its size in bytes. */
  lastGood: z.object({ at: z.string(), file: z.string(), bytes: z.number() }).nullable(),
  /** Set when the newest backup that ended failed (or never ended): when, and what went wrong. */
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  /** A backup is being made since this instant. */
  runningSince: z.string().nullable(),
  /** What the server that schedules them does (BACKUP_EVERY `03:00`, `6h`, `off`…); null before it first ran. */
  schedule: z
    .object({ every: z.string(), nextAt: instantSchema.nullable(), keep: z.number(), dir: z.string() })
    .nullable(),
  /** Scheduled backups are on, and the last good one is older than a period and an hour. */
  overdue: z.boolean(),
  /** The last good off-site copy (BACKUP_UPLOAD=s3, ADR 0053). */
  lastOffsite: lastOffsiteSchema,
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const BACKUP_STEPS = ['database', 'files', 'check', 'upload'] as const;
export const OFFSITE_STATES = ['uploading', 'ok', 'failed', 'off'] as const;
export const BACKUP_CHECKSUM_STATES = ['ok', 'missing', 'changed', 'unchecked'] as const;

/** One backup, scheduled or manual, as the backups screen lists it (ADR 0053). */
export const backupRunSchema = z.object({
  id: z.number(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: instantSchema,
  finishedAt: instantSchema.nullable(),
  state: z.enum(['running', 'ok', 'failed']),
  /** The file on the server that made it. */
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  /** How the database part was made; null before it is known (or for runs before this was recorded). */
  method: z.enum(['pg_dump', 'copy']).nullable(),
  /**
   * The SHA-256 recorded when it was made against the file on disk now: `missing` when the file is gone
   * (pruned, moved), `changed` when its bytes differ, `unchecked` when nothing was recorded or it was
   * not checked in this answer.
   */
  checksum: z.enum(BACKUP_CHECKSUM_STATES),
  /** While it runs: the step and how far (`total` null when unknown). */
  progress: z
    .object({ step: z.enum(BACKUP_STEPS), done: z.number(), total: z.number().nullable() })
    .nullable(),
  /** The copy in object storage: `off` when BACKUP_UPLOAD is not s3 (or the backup failed). */
  offsite: z.object({
    state: z.enum(OFFSITE_STATES),
    key: z.string().nullable(),
    at: z.string().nullable(),
    encrypted: z.boolean(),
    error: z.string().nullable(),
  }),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** `GET /Manage/Backups`: the newest runs first (at most 50) and the dashboard's status. */
export const backupsResponseSchema = z.object({
  runs: z.array(backupRunSchema),
  status: backupStatusSchema,
});
export type BackupsResponse = z.infer<typeof backupsResponseSchema>;

/** `POST /Manage/Backups/Start`: the manual run just started (follow it in `GET /Manage/Backups`). */
export const startBackupResponseSchema = z.object({ id: z.number() });
export type StartBackupResponse = z.infer<typeof startBackupResponseSchema>;
