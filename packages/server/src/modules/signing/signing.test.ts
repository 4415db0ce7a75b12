import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CompactSign,
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { canonicalJson } from './canonical.lib.ts';
import { loadResultKey, RESULT_KEY_FILE, ResultKeyError } from './keys.lib.ts';
import { RESULT_JWS_TYPE, ResultSigner } from './signer.lib.ts';
import { registerKey } from './signing.repository.ts';

/**
 * ADR 0029's foundation: results are signed with the network's Ed25519 key as a compact JWS over
 * their canonical JSON, and every key that ever signed is served at /.well-known/jwks.json (ADR 0029).
 */

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-signing-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const RESULT = {
  docNumber: '100234',
  lab: 'آزمایشگاه نمونه',
  testType: 'ری',
  purity: 750,
  weight: '12.345',
  registeredAt: '2026-11-24T08:00:00.000Z',
  publishedAt: '2026-11-24T08:20:00.000Z',
  version: 1,
  status: 'published',
  token: 'a'.repeat(22),
};

describe('canonical JSON (RFC 8785)', () => {
  it('sorts members by UTF-16 code units at every depth, with no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ z: null, y: true }], c: 'x' })).toBe(
      '{"a":[{"y":true,"z":null}],"b":1,"c":"x"}',
    );
    // Upper case sorts before lower case; a non-ASCII name after both; the order given never matters.
    expect(canonicalJson({ é: 1, a: 2, B: 3 })).toBe('{"B":3,"a":2,"é":1}');
    expect(canonicalJson({ a: 2, é: 1, B: 3 })).toBe(canonicalJson({ B: 3, é: 1, a: 2 }));
  });

  it('writes strings and numbers as JSON.stringify does, and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ t: 'عیار "۷۵۰"\n', n: 750, f: 0.5, neg: -1e21 })).toBe(
      '{"f":0.5,"n":750,"neg":-1e+21,"t":"عیار \\"۷۵۰\\"\\n"}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => canonicalJson({ n: Number.POSITIVE_INFINITY })).toThrow(/Infinity/);
  });
});

describe('the result-signing key', () => {
  it('is generated once into DATA_DIR (0600) and the same on every later start', async () => {
    const dir = dataDir();
    const first = await loadResultKey({ dataDir: dir });
    const file = path.join(dir, RESULT_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(first.publicJwk.d, 'the private part is never in the public key').toBeUndefined();
    expect((await loadResultKey({ dataDir: dir })).kid).toBe(first.kid);
    expect((await loadResultKey({ dataDir: dataDir() })).kid).not.toBe(first.kid);
  });

  it('from RESULT_SIGNING_KEY as PEM or as JWK gives the same key id, and no file is written', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const dir = dataDir();
    const fromPem = await loadResultKey({ dataDir: dir, RESULT_SIGNING_KEY: pem });
    const fromJwk = await loadResultKey({ dataDir: dir, RESULT_SIGNING_KEY: jwk });
    expect(fromJwk.kid).toBe(fromPem.kid);
    expect(fs.existsSync(path.join(dir, RESULT_KEY_FILE))).toBe(false);
    expect(loadConfig({ RESULT_SIGNING_KEY: pem }).RESULT_SIGNING_KEY).toBe(pem);
  });

  it('refuses anything but an Ed25519 private key, at start, naming the setting', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const publicOnly = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const bad of [rsa, publicOnly, 'not a key', '{"kty":"OKP"}']) {
      await expect(loadResultKey({ dataDir: dataDir(), RESULT_SIGNING_KEY: bad })).rejects.toThrow(
        ResultKeyError,
      );
      expect(() => loadConfig({ RESULT_SIGNING_KEY: bad })).toThrow(/RESULT_SIGNING_KEY/);
    }
  });
});

describe('signed results and /.well-known/jwks.json', () => {
  let ctx: TestContext;
  let signer: ResultSigner;
  beforeAll(async () => {
    const key = await loadResultKey({ dataDir: dataDir() });
    // The app registers the key it signs with when it is built.
    ctx = await createTestApp({ resultKey: key });
    signer = new ResultSigner(key);
  });
  afterAll(() => ctx.close());

  const served = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    return res.json<JSONWebKeySet>();
  };

  it('a JWS verifies with a standard JOSE library against the served keys; one changed field does not', async () => {
    const jws = await signer.sign(RESULT);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: 'EdDSA', kid: signer.kid, typ: RESULT_JWS_TYPE });
    const keys = createLocalJWKSet(await served());
    const { payload } = await compactVerify(jws, keys);
    expect(new TextDecoder().decode(payload)).toBe(canonicalJson(RESULT));

    const [header, , signature] = jws.split('.');
    const forged = Buffer.from(canonicalJson({ ...RESULT, purity: 751 })).toString('base64url');
    await expect(compactVerify(`${header}.${forged}.${signature}`, keys)).rejects.toThrow(/signature/i);
  });

  it('makes byte for byte the token a JOSE library makes with the same key (Ed25519 is deterministic)', async () => {
    const fromJose = await new CompactSign(new TextEncoder().encode(canonicalJson(RESULT)))
      .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ: RESULT_JWS_TYPE })
      .sign(signer.key.privateKey);
    expect(await signer.sign(RESULT)).toBe(fromJose);
  });

  it('keeps every key listed after a rotation, without their private parts, for anyone', async () => {
    const old = await signer.sign(RESULT);
    const rotated = new ResultSigner(await loadResultKey({ dataDir: dataDir() }));
    await registerKey(ctx.db, rotated.kid, rotated.key.publicJwk);
    await registerKey(ctx.db, signer.kid, signer.key.publicJwk); // a second server with the old key
    const set = await served();
    expect(set.keys.map((k) => k.kid)).toEqual([signer.kid, rotated.kid]);
    expect(set.keys.every((k) => k.d === undefined)).toBe(true);
    const keys = createLocalJWKSet(set);
    await expect(compactVerify(old, keys)).resolves.toBeTruthy();
    await expect(compactVerify(await rotated.sign(RESULT), keys)).resolves.toBeTruthy();
  });
});
