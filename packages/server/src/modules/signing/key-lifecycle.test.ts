import { execFile } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { databaseUrl } from '../../../test/db-url.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { KEY_RETIRED_MSG, RetiredKeyError, signingKeyStateOf } from './key-state.service.ts';
import { StatusLists } from './status-list.service.ts';
import { loadResultKey, RESULT_KEY_FILE, resultKeyFrom } from './keys.lib.ts';
import { ResultSigner } from './signer.lib.ts';
import { registerKey } from './signing.repository.ts';

/**
 * Keys rotate and retire (ADR 0042): `npm run keys:rotate|keys:retire` as real processes against this
 * file's database, the JWK Set marking a retired key, and nothing signed with one after it is retired.
 */

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(SERVER, 'modules/signing/keys.cli.ts');
const MAIN = path.join(SERVER, 'main.ts');
const run = promisify(execFile);

let ctx: TestContext;
let url: string;
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-keys-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  ctx = await createTestApp();
  url = await urlOf(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The address of a test database, for a process of its own. */
async function urlOf(db: Database): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return databaseUrl(inject('adminDatabaseUrl'), rows[0]!.name);
}

/** A process of `script` with this file's database and `env`: its exit code and what it printed. */
async function processOf(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, DATABASE_URL: url, RESULT_SIGNING_KEY: '', ...env },
      encoding: 'utf8',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
const keys = (args: string[], env: Record<string, string>) => processOf(CLI, args, env);

type ServedKeys = { keys: (JSONWebKeySet['keys'][number] & { retiredAt?: string })[] };

