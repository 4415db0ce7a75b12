import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TYPES } from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';
import { canonicalJson } from '../signing/canonical.ts';

/**
 * Issue 17: every change of a published result is a new signed version (ADR 0029): the first
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

async function register(purity?: number): Promise<{ id: string; docNumber: number }> {
  const docNumber = lab.from + next++;
  const data = (await post('/Tests/AddTest', lab.h, [
    {
      customerId: lab.customerId,
      customerName: 'علی رضایی',
      docNumber,
      readyTime: 30,
      type: TEST_TYPES[0].id,
      weight: '12.5',
      sampleWeight: '0.250',
      ...(purity ? { cutting: purity } : {}),
    },
  ])) as { list: { id: string }[] };
  return { id: data.list[0]!.id, docNumber };
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
    expect(decodeProtectedHeader(v1!.jws)).toMatchObject({ alg: 'EdDSA', typ: 'ayar-result+jws' });
    const signed = await verified(v1!.jws);
    const lookup = await post('/Tests/Result', {}, { code: String(packet.docNumber) });
    const item = (lookup as { list: Record<string, unknown>[] }).list[0]!;
    expect(signed).toMatchObject({
      docNumber: packet.docNumber,
      lab: 'آزمایشگاه نمونه',
      purity: 750,
      version: 1,
      status: 'published',
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

    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 705 });
    await post('/Manage/EditTest', admin, {
      testId: packet.id,
      customerId: lab.customerId,
      customerName: 'علی رضایی',
      type: TEST_TYPES[0].id,
      weight: '12.5',
      sampleWeight: '0.250',
      cutting: 710,
      vage: 0,
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
    expect(await verified(all[1]!.jws)).toMatchObject({ status: 'deleted', purity: null, version: 2 });
  });
});
