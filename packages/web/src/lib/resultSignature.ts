/**
 * Checks a result's signature in the browser (ADR 0029): the compact JWS the lookup
 * returns with each item, against the network's published keys (`/.well-known/jwks.json`), with
 * WebCrypto's Ed25519. Nothing is trusted from the page that shows it: a forged page would need the
 * network's private key to make a signature that passes here.
 */
import {
  RESULT_JWS_TYPES,
  V1_UNSIGNED_ITEM_FIELDS,
  V2_UNSIGNED_ITEM_FIELDS,
  V3_UNSIGNED_ITEM_FIELDS,
  resultPhotoAddress,
  signedResultV1Schema,
  signedResultV2Schema,
  signedResultV3Schema,
  signedResultV4Schema,
  type ResultItem,
  type SignedResult,
  type SignedResultV2,
} from '@ayar/contract';

export interface PublicJwk {
  kty: string;
  kid: string;
  crv?: string;
  x?: string;
  alg?: string;
  /** When the key was retired (ISO 8601 UTC, ADR 0041): nothing it claims to sign from then holds. */
  retiredAt?: string;
}

export type {
  SignedResult,
  SignedResultV1,
  SignedResultV2,
  SignedResultV3,
  SignedResultV4,
} from '@ayar/contract';

export type SignatureCheck =
  | { ok: true; signed: SignedResult; kid: string }
  | { ok: false; reason: 'malformed' | 'unknown-key' | 'retired-key' | 'bad-signature' | 'unsupported' };

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

/**
 * The payload read by its header's `typ`: v3 (ADR 0050), v2 for versions signed before it, or v1 for
 * versions signed before ADR 0041.
 */
function readPayload(typ: unknown, payload: unknown): SignedResult | null {
  if (typ === RESULT_JWS_TYPES.v4) {
    const parsed = signedResultV4Schema.safeParse(payload);
    return parsed.success ? { typ: RESULT_JWS_TYPES.v4, payload: parsed.data } : null;
  }
  if (typ === RESULT_JWS_TYPES.v3) {
    const parsed = signedResultV3Schema.safeParse(payload);
    return parsed.success ? { typ: RESULT_JWS_TYPES.v3, payload: parsed.data } : null;
  }
  if (typ === RESULT_JWS_TYPES.v2) {
    const parsed = signedResultV2Schema.safeParse(payload);
    return parsed.success ? { typ: RESULT_JWS_TYPES.v2, payload: parsed.data } : null;
  }
  if (typ === RESULT_JWS_TYPES.v1) {
    const parsed = signedResultV1Schema.safeParse(payload);
    return parsed.success ? { typ: RESULT_JWS_TYPES.v1, payload: parsed.data } : null;
  }
  return null;
}

/**
 * A retired key (ADR 0041) vouches only for what it signed before its retirement: a payload that
 * claims a later time was made with a key that may be in someone else's hands.
 */
const retiredFor = (jwk: PublicJwk, publishedAt: string) =>
  jwk.retiredAt !== undefined && !(Date.parse(publishedAt) < Date.parse(jwk.retiredAt));

export async function verifyResultSignature(
  jws: string,
  keys: readonly PublicJwk[],
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SignatureCheck> {
  const parts = jws.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: string; kid?: string; typ?: string };
  let signed: SignedResult | null;
  try {
    header = decodeJson(headerPart) as typeof header;
    signed = readPayload(header.typ, decodeJson(payloadPart));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (header.alg !== 'EdDSA' || typeof header.kid !== 'string' || !signed) {
    return { ok: false, reason: 'malformed' };
  }
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
    const input = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
    const valid = await subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(signaturePart), input);
    if (!valid) return { ok: false, reason: 'bad-signature' };
  } catch {
    return { ok: false, reason: 'bad-signature' };
  }
  if (retiredFor(jwk, signed.payload.publishedAt)) return { ok: false, reason: 'retired-key' };
  return { ok: true, signed, kid: header.kid };
}

/** The public item's fields the page shows, as the check reads them. */
export type ShownResult = Pick<
  ResultItem,
  | 'docNumber'
  | 'token'
  | 'name'
  | 'rejeCode'
  | 'customerName'
  | 'series'
  | 'title'
  | 'purity'
  | 'weight'
  | 'sampleWeight'
  | 'readyTime'
  | 'images'
  | 'createDate'
  | 'status'
  | 'version'
  | 'signedAt'
  | 'changedAt'
  | 'changeReason'
  | 'assayerCode'
  | 'verifierCode'
  | 'method'
  | 'instrument'
