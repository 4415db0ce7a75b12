import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSAY_MSG, RESULT_VERSION_MSG, TEST_TYPES } from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { canonicalJson } from '../signing/canonical.lib.ts';

/**
 * Every change of a published result is a new signed version (ADR 0029): the first
 * purity, a lab's correction, an admin's change, a deletion; a private edit makes none, and nothing
 * is signed before there is a purity.
 */

let ctx: TestContext;
let lab: TestLab;
let admin: Record<string, string>;
let next = 0;

const post = async (url: string, headers: Record<string, string>, payload: object) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1.0${url}`, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
};

const send = (url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1.0${url}`, headers, payload });

async function register(purity?: number, on: TestLab = lab): Promise<{ id: string; docNumber: number }> {
  const docNumber = on.from + next++;
  return { id: await registerPacket(ctx.app, on, docNumber, purity ? { purity } : {}), docNumber };
}

const versions = (assayId: string) =>
  ctx.db
    .selectFrom('resultVersions')
    .select(['version', 'status', 'purity', 'jws', 'changedBy'])
    .where('assayId', '=', assayId)
    .orderBy('version')
    .execute();

async function verified(jws: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  const { payload } = await compactVerify(jws, createLocalJWKSet(res.json<JSONWebKeySet>()));
  return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
}

beforeAll(async () => {
  ctx = await createTestApp();
  lab = await createLab(ctx, { fName: 'آزمایشگاه نمونه' });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

describe('signed versions of a result', () => {
  it('none while a packet waits; version 1 when its purity is recorded, signed over what the public sees', async () => {
    const packet = await register();
    expect(await versions(packet.id)).toEqual([]);
    await post('/Tests/AddCutting', lab.h, [{ id: packet.id, cutting: 750 }]);
    const [v1, ...rest] = await versions(packet.id);
    expect(rest).toEqual([]);
    expect(v1).toMatchObject({ version: 1, status: 'published', purity: 750, changedBy: lab.id });
    expect(decodeProtectedHeader(v1!.jws)).toMatchObject({ alg: 'EdDSA', typ: 'ayar-result-v4+jws' });
    const signed = await verified(v1!.jws);
    const lookup = await post('/Tests/Result', {}, { code: String(packet.docNumber) });
    const item = (lookup as { list: Record<string, unknown>[] }).list[0]!;
    expect(signed).toMatchObject({
      docNumber: packet.docNumber,
      lab: 'آزمایشگاه نمونه',
      purity: 750,
      version: 1,
      state: 'published',
      token: item.token,
      registeredAt: item.createDate,
      weight: item.weight,
      sampleWeight: item.sampleWeight,
      testType: item.title,
    });
    // The payload is canonical JSON: anyone can rebuild the signed bytes from the fields.
    const [, payloadPart] = v1!.jws.split('.');
    expect(Buffer.from(payloadPart!, 'base64url').toString()).toBe(canonicalJson(signed as never));
  });

  it('a packet registered with its purity is published at once', async () => {
    const packet = await register(880);
    expect(await versions(packet.id)).toMatchObject([{ version: 1, status: 'published', purity: 880 }]);
  });

  it("a private edit makes no version; the lab's correction and the admin's change each make one", async () => {
    const packet = await register(700);
    await post('/Tests/EditTest', lab.h, { testId: packet.id, desc: 'یادداشت داخلی' });
    expect(await versions(packet.id)).toHaveLength(1);

    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 705, reason: 'خطای ثبت عدد' });
    await post('/Manage/EditTest', admin, {
      testId: packet.id,
      customerId: lab.customerId,
      customerName: 'علی رضایی',
      type: TEST_TYPES[0].id,
      weight: '12.5',
      sampleWeight: '0.250',
      cutting: 710,
      vage: 0,
      reason: 'برش دوباره نمونه',
    });
    const all = await versions(packet.id);
    expect(all.map((v) => [v.version, v.status, v.purity])).toEqual([
      [1, 'published', 700],
      [2, 'published', 705],
      [3, 'published', 710],
    ]);
    expect(all[2]!.changedBy).not.toBe(lab.id);
    expect((await verified(all[2]!.jws)).purity).toBe(710);
    // Each version's signature still verifies: the history is a chain of signed states.
    for (const v of all) expect((await verified(v.jws)).version).toBe(v.version);
  });

  it("the admin's deletion of a published result is signed as deleted, without a purity", async () => {
    const packet = await register(820);
    await post('/Manage/DeleteTest', admin, { id: packet.id });
    const all = await versions(packet.id);
    expect(all.map((v) => [v.version, v.status, v.purity])).toEqual([
      [1, 'published', 820],
      [2, 'deleted', null],
    ]);
    expect(await verified(all[1]!.jws)).toMatchObject({ state: 'deleted', purity: null, version: 2 });
  });
});

/** The admin's whole form (Manage/EditTest takes every field) for `lab`'s packet, with `extra` over it. */
const adminForm = (testId: string, extra: object) => ({
  testId,
  customerId: lab.customerId,
  customerName: 'علی رضایی',
  type: TEST_TYPES[0].id,
  weight: '12.5',
  sampleWeight: '0.250',
  vage: 0,
  ...extra,
});

const purityOf = async (id: string) =>
  (await ctx.db.selectFrom('assays').select('purity').where('id', '=', id).executeTakeFirstOrThrow()).purity;

