import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG, OFFLINE_MSG, OFFLINE_TOKEN_VECTOR } from '@ayar/contract';
import { TEST_JWT_SECRET, signIn } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { hashPassword } from '../../lib/password.ts';
import { draft, packetSuite, type Lab } from '../assays/assays.test-kit.ts';
import { tokenFor } from './public-tokens.lib.ts';

// A public token made offline belongs to the workshop, the device and the number it was made for
// (ADR 0040): ReserveCodes hands the device its key, AddTest recomputes the token and refuses any
// other exactly as it refuses a malformed one.

const { suite, post, newLab } = packetSuite();

const newDevice = () => randomBytes(16).toString('base64url');
const newKey = () => randomBytes(16).toString('base64url');
const as = (l: Lab, deviceId: string | null, key?: string) => ({
  ...l.h,
  ...(deviceId ? { 'ayar-device': deviceId } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});

/** The device's token key, as the web keeps it. */
async function tokenKeyOf(l: Lab, deviceId: string): Promise<string> {
  const res = await post('/Tests/ReserveCodes', l.h, { deviceId, count: 20 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokenKey as string;
}

/** The token a device makes offline, computed here as a client would (not with the server's code). */
const offlineToken = (tokenKey: string, docNumber: number) =>
  createHmac('sha256', Buffer.from(tokenKey, 'base64url'))
    .update(String(docNumber))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

const addTest = (l: Lab, deviceId: string | null, drafts: unknown[], key?: string) =>
  post('/Tests/AddTest', as(l, deviceId, key), drafts);

const byToken = (token: string) =>
  suite.ctx.app.inject({
    method: 'GET',
    url: `/api/v1.0/Tests/ResultByToken?token=${token}`,
    remoteAddress: '10.77.0.2',
  });

const packetsOf = (l: Lab) =>
  suite.ctx.db
    .selectFrom('assays')
    .select(['docNumber', 'publicToken'])
    .where('workshopId', '=', l.id)
    .execute();

/** What the contract answers for a malformed token at `field`: every refusal below must be this. */
const malformedAnswer = (field: string) => ({
  successful: false,
  message: MSG.validation,
  data: null,
  code: 'VALIDATION',
  errors: [{ field, message: OFFLINE_MSG.tokenInvalid }],
});

/** A lab with a device that reserved numbers and knows its token key. */
async function counter() {
  const lab = await newLab();
  const device = newDevice();
  const tokenKey = await tokenKeyOf(lab, device);
  return { lab, device, tokenKey };
}

describe('ReserveCodes: the device token key', () => {
  it('is 32 bytes, the same for the same device every time, another for another device or lab', async () => {
    const a = await newLab();
    const b = await newLab();
    const device = newDevice();
    const key = await tokenKeyOf(a, device);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(await tokenKeyOf(a, device)).toBe(key);
    // After a release and a new reservation too: the key is the device's, not the reservation's.
    expect((await post('/Tests/ReleaseCodes', a.h, { deviceId: device })).statusCode).toBe(200);
    expect(await tokenKeyOf(a, device)).toBe(key);
    expect(await tokenKeyOf(a, newDevice())).not.toBe(key);
    // The same device id under another workshop is another device.
    expect(await tokenKeyOf(b, device)).not.toBe(key);
  });

  it("the server's token for a key is the contract's worked example (the web computes the same)", () => {
    const { tokenKey, docNumber, token } = OFFLINE_TOKEN_VECTOR;
    expect(tokenFor(Buffer.from(tokenKey, 'base64url'), docNumber)).toBe(token);
    expect(offlineToken(tokenKey, docNumber)).toBe(token);
  });
});

describe('AddTest with a token made offline', () => {
  it('the device’s own token for the number → the packet has it and the result page finds it', async () => {
    const { lab, device, tokenKey } = await counter();
    const token = offlineToken(tokenKey, lab.from);
    const res = await addTest(lab, device, [draft(lab, lab.from, { publicToken: token, cutting: 750 })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list[0]).toMatchObject({ docNumber: lab.from, publicToken: token });
    const found = await byToken(token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.list[0]).toMatchObject({ docNumber: lab.from, purity: 750 });
  });

  it("lab B registering lab A's offline token is refused as malformed; A's sync then takes it", async () => {
    const a = await counter();
    const b = await counter();
    // A printed this slip offline; B saw its QR code.
    const stolen = offlineToken(a.tokenKey, a.lab.from);
    for (const [device, n] of [
      [b.device, b.lab.from],
      // Even under A's device id (B cannot know it, but it proves the workshop is in the key).
      [a.device, b.lab.from + 1],
    ] as const) {
      const res = await addTest(b.lab, device, [draft(b.lab, n, { publicToken: stolen, cutting: 999 })]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(malformedAnswer('0.publicToken'));
    }
    expect(await packetsOf(b.lab)).toEqual([]);
    expect((await byToken(stolen)).statusCode).toBe(404);

    const synced = await addTest(a.lab, a.device, [
      draft(a.lab, a.lab.from, { publicToken: stolen, cutting: 750 }),
    ]);
    expect(synced.statusCode, synced.body).toBe(200);
    const found = await byToken(stolen);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.list[0]).toMatchObject({ docNumber: a.lab.from, purity: 750 });
  });

  it("refused the same way: another device's, another number's, no device, a made-up token", async () => {
    const { lab, device, tokenKey } = await counter();
    const other = newDevice();
    await tokenKeyOf(lab, other);
    const n = lab.from;
    const token = offlineToken(tokenKey, n);
    const cases: [string | null, number, string][] = [
      [other, n + 20, token], // A's token from another device of A (a number that device holds).
      [device, n + 1, token], // another number.
      [null, lab.from + 900, token], // no Ayar-Device: the online counter's number, with A's token.
      [device, n, 'AAAAAAAAAAAAAAAAAAAAAA'],
      [device, n, randomBytes(16).toString('base64url')],
      [device, n, offlineToken(tokenKey, n + 1)],
    ];
    for (const [sender, docNumber, publicToken] of cases) {
      const res = await addTest(lab, sender, [draft(lab, docNumber, { publicToken })]);
      expect(res.statusCode, `${sender} ${docNumber} ${publicToken}`).toBe(400);
      expect(res.json()).toEqual(malformedAnswer('0.publicToken'));
    }
    expect(await packetsOf(lab)).toEqual([]);
    // Nothing was spent by the refusals: the right token still registers.
    expect((await addTest(lab, device, [draft(lab, n, { publicToken: token })])).statusCode).toBe(200);
  });

  it('a bound token answers byte for byte what a malformed one does, at its place in the list', async () => {
    const { lab, device, tokenKey } = await counter();
    const good = draft(lab, lab.from, { publicToken: offlineToken(tokenKey, lab.from) });
    const answers = [];
    for (const bad of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      'AAAAAAAAAAAAAAAAAAAAA',
      offlineToken(tokenKey, lab.from + 5),
    ]) {
      const res = await addTest(lab, device, [good, draft(lab, lab.from + 1, { publicToken: bad })]);
      answers.push({ status: res.statusCode, type: res.headers['content-type'], body: res.body });
    }
    // The second is a 21-character token: the contract's own refusal.
    expect(JSON.parse(answers[1]!.body)).toEqual(malformedAnswer('1.publicToken'));
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[2]).toEqual(answers[1]);
    expect(await packetsOf(lab)).toEqual([]);
  });

  it("another packet's token (used or not) is refused as malformed: no «already used» to probe with", async () => {
    const a = await counter();
    const b = await counter();
    const [used] = (await addTest(a.lab, null, [draft(a.lab, a.lab.from + 500)])).json().data.list;
    for (const l of [a, b]) {
      const res = await addTest(l.lab, l.device, [
        draft(l.lab, l.lab.from, { publicToken: used.publicToken }),
      ]);
      expect(res.json()).toEqual(malformedAnswer('0.publicToken'));
    }
  });

  it('a resend under the idempotency key replays the first answer; 50 at once register once', async () => {
    const { lab, device, tokenKey } = await counter();
    const key = newKey();
    const publicToken = offlineToken(tokenKey, lab.from + 2);
    const body = [draft(lab, lab.from + 2, { publicToken })];
    const results = await Promise.all(Array.from({ length: 50 }, () => addTest(lab, device, body, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const again = await addTest(lab, device, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(results[0]!.body);
    expect(await packetsOf(lab)).toEqual([{ docNumber: lab.from + 2, publicToken }]);
  });

  it("after the JWT secret changes, an old key's token is refused as malformed; stored answers still replay", async () => {
    const { lab, device, tokenKey } = await counter();
    const key = newKey();
    const sent = [draft(lab, lab.from, { publicToken: offlineToken(tokenKey, lab.from) })];
    const first = await addTest(lab, device, sent, key);
    expect(first.statusCode, first.body).toBe(200);
    const waiting = (k: string) => [draft(lab, lab.from + 1, { publicToken: offlineToken(k, lab.from + 1) })];

    // The same database served with another JWT secret, the lab signed in again.
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-rotated-'));
    const rotated = await buildApp({
      db: suite.ctx.db,
      jwtSecret: `${TEST_JWT_SECRET}-rotated`,
      version: 't',
      filesDir,
    });
    try {
      const { username } = await suite.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', lab.id)
        .executeTakeFirstOrThrow();
      await suite.ctx.db
        .updateTable('users')
        .set({ passwordHash: await hashPassword('rotated secret pass') })
        .where('id', '=', lab.id)
        .execute();
      const h = { ...(await signIn(rotated, username, 'rotated secret pass')), 'ayar-device': device };
      const send = (headers: Record<string, string>, payload: unknown) =>
        rotated.inject({
          method: 'POST',
          url: '/api/v1.0/Tests/AddTest',
          headers,
          payload: payload as object,
        });

      // The answer lost before the change is replayed: the claim comes before the token check.
      const replay = await send({ ...h, 'idempotency-key': key }, sent);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      const refused = await send(h, waiting(tokenKey));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(malformedAnswer('0.publicToken'));

      const reserved = await rotated.inject({
        method: 'POST',
        url: '/api/v1.0/Tests/ReserveCodes',
        headers: h,
        payload: { deviceId: device, count: 20 },
      });
      const current = reserved.json().data.tokenKey as string;
      expect(current).not.toBe(tokenKey);
      expect((await send(h, waiting(current))).statusCode).toBe(200);
    } finally {
      await rotated.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('malformed (21 or 23 characters, other characters) → 400 from the contract', async () => {
    const { lab, device, tokenKey } = await counter();
    const t = offlineToken(tokenKey, lab.from);
    for (const bad of [t.slice(1), `${t}x`, `${t.slice(1)}+`]) {
      const res = await addTest(lab, device, [draft(lab, lab.from, { publicToken: bad })]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(malformedAnswer('0.publicToken'));
    }
  });

  it('still needs a workshop session: none → 401, the administrator → 403', async () => {
    const { lab, device, tokenKey } = await counter();
    const body = [draft(lab, lab.from, { publicToken: offlineToken(tokenKey, lab.from) })];
    const headers = { 'ayar-device': device };
    expect((await post('/Tests/AddTest', headers, body)).statusCode).toBe(401);
    expect((await post('/Tests/AddTest', { ...suite.admin, ...headers }, body)).statusCode).toBe(403);
    expect((await post('/Tests/ReserveCodes', suite.admin, { deviceId: device, count: 1 })).statusCode).toBe(
      403,
    );
  });
});
