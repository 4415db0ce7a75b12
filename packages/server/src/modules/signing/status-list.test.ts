import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { STATUS_LIST_SIZE } from './status-index.lib.ts';
import { loadResultKey } from './keys.lib.ts';
import { ResultSigner } from './signer.lib.ts';
import { STATUS, statusBytes } from './status-list.lib.ts';
import { StatusLists } from './status-list.service.ts';

/**
 * Every signed version's status in a list any verifier can fetch and cache (ADR 0042): the IETF Token
 * Status List, decoded here independently of the server's encoder (zlib inflate and the draft's bit rule).
 */

let ctx: TestContext;
let signer: ResultSigner;
let lab: TestLab;
let admin: Record<string, string>;
let next = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-status-'));

beforeAll(async () => {
  signer = new ResultSigner(await loadResultKey({ dataDir: dir }));
  ctx = await createTestApp({ resultSigner: signer });
  lab = await createLab(ctx);
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = async (url: string, headers: Record<string, string>, payload: object) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1.0${url}`, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
};

const publish = (purity: number) => registerPacket(ctx.app, lab, lab.from + next++, { purity });
const correct = (id: string, cutting: number) =>
  post('/Tests/EditTest', lab.h, { testId: id, cutting, reason: 'خطای ثبت عدد' });
const withdraw = (id: string) => post('/Manage/WithdrawResult', admin, { id, reason: 'نمونه اشتباه بود' });

/** Each version's JWS, oldest first. */
async function versionTokens(assayId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('resultVersions')
    .select('jws')
    .where('assayId', '=', assayId)
    .orderBy('version')
    .execute();
  return rows.map((r) => r.jws);
}

const jwks = async () =>
  createLocalJWKSet(
    (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<JSONWebKeySet>(),
  );

const getList = (uri: string) => ctx.app.inject({ method: 'GET', url: uri });

/** A version's entry in its status list: the JWS's `status` claim. */
function claimOf(jws: string): { idx: number; uri: string } {
  const claim = (decodeJwt(jws) as { status?: { status_list: { idx: number; uri: string } } }).status;
  expect(claim, 'a v2 payload names its status list entry').toBeDefined();
  return claim!.status_list;
}

/** Entry `idx` of a status list token, read as the draft says: inflate, then 2 bits from the LSB. */
function entryOf(listJwt: string, idx: number): number {
  const { bits, lst } = (decodeJwt(listJwt) as { status_list: { bits: number; lst: string } }).status_list;
  expect(bits).toBe(2);
  const bytes = inflateSync(Buffer.from(lst, 'base64url'));
  expect(bytes).toHaveLength((STATUS_LIST_SIZE * 2) / 8);
  return (bytes[Math.floor((idx * 2) / 8)]! >> ((idx * 2) % 8)) & 0b11;
}

/** A verifier's reading of a version's status: its claim, the list it names (verified), its 2 bits. */
async function statusOf(jws: string): Promise<number> {
  const { idx, uri } = claimOf(jws);
  expect(uri).toMatch(/^\/status-lists\/\d+$/);
  const res = await getList(uri);
  expect(res.statusCode, res.body).toBe(200);
  await jwtVerify(res.body, await jwks(), { typ: 'statuslist+jwt', subject: uri });
  return entryOf(res.body, idx);
}

describe('GET /status-lists/{n}', () => {
  // Every change is made before any list is read: the app keeps a list for five minutes once built.
  const withdrawn: string[] = [];
  const corrected: string[] = [];
  const untouched: string[] = [];
  const removed: string[] = [];
  let removedId = '';
  beforeAll(async () => {
    // A lab the administrator deletes with everything it has: its packets' versions go with it.
    const gone = await createLab(ctx);
    const g = await registerPacket(ctx.app, gone, gone.from, { purity: 760 });
    removedId = g;
    removed.push(...(await versionTokens(g)));
    await post('/Manage/DeleteUser', admin, { id: gone.id, force: true });
    const a = await publish(750);
    await correct(a, 755);
    await withdraw(a);
    const b = await publish(800);
    await correct(b, 805);
    const c = await publish(900);
    withdrawn.push(...(await versionTokens(a)));
    corrected.push(...(await versionTokens(b)));
    untouched.push(...(await versionTokens(c)));
  });

  it('a corrected then withdrawn result: both earlier versions INVALID, the withdrawal VALID', async () => {
    expect(withdrawn).toHaveLength(3);
    expect(await Promise.all(withdrawn.map(statusOf))).toEqual([
      STATUS.invalid,
      STATUS.invalid,
      STATUS.valid,
    ]);
  });

  it('a corrected result: the first version SUPERSEDED, the correction VALID; one never changed VALID', async () => {
    expect(corrected).toHaveLength(2);
    expect(await Promise.all([...corrected, ...untouched].map(statusOf))).toEqual([
      STATUS.superseded,
      STATUS.valid,
      STATUS.valid,
    ]);
  });

  it("a deleted lab's results still verify, so their entries read INVALID, not VALID", async () => {
    expect(removed).toHaveLength(1);
    expect(await versionTokens(removedId), 'the versions went with the lab').toEqual([]);
    expect(await Promise.all(removed.map(statusOf))).toEqual([STATUS.invalid]);
  });

  it('is a statuslist+jwt signed by the current key, cacheable for its ttl, valid for a day', async () => {
    const res = await getList('/status-lists/0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/statuslist+jwt');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(decodeProtectedHeader(res.body)).toEqual({ alg: 'EdDSA', kid: signer.kid, typ: 'statuslist+jwt' });
    const { payload } = await jwtVerify(res.body, await jwks(), { typ: 'statuslist+jwt' });
    expect(payload).toMatchObject({ sub: '/status-lists/0', ttl: 300 });
    expect(payload.exp! - payload.iat!).toBe(86_400);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(310);
  });

  it('answers 404 for a list no index was drawn into, at the last number accepted too', async () => {
    for (const n of ['1', '999999999']) {
      const res = await getList(`/status-lists/${n}`);
      expect(res.statusCode, n).toBe(404);
      expect(res.json()).toMatchObject({ successful: false, code: 'NOT_FOUND' });
    }
  });

  it('refuses a malformed list number: negative, a word, a fraction, a leading zero, ten digits', async () => {
    for (const n of ['-1', 'abc', '1.5', '01', '1000000000', '99999999999999999999999']) {
      const res = await getList(`/status-lists/${n}`);
      expect(res.statusCode, n).toBe(400);
      expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('results name their list under it, and the list says so in its sub', async () => {
    const other = await createTestApp({ publicUrl: 'https://ayar.example' });
    try {
      const on = await createLab(other);
      const id = await registerPacket(other.app, on, on.from, { purity: 750 });
      const { jws } = await other.db
        .selectFrom('resultVersions')
        .select('jws')
        .where('assayId', '=', id)
        .executeTakeFirstOrThrow();
      const { uri } = claimOf(jws);
      expect(uri).toMatch(/^https:\/\/ayar\.example\/status-lists\/\d+$/);
      const res = await other.app.inject({ method: 'GET', url: new URL(uri).pathname });
      expect(res.statusCode).toBe(200);
      expect(decodeJwt(res.body).sub).toBe(uri);
    } finally {
      await other.close();
    }
  });
});

describe('the status lists cache', () => {
  it('builds a list once per ttl however many ask at once, and again after it', async () => {
    let now = Date.now();
    const lists = new StatusLists({ db: ctx.db, resultSigner: signer, now: () => now });
    const id = await publish(830);
    const signing = vi.spyOn(signer, 'signToken');
    // Results are signed through signToken too: count the lists.
    const listsSigned = () => signing.mock.calls.filter(([typ]) => typ === 'statuslist+jwt').length;
    try {
      const first = await Promise.all(Array.from({ length: 50 }, () => lists.token(0)));
      expect(new Set(first).size).toBe(1);
      expect(listsSigned()).toBe(1);

      await correct(id, 835);
      now += 299_999;
      expect(await lists.token(0), 'still within its ttl').toBe(first[0]);
      expect(listsSigned()).toBe(1);

      now += 2;
      const [v1] = await versionTokens(id);
      const fresh = await lists.token(0);
      expect(listsSigned()).toBe(2);
      expect(entryOf(first[0]!, claimOf(v1!).idx)).toBe(STATUS.valid);
      expect(entryOf(fresh!, claimOf(v1!).idx), 'after its ttl the list says what changed').toBe(
        STATUS.superseded,
      );
    } finally {
      signing.mockRestore();
    }
  });

  // Last in the file: it moves the sequence into list 1.
  it('a missing list is asked for again only after a few seconds, and found once it exists', async () => {
    let now = Date.now();
    const lists = new StatusLists({ db: ctx.db, resultSigner: signer, now: () => now });
    const highest = await ctx.db
      .selectFrom('resultVersions')
      .select((eb) => eb.fn.max('statusIdx').as('max'))
      .executeTakeFirstOrThrow();
    const nextList = Math.floor(Number(highest.max) / STATUS_LIST_SIZE) + 1;
    expect(await lists.token(nextList)).toBeNull();
    // Draw indexes up to the next list's first, as 65,536 signed versions would.
    await sql`select setval('result_status_idx_seq', ${nextList * STATUS_LIST_SIZE})`.execute(ctx.db);
    expect(await lists.token(nextList), 'believed missing for a few seconds').toBeNull();
    now += 5_001;
    expect(await lists.token(nextList)).toEqual(expect.any(String));
  });
});

describe('the list encoding', () => {
  it('puts entry i in bits 2i..2i+1 counting from the least significant bit', () => {
    const bytes = statusBytes(8, [
      { idx: 0, value: STATUS.invalid },
      { idx: 3, value: STATUS.superseded },
      { idx: 5, value: STATUS.invalid },
    ]);
    expect([...bytes]).toEqual([0b11_00_00_01, 0b00_00_01_00]);
    expect(() => statusBytes(8, [{ idx: 8, value: STATUS.invalid }])).toThrow(RangeError);
  });
});
