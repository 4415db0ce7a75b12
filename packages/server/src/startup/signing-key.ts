import type { Database } from '../db/database.ts';
import type { ResultKey } from '../modules/signing/keys.ts';
import { retirementOf } from '../modules/signing/key-lifecycle.ts';
import { StartupError } from './errors.ts';

/**
 * A server whose result-signing key is retired does not start (ADR 0042): everything it signed would
 * be refused by every verifier. The primary checks before any HTTP process is started.
 */
export async function refuseRetiredKey(
  db: Database,
  key: ResultKey,
  config: { RESULT_SIGNING_KEY?: string | undefined },
): Promise<void> {
  const retired = await retirementOf(db, key.kid);
  if (!retired) return;
  const where = config.RESULT_SIGNING_KEY ? 'RESULT_SIGNING_KEY' : 'the key in DATA_DIR';
  throw new StartupError(
    `the result-signing key ${key.kid} (${where}) was retired at ${retired.retiredAt!.toISOString()} (${retired.retireReason ?? ''}); results signed with it now would not verify.`,
    config.RESULT_SIGNING_KEY
      ? 'make a new key with npm run keys:rotate, set RESULT_SIGNING_KEY to it on every server, and start again.'
      : 'make a new key with npm run keys:rotate (with the same DATA_DIR) and start again.',
  );
}
