/**
 * Checks a result's signature in the browser (issue 17.1, ADR 0029): the compact JWS the lookup
 * returns with each item, against the network's published keys (`/.well-known/jwks.json`), with
 * WebCrypto's Ed25519. Nothing is trusted from the page that shows it: a forged page would need the
 * network's private key to make a signature that passes here.
 */

export interface PublicJwk {
  kty: string;
  kid: string;
  crv?: string;
  x?: string;
  alg?: string;
}

/** What the network signed: the public fields of one version of a result. */
export interface SignedResult {
  docNumber: number;
  lab: string;
  testType: string | null;
  purity: number | null;
  weight: number | null;
  sampleWeight: number | null;
  registeredAt: string;
  publishedAt: string;
  version: number;
  status: 'published' | 'withdrawn' | 'deleted';
  token: string;
}

export type SignatureCheck =
  | { ok: true; result: SignedResult; kid: string }
  | { ok: false; reason: 'malformed' | 'unknown-key' | 'bad-signature' | 'unsupported' };

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const decodeJson = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

export async function verifyResultSignature(
  jws: string,
  keys: readonly PublicJwk[],
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SignatureCheck> {
  const parts = jws.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: string; kid?: string };
  let result: SignedResult;
  try {
    header = decodeJson(headerPart) as typeof header;
    result = decodeJson(payloadPart) as SignedResult;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return { ok: false, reason: 'malformed' };
  const jwk = keys.find((k) => k.kid === header.kid && k.kty === 'OKP' && k.crv === 'Ed25519');
  if (!jwk) return { ok: false, reason: 'unknown-key' };
  let key: CryptoKey;
  try {
    key = await subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch {
    // The key is the network's own, so a refusal here is a browser without Ed25519 (older than
    // 2025's): it cannot check, which says nothing against the result.
    return { ok: false, reason: 'unsupported' };
  }
  try {
    const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
    const valid = await subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(signaturePart), signed);
    return valid ? { ok: true, result, kid: header.kid } : { ok: false, reason: 'bad-signature' };
  } catch {
    return { ok: false, reason: 'bad-signature' };
  }
}

/**
 * Whether a verified result says what the page shows: the number, the token, the purity and the
 * status, and the version when the page names one. Not compared: the weights and type a lab shows
 * (its settings may change after signing), and the lab's name (a lab may be renamed after signing;
 * the page names the signed lab beside the badge instead, so a reader sees who the network vouched for).
 */
export function signedMatchesShown(
  signed: SignedResult,
  shown: {
    docNumber: number;
    token: string;
    purity: number | null;
    status: string;
    version?: number | null;
  },
): boolean {
  return (
    signed.docNumber === shown.docNumber &&
    signed.token === shown.token &&
    signed.purity === shown.purity &&
    signed.status === shown.status &&
    (shown.version === undefined || signed.version === shown.version)
  );
}

/** Where the network publishes its keys: a JWK Set (RFC 7517) at its RFC 8615 place. */
export const JWKS_PATH = '/.well-known/jwks.json';

const isJwk = (key: unknown): key is PublicJwk =>
  typeof key === 'object' &&
  key !== null &&
  typeof (key as PublicJwk).kty === 'string' &&
  typeof (key as PublicJwk).kid === 'string';

/**
 * The network's published keys. A plain fetch, not the API client: the JWK Set is a standard document
 * outside /api/v1.0, with no envelope and nothing to do with a login (no token is sent with it).
 */
export async function fetchResultKeys(signal?: AbortSignal): Promise<PublicJwk[]> {
  const response = await fetch(JWKS_PATH, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${JWKS_PATH}: ${response.status}`);
  const body = (await response.json()) as { keys?: unknown };
  return Array.isArray(body.keys) ? body.keys.filter(isJwk) : [];
}
