import { RESULT_JWS_TYPES } from '@ayar/contract';
import type { ResultItem, SignedResultV1, SignedResultV2 } from '@ayar/contract';
import { JWKS_PATH } from '../lib/resultSignature.ts';
import type { PublicJwk } from '../lib/resultSignature.ts';
import { HttpResponse, handleUrl } from './server.ts';

/**
 * The network's signing, made in the test as the server makes it (ADR 0041): a real Ed25519 key from
 * WebCrypto, a compact JWS over the result's JSON, and the JWK Set served by the fake server.
 */

const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString('base64url');

export interface TestSigner {
  jwk: PublicJwk;
  /** A JWS of `payload`, under the EdDSA header with this key's id and `typ` (payload v2 by default). */
  sign: (payload: unknown, typ?: string) => Promise<string>;
}

export async function testSigner(kid = 'test-key'): Promise<TestSigner> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as PublicJwk;
  const sign = async (payload: unknown, typ: string = RESULT_JWS_TYPES.v2) => {
    const header = { alg: 'EdDSA', kid, typ };
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

/** What the server signs for an item (its `resultPayload`, v2): every field it shows. */
export function payloadOf(item: ResultItem): SignedResultV2 {
  const publishedAt = item.signedAt ?? item.createDate;
  return {
    docNumber: item.docNumber,
    token: item.token,
    lab: item.name,
    labCode: item.rejeCode,
    customerName: item.customerName,
    series: item.series,
    testType: item.title,
    purity: item.status === 'published' ? item.purity : null,
    weight: item.weight,
    sampleWeight: item.sampleWeight,
    readyTime: item.readyTime,
    photos: item.images.map((address) => ({ id: address.split('/').at(-1)!, sha256: 'ab'.repeat(32) })),
    registeredAt: item.createDate,
    publishedAt,
    iat: Math.floor(Date.parse(publishedAt) / 1000),
    version: item.version ?? 1,
    state: item.status === 'withdrawn' ? 'withdrawn' : 'published',
    reason: item.changeReason,
    status: { status_list: { idx: 7, uri: '/status-lists/0' } },
  };
}

/** The item with its JWS, signed over `payloadOf(item)` changed by `over` (a forged or older payload). */
export async function signItem(
  signer: TestSigner,
  item: ResultItem,
  over: Partial<SignedResultV2> = {},
): Promise<ResultItem> {
  return { ...item, jws: await signer.sign({ ...payloadOf(item), ...over }) };
}

/** What a server before ADR 0041 signed for an item (payload v1, ADR 0029). */
export function payloadV1Of(item: ResultItem): SignedResultV1 {
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

/** The item with a v1 JWS (`typ: ayar-result+jws`). */
export async function signItemV1(signer: TestSigner, item: ResultItem): Promise<ResultItem> {
  return { ...item, jws: await signer.sign(payloadV1Of(item), RESULT_JWS_TYPES.v1) };
}

/** Serves the JWK Set at `/.well-known/jwks.json`; returns the calls it answered. */
export function serveKeys(...keys: PublicJwk[]) {
  return handleUrl(JWKS_PATH, () => HttpResponse.json({ keys }));
}
