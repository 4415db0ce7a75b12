// The backups' settings (ADR 0021, ADR 0053), spread into config.ts's schema: the schedule, the method,
// and the off-site copy in object storage, encrypted to age public keys.
import { Encrypter } from 'age-encryption';
import { z } from 'zod';
import { BACKUP_EVERY_HINT, parseBackupEvery } from './lib/backup-every.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** True when the library takes it as a recipient (`age1…`, checksum included). */
function isAgeRecipient(value: string): boolean {
  try {
    new Encrypter().addRecipient(value);
    return true;
  } catch {
    return false;
  }
}

const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An S3 bucket's name as S3 allows it: S3_BUCKET's and BACKUP_S3_BUCKET's rule. */
export const bucketName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be a bucket name: 3 to 63 lowercase letters, digits, . or -',
  );

export const backupsConfigShape = {
  /** Scheduled backups (ADR 0021); BACKUP_DIR defaults to DATA_DIR/backups. */
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  BACKUP_EVERY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('03:00')
      .refine((v) => parseBackupEvery(v) !== null, BACKUP_EVERY_HINT)
      .transform((v) => parseBackupEvery(v)!),
  ),
  BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(14)),
  /** `auto`: pg_dump when one of the server's version is on the machine, else COPY per table. */
  BACKUP_METHOD: z.preprocess(emptyToUndefined, z.enum(['auto', 'pg_dump', 'copy']).default('auto')),
  /** A copy of each backup in object storage after it is made and checked (ADR 0053). */
  BACKUP_UPLOAD: z.preprocess(emptyToUndefined, z.enum(['none', 's3']).default('none')),
  /** The bucket of the copies; unset: S3_BUCKET (the S3_* endpoint and keys either way). */
  BACKUP_S3_BUCKET: z.preprocess(emptyToUndefined, bucketName.optional()),
  /** Where under the bucket the copies go; only names this server wrote there are ever removed. */
  BACKUP_S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('backups/')
      .refine(
        (v) => /^[A-Za-z0-9._\-/]{1,200}$/.test(v) && !v.startsWith('/') && !v.split('/').includes('..'),
        'must be a key prefix of letters, digits, . _ - and / (not starting with /, no ..)',
      )
      .transform((v) => (v.endsWith('/') ? v : `${v}/`)),
  ),
  /** Copies kept in the bucket, the newest; older ones are removed after a good upload. */
  BACKUP_UPLOAD_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(30)),
  /** Public keys (`age1…`, comma-separated) the copies are encrypted to; unset: not encrypted. */
  BACKUP_AGE_RECIPIENTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform(splitList)
      .superRefine((list, ctx) => {
        // A public key named in the message helps and reveals nothing; anything else is not repeated
        // (a secret key pasted here by mistake must not reach the logs).
        const bad = list
          .filter((r) => !isAgeRecipient(r))
          .map((r) =>
            /^age1[0-9a-z]+$/.test(r) ? r : 'a value that does not start age1 (never a secret key)',
          );
        if (bad.length > 0) {
          ctx.addIssue({ code: 'custom', message: `not an age public key (age1…): ${bad.join(', ')}` });
        }
      })
      .optional(),
  ),
  /** The identity file (`AGE-SECRET-KEY-1…`) a restore from the bucket decrypts with; not the server's. */
  BACKUP_AGE_IDENTITY: z.preprocess(emptyToUndefined, z.string().optional()),
};

/** What BACKUP_UPLOAD=s3 cannot do without: where the bucket is, the key, and which bucket. */
export function backupsConfigProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.BACKUP_UPLOAD !== 's3') return [];
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !env[name],
  );
  const lines = missing.map(
    (name) => `  - ${name}: is required when BACKUP_UPLOAD=s3 (docs/backups.md "Off-site copies")`,
  );
  if (!env.BACKUP_S3_BUCKET && !env.S3_BUCKET) {
    lines.push(
      '  - BACKUP_S3_BUCKET: is required when BACKUP_UPLOAD=s3 and S3_BUCKET is not set (docs/backups.md "Off-site copies")',
    );
  }
  return lines;
}
