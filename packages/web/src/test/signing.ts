import type { ResultItem } from '@ayar/contract';
import { JWKS_PATH } from '../lib/resultSignature.ts';
import type { PublicJwk, SignedResult } from '../lib/resultSignature.ts';
import { HttpResponse, handleUrl } from './server.ts';

/**
 * The network's signing, made in the test as the server makes it (ADR 0029): a real Ed25519 key from
 * WebCrypto, a compact JWS over the result's JSON, and the JWK Set served by the fake server.
 */

const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString('base64url');

export interface TestSigner {
  jwk: PublicJwk;
  /** A JWS of `payload`, under the EdDSA header with this key's id. */
  sign: (payload: unknown) => Promise<string>;
}

export async function testSigner(kid = 'test-key'): Promise<TestSigner> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as PublicJwk;
  const sign = async (payload: unknown) => {
    const header = { alg: 'EdDSA', kid, typ: 'ayar-result+jws' };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    const signature = await crypto.subtle.sign(
      { name: 'Ed25519' },
      pair.privateKey,
      new TextEncoder().encode(input),
    );
    return `${input}.${b64url(new Uint8Array(signature))}`;
  };
  return { jwk: { ...jwk, kid, alg: 'EdDSA' }, sign };
}

/** What the server signs for an item (its `resultPayload`): the public fields and the version. */
export function payloadOf(item: ResultItem): SignedResult {
  return {
    docNumber: item.docNumber,
    lab: item.name,
    testType: item.title,
    purity: item.status === 'published' ? item.purity : null,
    weight: item.weight,
    sampleWeight: item.sampleWeight,
    registeredAt: item.createDate,
    publishedAt: item.signedAt ?? item.createDate,
    version: item.version ?? 1,
    status: item.status === 'withdrawn' ? 'withdrawn' : 'published',
    token: item.token,
  };
}

/** The item with its JWS, signed over `payloadOf(item)` changed by `over` (a forged or older payload). */
export async function signItem(
  signer: TestSigner,
  item: ResultItem,
  over: Partial<SignedResult> = {},
): Promise<ResultItem> {
  return { ...item, jws: await signer.sign({ ...payloadOf(item), ...over }) };
}

/** Serves the JWK Set at `/.well-known/jwks.json`; returns the calls it answered. */
export function serveKeys(...keys: PublicJwk[]) {
  return handleUrl(JWKS_PATH, () => HttpResponse.json({ keys }));
}
