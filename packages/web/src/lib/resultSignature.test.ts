import { describe, expect, it } from 'vitest';
import {
  RESULT_JWS_TYPES,
  type SignedResultV1,
  type SignedResultV2,
  type SignedResultV3,
} from '@ayar/contract';
import { resultItem } from '../test/fixtures.ts';
import { payloadOf } from '../test/signing.ts';
import { compareShown, verifyResultSignature, type PublicJwk, type ShownResult } from './resultSignature';

const TOKEN = 'a'.repeat(22);
const PHOTO = '11111111-2222-4333-8444-555555555555';
/** Every field shown, none hidden: the comparison has something to compare in each. */
const SHOWN: ShownResult = resultItem({
  token: TOKEN,
  docNumber: 100234,
  name: 'آزمایشگاه نمونه',
  rejeCode: 'R-77',
  customerName: 'علی رضایی',
  series: 4,
  title: 'ری',
  purity: 750,
  weight: 12.5,
  sampleWeight: 0.25,
  readyTime: 30,
  images: [`/api/v1.0/Results/Photo/${TOKEN}/${PHOTO}`],
  createDate: '2026-11-24T08:00:00.000Z',
  signedAt: '2026-11-24T08:20:00.000Z',
});
const RESULT: SignedResultV2 = payloadOf(resultItem(SHOWN));

const RESULT_V1: SignedResultV1 = {
  docNumber: 100234,
  lab: 'آزمایشگاه نمونه',
  testType: 'ری',
  purity: 750,
  weight: 12.5,
  sampleWeight: 0.25,
  registeredAt: '2026-11-24T08:00:00.000Z',
  publishedAt: '2026-11-24T08:20:00.000Z',
  version: 1,
  status: 'published',
  token: TOKEN,
};

/** Payload v3 (ADR 0050): v2 and the staff codes of who recorded the purity and who verified it. */
const RESULT_V3: SignedResultV3 = { ...RESULT, assayer: 3, verifier: 5 };
const SHOWN_V3: ShownResult = { ...SHOWN, assayerCode: 3, verifierCode: 5 };

const v3 = (payload: SignedResultV3) => ({ typ: RESULT_JWS_TYPES.v3, payload });
const v2 = (payload: SignedResultV2) => ({ typ: RESULT_JWS_TYPES.v2, payload });
const v1 = (payload: SignedResultV1) => ({ typ: RESULT_JWS_TYPES.v1, payload });

const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString('base64url');

