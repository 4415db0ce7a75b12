import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/database.ts';
import { parsePrivateKey, RESULT_KEY_FILE, resultKeyFrom, type ResultKey } from './keys.lib.ts';
import { StartupError } from '../../startup/errors.ts';
import { findKey, registerKey, retireKey, type KeyRecord } from './signing.repository.ts';

/**
 * A key's life after ADR 0029's first start (ADR 0042): rotation makes a new key and publishes its
 * public half before any server signs with it; retirement marks an old one so nothing is signed with
 * it again, while what it signed before still verifies. `npm run keys:rotate|keys:retire` (keys.cli.ts).
 */

/** A rotation or retirement that must not happen; the CLI prints the message and changes nothing. */
export class KeyLifecycleError extends Error {}

/** Where a server's key comes from, as loadResultKey reads it, without making one when there is none. */
export interface KeySource {
  RESULT_SIGNING_KEY?: string | undefined;
  dataDir: string;
}

/** The key these settings sign with, or null while DATA_DIR has none yet (made on the first start). */
export async function configuredKey(config: KeySource): Promise<ResultKey | null> {
  if (config.RESULT_SIGNING_KEY) {
    return resultKeyFrom(parsePrivateKey(config.RESULT_SIGNING_KEY, 'RESULT_SIGNING_KEY'));
  }
  const file = path.join(config.dataDir, RESULT_KEY_FILE);
  if (!fs.existsSync(file)) return null;
  return resultKeyFrom(parsePrivateKey(fs.readFileSync(file, 'utf8'), file));
}

/** The key's record when it is retired (the server must not start with it), else null. */
export async function retirementOf(db: Database, kid: string): Promise<KeyRecord | null> {
  const record = await findKey(db, kid);
  return record?.retiredAt ? record : null;
}

const newKey = async (): Promise<{ key: ResultKey; pem: string }> => {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    key: await resultKeyFrom(privateKey),
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
};

/**
 * A new key for RESULT_SIGNING_KEY: its public half is registered (in the JWK Set before any server
 * signs with it) and its PEM answered for the operator to set on every server. Nothing is written.
 */
export async function rotateSharedKey(db: Database): Promise<{ kid: string; pem: string }> {
  const { key, pem } = await newKey();
  await registerKey(db, key.kid, key.publicJwk);
  return { kid: key.kid, pem };
}

/**
 * A new key in DATA_DIR/result-signing-key.pem (0600), the old one kept beside it as
 * `result-signing-key.<kid>.pem` (0600) for the record; the new public half is registered first, so a
 * failure leaves the old key in place and in use. A running server keeps signing with the key it
 * loaded until it is restarted.
 */
export async function rotateKeyFile(
  db: Database,
  dataDir: string,
): Promise<{ kid: string; previousKid: string | null; keptAs: string | null }> {
  const file = path.join(dataDir, RESULT_KEY_FILE);
  const previous = await configuredKey({ dataDir });
  const { key, pem } = await newKey();
  await registerKey(db, key.kid, key.publicJwk);
  let keptAs: string | null = null;
  if (previous) {
    keptAs = path.join(dataDir, `result-signing-key.${previous.kid}.pem`);
    const old = fs.readFileSync(file, 'utf8');
    // A rotation that stopped after keeping the old file has kept it already.
    if (!fs.existsSync(keptAs) || fs.readFileSync(keptAs, 'utf8') !== old) {
      fs.writeFileSync(keptAs, old, { mode: 0o600, flag: 'wx' });
    }
  }
  // Written beside and renamed over: a crash leaves the old file or the new one, never half of one.
  const partial = `${file}.${process.pid}.new`;
  fs.writeFileSync(partial, pem, { mode: 0o600, flag: 'wx' });
  fs.renameSync(partial, file);
  return { kid: key.kid, previousKid: previous?.kid ?? null, keptAs };
}

/** The longest reason kept with a retired key (a withdrawal's reason has the same limit). */
export const RETIRE_REASON_MAX = 500;

/**
 * Retires `kid` now with the operator's reason. Refused: a blank reason, a key no server registered,
 * one already retired, and `configuredKid` (the key these settings sign with: rotate first).
 */
export async function retire(
  db: Database,
  input: { kid: string; reason: string | undefined; configuredKid: string | null },
): Promise<{ retiredAt: Date; reason: string }> {
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw new KeyLifecycleError('give the reason: --reason "why this key is retired"');
  if (reason.length > RETIRE_REASON_MAX) {
    throw new KeyLifecycleError(`the reason is ${reason.length} characters; at most ${RETIRE_REASON_MAX}.`);
  }
  if (input.kid === input.configuredKid) {
    throw new KeyLifecycleError(
      `${input.kid} is the key this server is configured to sign with: rotate first (npm run keys:rotate), restart every server, then retire it.`,
    );
  }
  const record = await findKey(db, input.kid);
  if (!record)
    throw new KeyLifecycleError(`no key ${input.kid} ever signed here (see /.well-known/jwks.json).`);
  if (record.retiredAt) {
    throw new KeyLifecycleError(
      `${input.kid} was already retired at ${record.retiredAt.toISOString()} (${record.retireReason ?? ''}).`,
    );
  }
  const retiredAt = await retireKey(db, input.kid, reason);
  // Retired by another run between the read and the update.
  if (!retiredAt) throw new KeyLifecycleError(`${input.kid} was retired meanwhile.`);
  return { retiredAt, reason };
}

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
