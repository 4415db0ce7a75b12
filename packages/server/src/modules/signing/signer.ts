import { sign } from 'node:crypto';
import { canonicalJson, type CanonicalValue } from './canonical.ts';
import type { ResultKey } from './keys.ts';

/** The JWS header's `typ`: what the token is, so it cannot be taken for a session token (RFC 8725 3.11). */
export const RESULT_JWS_TYPE = 'ayar-result+jws';

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Signs a public result: a compact JWS (RFC 7515) with `alg: EdDSA` and the key's `kid`, whose payload
 * is the result's canonical JSON (ADR 0029).
 *
 * Made with node:crypto's synchronous Ed25519 rather than jose's `CompactSign`, which signs through
 * WebCrypto and so sends every signature to the thread pool and back: measured in `bench/publish.ts`
 * that cost 0.06–0.11 ms at the median and up to 5 ms at p99 on a loaded machine, against 0.04–0.05 ms
 * and ≤ 0.3 ms here. Ed25519 is deterministic, so the tokens are byte for byte the ones jose made (the
 * tests verify them with jose).
 */
export class ResultSigner {
  readonly key: ResultKey;
  constructor(key: ResultKey) {
    this.key = key;
  }

  get kid(): string {
    return this.key.kid;
  }

  async sign(payload: { [name: string]: CanonicalValue }): Promise<string> {
    const header = base64url(JSON.stringify({ alg: 'EdDSA', kid: this.key.kid, typ: RESULT_JWS_TYPE }));
    const input = `${header}.${base64url(canonicalJson(payload))}`;
    return `${input}.${sign(null, Buffer.from(input), this.key.privateKey).toString('base64url')}`;
  }
}
