import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { parsePrivateKey } from '../../lib/ed25519.ts';

// Parsing lives in lib/: config.ts checks RESULT_SIGNING_KEY (ADR 0029) with it, and config.ts is
// below every module.
export { parsePrivateKey, ResultKeyError } from '../../lib/ed25519.ts';

/** The network's result-signing key: the private half signs, the public half is published. */
export interface ResultKey {
  privateKey: KeyObject;
  /** `{ kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }`, as /.well-known/jwks.json lists it. */
  publicJwk: JWK;
  /** The public key's RFC 7638 thumbprint: the same key has the same id on every server. */
  kid: string;
}

export const RESULT_KEY_FILE = 'result-signing-key.pem';

export async function resultKeyFrom(privateKey: KeyObject): Promise<ResultKey> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { privateKey, kid, publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } };
}

/**
 * RESULT_SIGNING_KEY when it is set (several servers share one), else DATA_DIR/result-signing-key.pem,
 * generated on the first start (0600, like the JWT secret).
 */
export async function loadResultKey(config: {
  RESULT_SIGNING_KEY?: string | undefined;
  dataDir: string;
}): Promise<ResultKey> {
  if (config.RESULT_SIGNING_KEY) {
    return resultKeyFrom(parsePrivateKey(config.RESULT_SIGNING_KEY, 'RESULT_SIGNING_KEY'));
  }
  const file = path.join(config.dataDir, RESULT_KEY_FILE);
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process of this server wrote it first: use that one.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return resultKeyFrom(parsePrivateKey(fs.readFileSync(file, 'utf8'), file));
}