async function jwkSet(): Promise<ServedKeys> {
  const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const newPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('npm run keys:rotate', () => {
  it('with the key in DATA_DIR: a new key file, the old one kept (0600), the new key published', async () => {
    const dir = dataDir();
    const old = await loadResultKey({ dataDir: dir });
    const out = await keys(['rotate'], { DATA_DIR: dir });
    expect(out.code, out.stderr).toBe(0);
    const fresh = await loadResultKey({ dataDir: dir });
    expect(fresh.kid).not.toBe(old.kid);
    expect(out.stdout).toContain(`New result-signing key: ${fresh.kid}`);
    expect(out.stdout).toMatch(/Restart every server/);
    expect(out.stdout).toContain(`npm run keys:retire -- ${old.kid}`);
    const kept = path.join(dir, `result-signing-key.${old.kid}.pem`);
    expect(fs.statSync(kept).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, RESULT_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect((await resultKeyFrom(loadKeyFile(kept))).kid).toBe(old.kid);
    expect((await jwkSet()).keys.map((k) => k.kid)).toContain(fresh.kid);
    expect(fs.readdirSync(dir).sort()).toEqual([RESULT_KEY_FILE, `result-signing-key.${old.kid}.pem`].sort());
  });

  it('with RESULT_SIGNING_KEY: prints a new PEM to set everywhere and publishes its public half', async () => {
    const dir = dataDir();
    const out = await keys(['rotate'], { DATA_DIR: dir, RESULT_SIGNING_KEY: newPem() });
    expect(out.code, out.stderr).toBe(0);
    const pem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(out.stdout)?.[0];
    expect(pem).toBeDefined();
    const key = await loadResultKey({ dataDir: dir, RESULT_SIGNING_KEY: pem });
    expect(out.stdout).toContain(`New result-signing key: ${key.kid}`);
    expect(out.stdout).toContain('Set RESULT_SIGNING_KEY');
    expect((await jwkSet()).keys.map((k) => k.kid)).toContain(key.kid);
    expect(fs.readdirSync(dir), 'nothing is written').toEqual([]);
  });

  it('refuses extra arguments without changing anything', async () => {
    const dir = dataDir();
    const out = await keys(['rotate', 'now'], { DATA_DIR: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('usage: npm run keys:rotate');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('npm run keys:retire', () => {
  /** A key some server registered, not the one `dir` is configured with. */
  async function registeredKey() {
    const key = await resultKeyFrom(generateKeyPairSync('ed25519').privateKey);
    await registerKey(ctx.db, key.kid, key.publicJwk);
    return key;
  }

  it('marks the key retired now with the reason; the JWK Set lists it with retiredAt', async () => {
    const key = await registeredKey();
    const before = Date.now();
    const out = await keys(['retire', key.kid, '--reason', 'کلید جایگزین شد'], { DATA_DIR: dataDir() });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`Retired the result-signing key ${key.kid} at `);
    expect(out.stdout).toContain('کلید جایگزین شد');
    const listed = (await jwkSet()).keys.find((k) => k.kid === key.kid)!;
    expect(Date.parse(listed.retiredAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(listed.retiredAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(listed.retiredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const row = await ctx.db
      .selectFrom('resultSigningKeys')
      .select('retireReason')
      .where('kid', '=', key.kid)
      .executeTakeFirstOrThrow();
    expect(row.retireReason).toBe('کلید جایگزین شد');
  });

  it('retires a key whose kid starts with «-» (a base64url kid may), the reason given either way', async () => {
    let key = await resultKeyFrom(generateKeyPairSync('ed25519').privateKey);
    while (!key.kid.startsWith('-')) key = await resultKeyFrom(generateKeyPairSync('ed25519').privateKey);
    await registerKey(ctx.db, key.kid, key.publicJwk);
    const out = await keys(['retire', key.kid, '--reason=گم شد'], { DATA_DIR: dataDir() });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`Retired the result-signing key ${key.kid} at `);
    expect((await jwkSet()).keys.find((k) => k.kid === key.kid)!.retiredAt).toBeDefined();
  });

  it('refuses an unknown kid, a missing or blank reason, and a key already retired', async () => {
    const key = await registeredKey();
    const dir = dataDir();
    const cases: [string[], RegExp][] = [
      [['retire', 'no-such-kid', '--reason', 'x'], /no key no-such-kid/],
      [['retire', key.kid], /give the reason/],
      [['retire', key.kid, '--reason', '   '], /give the reason/],
      [['retire', key.kid, '--reason', 'ا'.repeat(501)], /at most 500/],
    ];
    for (const [args, message] of cases) {
      const out = await keys(args, { DATA_DIR: dir });
      expect(out.code, `${args.join(' ')}: ${out.stderr}`).toBe(1);
      expect(out.stderr).toMatch(message);
      expect(out.stderr).toContain('Nothing was changed.');
    }
    expect((await jwkSet()).keys.find((k) => k.kid === key.kid)!.retiredAt).toBeUndefined();
    // At the longest reason it is retired; a second time it is refused.
    expect((await keys(['retire', key.kid, '--reason', 'ا'.repeat(500)], { DATA_DIR: dir })).code).toBe(0);
    const again = await keys(['retire', key.kid, '--reason', 'دوباره'], { DATA_DIR: dir });
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/already retired at/);
    expect((await keys(['retire'], { DATA_DIR: dir })).code, 'no kid').toBe(2);
  });

  it('refuses the key this server is configured to sign with: rotate first', async () => {
    const dir = dataDir();
    const own = await loadResultKey({ dataDir: dir });
    await registerKey(ctx.db, own.kid, own.publicJwk);
    const out = await keys(['retire', own.kid, '--reason', 'نشت'], { DATA_DIR: dir });
    expect(out.code, out.stderr).toBe(1);
    expect(out.stderr).toMatch(/configured to sign with: rotate first/);
    const pem = newPem();
    const shared = await loadResultKey({ dataDir: dir, RESULT_SIGNING_KEY: pem });
    await registerKey(ctx.db, shared.kid, shared.publicJwk);
    const viaEnv = await keys(['retire', shared.kid, '--reason', 'نشت'], {
      DATA_DIR: dir,
      RESULT_SIGNING_KEY: pem,
    });
    expect(viaEnv.code, viaEnv.stderr).toBe(1);
    expect(
      (await jwkSet()).keys.filter((k) => k.retiredAt && [own.kid, shared.kid].includes(k.kid!)),
    ).toEqual([]);
  });
});

describe('a retired key', () => {
  let signer: ResultSigner;
  let app: TestContext;
  let lab: TestLab;
  let admin: Record<string, string>;
  const dir = dataDir();
  beforeAll(async () => {
    signer = new ResultSigner(await loadResultKey({ dataDir: dir }));
    app = await createTestApp({ resultSigner: signer });
    lab = await createLab(app);
    admin = (await createSignedInUser(app, { role: 'admin' })).headers;
  });
  afterAll(() => app.close());

  it('signs nothing after its retirement; what it signed before still verifies', async () => {
    const before = await registerPacket(app.app, lab, lab.from, { purity: 750 });
    const signedBefore = await app.db
      .selectFrom('resultVersions')
      .select('jws')
      .where('assayId', '=', before)
      .executeTakeFirstOrThrow();
    expect((await app.app.inject({ method: 'GET', url: '/status-lists/0' })).statusCode).toBe(200);

    await app.db
      .updateTable('resultSigningKeys')
      .set({ retiredAt: new Date(), retireReason: 'آزمون' })
      .where('kid', '=', signer.kid)
      .execute();
    // The app reads the key's state every few seconds; the test asks for that read now.
    await signingKeyStateOf(signer)!.refresh();

    const edit = await app.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/EditTest',
      headers: lab.h,
      payload: { testId: before, cutting: 760, reason: 'خطای ثبت عدد' },
    });
    expect(edit.statusCode).toBe(503);
    expect(edit.json()).toMatchObject({ successful: false, message: KEY_RETIRED_MSG });
    const withdraw = await app.app.inject({
      method: 'POST',
      url: '/api/v1.0/Manage/WithdrawResult',
      headers: admin,
      payload: { id: before, reason: 'نمونه اشتباه بود' },
    });
    expect(withdraw.statusCode).toBe(503);
    // The change rolled back: still one version, and the purity the public sees is the signed one.
    const versions = await app.db
      .selectFrom('resultVersions')
      .select('version')
      .where('assayId', '=', before)
      .execute();
    expect(versions).toHaveLength(1);
    const packet = await app.db
      .selectFrom('assays')
      .select('purity')
      .where('id', '=', before)
      .executeTakeFirstOrThrow();
    expect(packet.purity).toBe(750);

    // Nor a status list: a list built before the retirement is served out its five minutes (its iat is
    // before retiredAt, so it verifies), none is built after it.
    await expect(new StatusLists({ db: app.db, resultSigner: signer }).token(0)).rejects.toThrow(
      RetiredKeyError,
    );
    const jwks = await app.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    const set = jwks.json<ServedKeys>();
    const { retiredAt } = set.keys.find((k) => k.kid === signer.kid)!;
    expect(retiredAt).toEqual(expect.any(String));
    // The verifier's rule: signed before retiredAt, so it stands.
    const { payload } = await compactVerify(signedBefore.jws, createLocalJWKSet(set));
    const { publishedAt } = JSON.parse(new TextDecoder().decode(payload)) as { publishedAt: string };
    expect(Date.parse(publishedAt)).toBeLessThan(Date.parse(retiredAt!));
  });

  it('stops the server from starting, with one message saying what to do', async () => {
    const out = await processOf(MAIN, [], {
      DATABASE_URL: await urlOf(app.db),
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    expect(out.code, out.stderr).toBe(1);
    expect(out.stderr).toContain(
      `Ayar could not start: the result-signing key ${signer.kid} (the key in DATA_DIR) was retired at`,
    );
    expect(out.stderr).toContain('What to do: make a new key with npm run keys:rotate');
    expect(out.stderr.match(/could not start/g)).toHaveLength(1);
  });
});

const loadKeyFile = (file: string) => createPrivateKey(fs.readFileSync(file, 'utf8'));
