import type { Database } from './db/database.ts';
import type { LoginLimiter } from './lib/login-limiter.ts';
import type { TokenSigner } from './plugins/auth.ts';

/** What route modules get from buildApp: shared services, never request state. */
export interface AppDeps {
  db: Database;
  signer: TokenSigner;
  loginLimiter: LoginLimiter;
  /** Where uploaded files are kept (DATA_DIR/files in production, a temporary directory in tests). */
  filesDir: string;
  /** Public result lookups (and their photos) per address per minute; unset: the module's defaults. */
  lookupRateLimit?: number;
}