const reasons = (assayId: string) =>
  ctx.db
    .selectFrom('resultVersions')
    .select(['version', 'purity', 'reason'])
    .where('assayId', '=', assayId)
    .orderBy('version')
    .execute();

const reasonRefused = (field: string) => ({
  successful: false,
  code: 'VALIDATION',
  errors: [{ field, message: RESULT_VERSION_MSG.reasonRequired }],
});

describe('the reason for a change to a published result', () => {
  it("the lab's correction in its window: refused without one, nothing changed; with one, the version carries it", async () => {
    const packet = await register(750);
    for (const payload of [
      { testId: packet.id, cutting: 745 },
      { testId: packet.id, cutting: 745, reason: '   ' },
    ]) {
      const res = await send('/Tests/EditTest', lab.h, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(reasonRefused('reason'));
      expect(res.json().message).toContain(String(packet.docNumber));
    }
    expect(await purityOf(packet.id)).toBe(750);
    expect(await reasons(packet.id)).toEqual([{ version: 1, purity: 750, reason: null }]);
    // Nor was the corrected ready SMS queued: it went with the rolled-back change.
    const texts = await ctx.db
      .selectFrom('messages')
      .select('text')
      .where('assayId', '=', packet.id)
      .execute();
    expect(texts.filter((m) => m.text.includes('745'))).toEqual([]);

    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 745, reason: 'خطای ثبت عدد' });
    expect(await reasons(packet.id)).toEqual([
      { version: 1, purity: 750, reason: null },
      { version: 2, purity: 745, reason: 'خطای ثبت عدد' },
    ]);
  });

  it('a first publication and a private edit need none; a public weight the lab shows does', async () => {
    const packet = await register();
    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 760 });
    await post('/Tests/EditTest', lab.h, { testId: packet.id, desc: 'یادداشت داخلی' });
    expect(await reasons(packet.id)).toEqual([{ version: 1, purity: 760, reason: null }]);

    const showing = await createLab(ctx, { settings: { showWeightForReport: true } });
    const shown = await register(770, showing);
    const weight = await send('/Tests/EditTest', showing.h, { testId: shown.id, weight: '13' });
    expect(weight.json()).toMatchObject(reasonRefused('reason'));
    await post('/Tests/EditTest', showing.h, { testId: shown.id, weight: '13', reason: 'وزن اشتباه ثبت شد' });
    expect(await reasons(shown.id)).toHaveLength(2);
  });
});

describe("the reason for the admin's change and for a list of purities", () => {
  it("the admin's change of a purity and a reissue after withdrawal need one; a private field does not", async () => {
    const packet = await register(700);
    const refused = await send('/Manage/EditTest', admin, adminForm(packet.id, { cutting: 710 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(reasonRefused('reason'));
    expect(await purityOf(packet.id)).toBe(700);

    await post('/Manage/EditTest', admin, adminForm(packet.id, { cutting: 700, desc: 'یادداشت مدیر' }));
    expect(await reasons(packet.id)).toHaveLength(1);

    await post('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'نمونه اشتباه بود' });
    const reissue = await send('/Manage/EditTest', admin, adminForm(packet.id, { cutting: 700 }));
    expect(reissue.json()).toMatchObject(reasonRefused('reason'));
    await post('/Manage/EditTest', admin, adminForm(packet.id, { cutting: 700, reason: 'برش دوباره' }));
    expect((await reasons(packet.id)).map((v) => v.reason)).toEqual([null, 'نمونه اشتباه بود', 'برش دوباره']);
  });

  it('AddCutting: a correction needs its own reason, named by its place; the whole call is undone', async () => {
    const waiting = await register();
    const published = await register(800);
    const refused = await send('/Tests/AddCutting', lab.h, [
      { id: waiting.id, cutting: 780 },
      { id: published.id, cutting: 805 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(reasonRefused('1.reason'));
    expect(await purityOf(waiting.id)).toBeNull();
    expect(await purityOf(published.id)).toBe(800);

    await post('/Tests/AddCutting', lab.h, [
      { id: waiting.id, cutting: 780 },
      { id: published.id, cutting: 805, reason: 'خطای ثبت' },
    ]);
    expect(await reasons(waiting.id)).toEqual([{ version: 1, purity: 780, reason: null }]);
    expect((await reasons(published.id)).at(-1)).toEqual({ version: 2, purity: 805, reason: 'خطای ثبت' });
  });

  it('a reason of 500 characters is taken, 501 refused', async () => {
    const packet = await register(850);
    const long = await send('/Tests/EditTest', lab.h, {
      testId: packet.id,
      cutting: 851,
      reason: 'ب'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'reason', message: ASSAY_MSG.tooLong }]);
    const listed = await send('/Tests/AddCutting', lab.h, [
      { id: packet.id, cutting: 851, reason: 'ب'.repeat(501) },
    ]);
    expect(listed.json().errors).toEqual([{ field: '0.reason', message: ASSAY_MSG.tooLong }]);
    expect(await purityOf(packet.id)).toBe(850);

    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 851, reason: 'ب'.repeat(500) });
    await post('/Tests/AddCutting', lab.h, [{ id: packet.id, cutting: 852, reason: 'پ'.repeat(500) }]);
    expect((await reasons(packet.id)).map((v) => v.reason?.length ?? 0)).toEqual([0, 500, 500]);
  });
});
