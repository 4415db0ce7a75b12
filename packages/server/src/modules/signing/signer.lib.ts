import { sign } from 'node:crypto';
import { canonicalJson, type CanonicalValue } from './canonical.lib.ts';
import type { FileStore } from '../files/files.storage.ts';
import type { ResultKey } from './keys.lib.ts';

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

  /**
   * Throws when the key may no longer sign (retired, ADR 0042); the app sets it from the key's state in
   * the database. Every signature goes through signToken, which asks it first.
   */
  assertUsable: () => void = () => {};

  /**
   * The server's PUBLIC_URL: a v2 result names its status list under it (ADR 0041); unset, the list's
   * address is path-absolute. The app sets it from the configuration.
   */
  publicUrl: string | undefined = undefined;

  /**
   * Where photos are kept, so a photo stored before its hash was recorded can be hashed when a result
   * that shows it is signed (ADR 0041). The app sets it; unset, such a photo cannot be signed.
   */
  files: FileStore | undefined = undefined;

  async sign(payload: { [name: string]: CanonicalValue }): Promise<string> {
    return this.signToken(RESULT_JWS_TYPE, payload);
  }

  /**
   * A compact JWS of `typ` over the canonical JSON of `payload` with this key: a result, or a status
   * list token (`statuslist+jwt`, ADR 0042). Never with a retired key.
   */
  async signToken(typ: string, payload: { [name: string]: CanonicalValue }): Promise<string> {
    this.assertUsable();
    const header = base64url(JSON.stringify({ alg: 'EdDSA', kid: this.key.kid, typ }));
    const input = `${header}.${base64url(canonicalJson(payload))}`;
    return `${input}.${sign(null, Buffer.from(input), this.key.privateKey).toString('base64url')}`;
  }
}