/** A key pair and a JWS made the way the server makes them (EdDSA over the payload's JSON). */
async function signer(kid: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as PublicJwk;
  const sign = async (payload: unknown, header: object = { alg: 'EdDSA', kid, typ: RESULT_JWS_TYPES.v2 }) => {
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

describe('verifying a result signature in the browser', () => {
  it('accepts a JWS signed by a published key and gives back what was signed', async () => {
    const network = await signer('k1');
    const check = await verifyResultSignature(await network.sign(RESULT), [network.jwk]);
    expect(check).toEqual({ ok: true, signed: v2(RESULT), kid: 'k1' });
    // A version signed before ADR 0041 is read as v1.
    const old = await network.sign(RESULT_V1, { alg: 'EdDSA', kid: 'k1', typ: RESULT_JWS_TYPES.v1 });
    expect(await verifyResultSignature(old, [network.jwk])).toEqual({
      ok: true,
      signed: v1(RESULT_V1),
      kid: 'k1',
    });
    // A payload that is not the one its typ names is malformed: v1 under v2's typ, or another typ.
    const wrong = await network.sign(RESULT_V1);
    expect(await verifyResultSignature(wrong, [network.jwk])).toEqual({ ok: false, reason: 'malformed' });
    const jwt = await network.sign(RESULT, { alg: 'EdDSA', kid: 'k1', typ: 'JWT' });
    expect(await verifyResultSignature(jwt, [network.jwk])).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses one changed field, a key not published, another algorithm and garbage', async () => {
    const network = await signer('k1');
    const jws = await network.sign(RESULT);
    const [h, , s] = jws.split('.');
    const forged = `${h}.${b64url(JSON.stringify({ ...RESULT, purity: 751 }))}.${s}`;
    expect(await verifyResultSignature(forged, [network.jwk])).toEqual({
      ok: false,
      reason: 'bad-signature',
    });

    const impostor = await signer('k1');
    expect(await verifyResultSignature(await impostor.sign(RESULT), [network.jwk])).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const stranger = await signer('k9');
    expect(await verifyResultSignature(await stranger.sign(RESULT), [network.jwk])).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
    const none = await network.sign(RESULT, { alg: 'none', kid: 'k1' });
    expect(await verifyResultSignature(none, [network.jwk])).toEqual({ ok: false, reason: 'malformed' });
    for (const junk of ['', 'a.b', 'a.b.c', `${h}.!!!.${s}`]) {
      expect((await verifyResultSignature(junk, [network.jwk])).ok).toBe(false);
    }
  });

  it('verifies after a rotation with either key listed', async () => {
    const old = await signer('old');
    const current = await signer('new');
    const keys = [old.jwk, current.jwk];
    expect((await verifyResultSignature(await old.sign(RESULT), keys)).ok).toBe(true);
    expect((await verifyResultSignature(await current.sign(RESULT), keys)).ok).toBe(true);
  });

  it('refuses a retired key for what it claims to sign at or after its retirement, not before', async () => {
    const network = await signer('k1');
    const jws = await network.sign(RESULT);
    const retired = (at: string) => [{ ...network.jwk, retiredAt: at }];
    // Signed 08:20:00.000: a key retired a millisecond later still vouches for it.
    expect((await verifyResultSignature(jws, retired('2026-11-24T08:20:00.001Z'))).ok).toBe(true);
    expect(await verifyResultSignature(jws, retired('2026-11-24T08:20:00.000Z'))).toEqual({
      ok: false,
      reason: 'retired-key',
    });
    expect(await verifyResultSignature(jws, retired('2026-11-24T08:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'retired-key',
    });
  });

  it('v2: every shown field must be the signed one', () => {
    expect(compareShown(v2(RESULT), SHOWN)).toEqual({ matches: true, unsigned: [] });
    const changed: Partial<ShownResult>[] = [
      { docNumber: 100235 },
      { token: 'b'.repeat(22) },
      { name: 'آزمایشگاه الماس نو' },
      { rejeCode: 'R-78' },
      { customerName: 'حسن' },
      { series: 5 },
      { title: null },
      { purity: 751 },
      { weight: 12.6 },
      { sampleWeight: null },
      { readyTime: 31 },
      { images: [] },
      { images: [`/api/v1.0/Results/Photo/${TOKEN}/99999999-2222-4333-8444-555555555555`] },
      { createDate: '2026-11-24T08:00:01.000Z' },
      { signedAt: '2026-11-24T08:21:00.000Z' },
      { version: 2 },
      { status: 'withdrawn', purity: null },
      { changeReason: 'علتی دیگر' },
    ];
    for (const over of changed) {
      expect(compareShown(v2(RESULT), { ...SHOWN, ...over }).matches, JSON.stringify(over)).toBe(false);
    }
    // The same instant written another way is the same time.
    expect(compareShown(v2(RESULT), { ...SHOWN, createDate: '2026-11-24T11:30:00+03:30' }).matches).toBe(
      true,
    );
  });

  it("v2: a correction time other than the version's own (a photo version after it) is not covered", () => {
    const corrected = { ...SHOWN, changedAt: SHOWN.signedAt, changeReason: 'خطا' };
    expect(compareShown(v2({ ...RESULT, reason: 'خطا' }), corrected)).toEqual({
      matches: true,
      unsigned: [],
    });
    const later = { ...corrected, changedAt: '2026-11-24T08:10:00.000Z' };
    expect(compareShown(v2({ ...RESULT, reason: 'خطا' }), later)).toEqual({
      matches: true,
      unsigned: ['changedAt'],
    });
  });

  it('v3: verifies with its typ, and a v2 payload under v3’s typ is malformed', async () => {
    const network = await signer('k1');
    const header = { alg: 'EdDSA', kid: 'k1', typ: RESULT_JWS_TYPES.v3 };
    const check = await verifyResultSignature(await network.sign(RESULT_V3, header), [network.jwk]);
    expect(check).toEqual({ ok: true, signed: v3(RESULT_V3), kid: 'k1' });
    expect(await verifyResultSignature(await network.sign(RESULT, header), [network.jwk])).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('v3: the staff codes are compared like every other field', () => {
    expect(compareShown(v3(RESULT_V3), SHOWN_V3)).toEqual({ matches: true, unsigned: [] });
    const changed: Partial<ShownResult>[] = [
      { verifierCode: 6 },
      { verifierCode: null },
      { assayerCode: 4 },
      { assayerCode: null },
      { purity: 751 },
      { customerName: 'حسن' },
    ];
    for (const over of changed) {
      expect(compareShown(v3(RESULT_V3), { ...SHOWN_V3, ...over }).matches, JSON.stringify(over)).toBe(false);
    }
    // No verifier signed, none shown: it holds.
    const alone = { ...RESULT_V3, verifier: null };
    expect(compareShown(v3(alone), { ...SHOWN_V3, verifierCode: null }).matches).toBe(true);
  });

  it('v2: staff codes shown beside it are not covered, and listed as such', () => {
    expect(compareShown(v2(RESULT), SHOWN_V3)).toEqual({
      matches: true,
      unsigned: ['assayerCode', 'verifierCode'],
    });
    expect(compareShown(v2(RESULT), { ...SHOWN, assayerCode: 1 })).toEqual({
      matches: true,
      unsigned: ['assayerCode'],
    });
  });

  it('v1: compares what v1 signed and lists the shown fields it does not cover', () => {
    expect(compareShown(v1(RESULT_V1), SHOWN)).toEqual({
      matches: true,
      unsigned: ['customerName', 'series', 'rejeCode', 'readyTime', 'images'],
    });
    const bare = { ...SHOWN, customerName: null, series: null, rejeCode: null, readyTime: null, images: [] };
    expect(compareShown(v1(RESULT_V1), bare)).toEqual({ matches: true, unsigned: [] });
    for (const over of [{ purity: 751 }, { name: 'دیگری' }, { weight: 1 }, { version: 2 }, { title: null }]) {
      expect(compareShown(v1(RESULT_V1), { ...SHOWN, ...over }).matches).toBe(false);
    }
  });

  it('says a browser without Ed25519 cannot check, rather than that the signature is bad', async () => {
    const network = await signer('k1');
    const jws = await network.sign(RESULT);
    const subtle = {
      importKey: () => Promise.reject(new DOMException('Ed25519', 'NotSupportedError')),
    } as unknown as SubtleCrypto;
    expect(await verifyResultSignature(jws, [network.jwk], subtle)).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });
});
