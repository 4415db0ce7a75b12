import type { Database } from './db/database.ts';
import type { ReadReplica } from './db/read-replica.ts';
import type { LoginLimiter } from './lib/login-limiter.ts';
import type { TokenSigner } from './plugins/auth.ts';
import type { ResultSigner } from './modules/signing/signer.lib.ts';
import type { FileStore } from './modules/files/files.storage.ts';
import type { OfflineTokenKeys } from './modules/offline/public-tokens.lib.ts';
import type { BackupRunner } from './modules/backups/backup-run.service.ts';
import type { ExportOptions } from './modules/exports/exports.service.ts';

export interface SmsReceiveOptions {
  secret: string;
  dailyLimit: number;
}

/** What route modules get from buildApp: shared services, never request state. */
export interface AppDeps {
  db: Database;
  /**
   * The reads that may lag (the public lookup and photos' rows, the public lab list, statistics): the
   * replica while it is healthy (DATABASE_READ_URL), else the primary. `run` falls back per query.
   */
  reads: ReadReplica;
  signer: TokenSigner;
  /** Signs every published result (ADR 0029). */
  resultSigner: ResultSigner;
  /** The keys that bind an offline device's public tokens to it (ADR 0040). */
  offlineTokens: OfflineTokenKeys;
  loginLimiter: LoginLimiter;
  /** Where uploaded files are kept: DATA_DIR/files or a bucket (ADR 0030); tests use a temporary one. */
  files: FileStore;
  /** Public result lookups (and their photos) per address per minute; unset: the module's defaults. */
  lookupRateLimit?: number;
  /** Lookups by SMS (SMS_RECEIVE_SECRET, SMS_LOOKUP_DAILY_LIMIT); unset: the webhook does not exist. */
  smsReceive?: SmsReceiveOptions;
  /** Makes a backup when the admin asks (ADR 0053); unset: «پشتیبان‌گیری اکنون» answers 503. */
  backups?: BackupRunner;
  /** The exports' limits (ADR 0055); unset: the contract's. Tests lower them. */
  exports?: ExportOptions;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS (ADR 0062): webhooks may point at private networks. */
  webhookAllowPrivateTargets?: boolean;
}
