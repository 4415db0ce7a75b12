import { describe, expect, it } from 'vitest';
import {
  signedMatchesShown,
  verifyResultSignature,
  type PublicJwk,
  type SignedResult,
} from './resultSignature';

const RESULT: SignedResult = {
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
  token: 'a'.repeat(22),
};

const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString('base64url');

/** A key pair and a JWS made the way the server makes them (EdDSA over the payload's JSON). */
async function signer(kid: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as PublicJwk;
  const sign = async (payload: unknown, header: object = { alg: 'EdDSA', kid, typ: 'ayar-result+jws' }) => {
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
    expect(check).toEqual({ ok: true, result: RESULT, kid: 'k1' });
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

  it('compares what was signed with what the page shows', () => {
    const shown = {
      docNumber: 100234,
      token: 'a'.repeat(22),
      purity: 750,
      status: 'published',
    };
    expect(signedMatchesShown(RESULT, shown)).toBe(true);
    expect(signedMatchesShown(RESULT, { ...shown, purity: 751 })).toBe(false);
    expect(signedMatchesShown(RESULT, { ...shown, status: 'withdrawn' })).toBe(false);
    expect(signedMatchesShown(RESULT, { ...shown, docNumber: 100235 })).toBe(false);
    expect(signedMatchesShown(RESULT, { ...shown, token: 'b'.repeat(22) })).toBe(false);
    // A lab renamed after signing: still the network's result (the badge names the signed lab).
    expect(signedMatchesShown({ ...RESULT, lab: 'نام پیشین آزمایشگاه' }, shown)).toBe(true);
    expect(signedMatchesShown({ ...RESULT, weight: null }, shown)).toBe(true);
    // A page that names the version must show the signed one.
    expect(signedMatchesShown(RESULT, { ...shown, version: 1 })).toBe(true);
    expect(signedMatchesShown(RESULT, { ...shown, version: 2 })).toBe(false);
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
