import type { Database } from './db/database.ts';
import type { LoginLimiter } from './lib/login-limiter.ts';
import type { TokenSigner } from './plugins/auth.ts';
import type { ResultSigner } from './modules/signing/signer.ts';

export interface SmsReceiveOptions {
  secret: string;
  dailyLimit: number;
}

/** What route modules get from buildApp: shared services, never request state. */
export interface AppDeps {
  db: Database;
  signer: TokenSigner;
  /** Signs every published result (ADR 0029). */
  resultSigner: ResultSigner;
  loginLimiter: LoginLimiter;
  /** Where uploaded files are kept (DATA_DIR/files in production, a temporary directory in tests). */
  filesDir: string;
  /** Public result lookups (and their photos) per address per minute; unset: the module's defaults. */
  lookupRateLimit?: number;
  /** Lookups by SMS (SMS_RECEIVE_SECRET, SMS_LOOKUP_DAILY_LIMIT); unset: the webhook does not exist. */
  smsReceive?: SmsReceiveOptions;
}
