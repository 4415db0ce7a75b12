import { CompactSign } from 'jose';
import { canonicalJson, type CanonicalValue } from './canonical.ts';
import type { ResultKey } from './keys.ts';

/** The JWS header's `typ`: what the token is, so it cannot be taken for a session token (RFC 8725 3.11). */
export const RESULT_JWS_TYPE = 'ayar-result+jws';

/**
 * Signs a public result: a compact JWS (RFC 7515) with `alg: EdDSA` and the key's `kid`, whose payload
 * is the result's canonical JSON (ADR 0029).
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
    return new CompactSign(new TextEncoder().encode(canonicalJson(payload)))
      .setProtectedHeader({ alg: 'EdDSA', kid: this.key.kid, typ: RESULT_JWS_TYPE })
      .sign(this.key.privateKey);
  }
}