>;

/** What the comparison found: whether every covered field agrees, and the shown ones not covered. */
export interface Comparison {
  matches: boolean;
  /**
   * Fields the page shows that this signature does not cover (v1's, ADR 0041; v2's staff codes, ADR
   * 0050): never shown as verified.
   */
  unsigned: (keyof ShownResult)[];
}

const sameTime = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/** The state as the page shows it: `pending` is a published version whose purity was cleared. */
const shownState = (status: ShownResult['status']) => (status === 'withdrawn' ? 'withdrawn' : 'published');

/** The fields v1 and v2 both sign, against what the page shows. */
function commonFieldsMatch(
  p: { docNumber: number; token: string; lab: string; testType: string | null; purity: number | null },
  q: {
    weight: number | null;
    sampleWeight: number | null;
    registeredAt: string;
    publishedAt: string;
    version: number;
  },
  shown: ShownResult,
): boolean {
  return (
    p.docNumber === shown.docNumber &&
    p.token === shown.token &&
    p.lab === shown.name &&
    p.testType === shown.title &&
    p.purity === (shown.status === 'published' ? shown.purity : null) &&
    q.weight === shown.weight &&
    q.sampleWeight === shown.sampleWeight &&
    sameTime(q.registeredAt, shown.createDate) &&
    sameTime(q.publishedAt, shown.signedAt) &&
    q.version === shown.version
  );
}

/** A correction's time is signed as the version's own; a later photo version keeps an unsigned one. */
const changedAtUnsigned = (shown: ShownResult, publishedAt: string) =>
  shown.changedAt !== null && !sameTime(shown.changedAt, publishedAt);

/** The shown ones of `fields` (neither null nor an empty list): those a signature leaves out. */
const shownOf = (fields: readonly (keyof ShownResult)[], shown: ShownResult) =>
  fields.filter((field) => {
    const value = shown[field];
    return value !== null && !(Array.isArray(value) && value.length === 0);
  });

/** The fields v2 and v3 both sign beyond v1's, against what the page shows (ADR 0041). */
function v2FieldsMatch(p: SignedResultV2, shown: ShownResult): boolean {
  const photos = p.photos.map((photo) => resultPhotoAddress(p.token, photo.id));
  return (
    commonFieldsMatch(p, p, shown) &&
    p.state === shownState(shown.status) &&
    p.labCode === shown.rejeCode &&
    p.customerName === shown.customerName &&
    p.series === shown.series &&
    p.readyTime === shown.readyTime &&
    p.reason === shown.changeReason &&
    photos.length === shown.images.length &&
    photos.every((address, i) => address === shown.images[i])
  );
}

/**
 * Whether a verified result says what the page shows: for payload v3 every field the page shows (the
 * number, token, lab and its code, customer, series, type, purity, weights, ready time, photos in
 * order, dates, state, version, reason, and the staff codes of who recorded and who verified the
 * purity, ADR 0050); for v2 all of these but the staff codes; for v1 the fields it signed. What a
 * version does not sign is listed as not covered, so the page shows it outside its verified badge
 * (ADR 0041, ADR 0050).
 */
export function compareShown(signed: SignedResult, shown: ShownResult): Comparison {
  const p = signed.payload;
  let matches: boolean;
  let unsigned: (keyof ShownResult)[];
  if (signed.typ === RESULT_JWS_TYPES.v1) {
    const v1 = signed.payload;
    matches = commonFieldsMatch(v1, v1, shown) && v1.status === shownState(shown.status);
    unsigned = shownOf(V1_UNSIGNED_ITEM_FIELDS, shown);
  } else if (signed.typ === RESULT_JWS_TYPES.v2) {
    matches = v2FieldsMatch(signed.payload, shown);
    unsigned = shownOf(V2_UNSIGNED_ITEM_FIELDS, shown);
  } else {
    const v3 = signed.payload;
    matches =
      v2FieldsMatch(v3, shown) && v3.assayer === shown.assayerCode && v3.verifier === shown.verifierCode;
    if (signed.typ === RESULT_JWS_TYPES.v4) {
      // v4 signs how the purity was measured too (ADR 0059).
      matches =
        matches && signed.payload.method === shown.method && signed.payload.instrument === shown.instrument;
      unsigned = [];
    } else unsigned = shownOf(V3_UNSIGNED_ITEM_FIELDS, shown);
  }
  if (changedAtUnsigned(shown, p.publishedAt)) unsigned.push('changedAt');
  return { matches, unsigned };
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
