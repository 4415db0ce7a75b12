import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultItem } from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { publicResults } from '../../../test/results.ts';

/**
 * ADR 0029 on the public lookup: where a result stands (pending, published, corrected, withdrawn), its
 * current signed version, and a JWS anyone can check against /.well-known/jwks.json. The lookup itself
 * (report settings, limits, photos) is results.test.ts.
 */

let ctx: TestContext;
let lab: TestLab;
let admin: Record<string, string>;
let next = 0;

async function post(url: string, headers: Record<string, string>, payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1.0${url}`, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: never }>().data;
}

async function register(purity?: number): Promise<{ id: string; docNumber: number }> {
  const docNumber = lab.from + next++;
  return { id: await registerPacket(ctx.app, lab, docNumber, purity ? { purity } : {}), docNumber };
}

/** The public item, each lookup from its own address; the item's JWS verified against the published keys. */
const { lookup, verifiedPayload } = publicResults(() => ctx.app, '10.9.');

/** What the signature vouches for must be what the item says. */
async function expectSignedAsShown(item: ResultItem) {
  const signed = await verifiedPayload(item.jws!);
  expect(signed).toMatchObject({
    docNumber: item.docNumber,
    purity: item.purity,
    state: item.status,
    version: item.version,
    token: item.token,
    publishedAt: item.signedAt,
    reason: item.changeReason,
  });
}

const recently = (at: string | null) => Date.now() - Date.parse(at!) < 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  lab = await createLab(ctx, { fName: 'آزمایشگاه نمونه' });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

describe('where a public result stands', () => {
  it('pending: no purity, nothing signed', async () => {
    const packet = await register();
    expect(await lookup(packet.docNumber)).toMatchObject({
      purity: null,
      status: 'pending',
      version: null,
      signedAt: null,
      changedAt: null,
      changeReason: null,
      jws: null,
    });
  });

  it('published: version 1, signed now, no correction; the JWS verifies and says what the item shows', async () => {
    const packet = await register();
    await post('/Tests/AddCutting', lab.h, [{ id: packet.id, cutting: 750 }]);
    const item = await lookup(packet.docNumber);
    expect(item).toMatchObject({
      purity: 750,
      status: 'published',
      version: 1,
      changedAt: null,
      changeReason: null,
    });
    expect(recently(item.signedAt)).toBe(true);
    await expectSignedAsShown(item);
  });

  it('corrected: version 2 with when and why; its JWS carries the new purity', async () => {
    const packet = await register(750);
    await post('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 745, reason: 'خطای ثبت عدد' });
    const item = await lookup(packet.docNumber);
    expect(item).toMatchObject({
      purity: 745,
      status: 'published',
      version: 2,
      changeReason: 'خطای ثبت عدد',
    });
    expect(item.changedAt).toBe(item.signedAt);
    expect(recently(item.changedAt)).toBe(true);
    await expectSignedAsShown(item);
  });

  it('withdrawn: no purity, when and why; signed as withdrawn', async () => {
    const packet = await register(760);
    await post('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'نمونه اشتباه بود' });
    const item = await lookup(packet.docNumber);
    expect(item).toMatchObject({
      purity: null,
      remain: 0,
      status: 'withdrawn',
      version: 2,
      changeReason: 'نمونه اشتباه بود',
    });
    expect(item.changedAt).toBe(item.signedAt);
    await expectSignedAsShown(item);
    // The slip's QR page shows the same.
    const byToken = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1.0/Tests/ResultByToken?token=${item.token}`,
      remoteAddress: '10.9.255.1',
    });
    expect(byToken.json<{ data: { list: ResultItem[] } }>().data.list[0]).toEqual(item);
  });
});

describe('a result from before versions existed', () => {
  it('is published, with nothing signed', async () => {
    const packet = await register(780);
    // What a packet from before migration 0015 looks like: a purity and no version row.
    await ctx.db.deleteFrom('resultVersions').where('assayId', '=', packet.id).execute();
    await ctx.db.updateTable('assays').set({ resultVersion: null }).where('id', '=', packet.id).execute();
    expect(await lookup(packet.docNumber)).toMatchObject({
      purity: 780,
      status: 'published',
      version: null,
      signedAt: null,
      changedAt: null,
      changeReason: null,
      jws: null,
    });
  });
});

describe("the item's signature", () => {
  it('fails once any field of its payload is changed, and under a header it was not made with', async () => {
    const packet = await register(750);
    const { jws } = await lookup(packet.docNumber);
    const [header, payload, signature] = jws!.split('.');
    const signed = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = (fields: Record<string, unknown>) =>
      [header, Buffer.from(JSON.stringify({ ...signed, ...fields })).toString('base64url'), signature].join(
        '.',
      );
    await expect(verifiedPayload(jws!)).resolves.toMatchObject({ purity: 750 });
    for (const fields of [{ purity: 999 }, { state: 'withdrawn' }, { version: 2 }, { docNumber: 1 }]) {
      await expect(verifiedPayload(forged(fields))).rejects.toThrow(/signature verification failed/);
    }
    const otherHeader = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url');
    await expect(verifiedPayload([otherHeader, payload, signature].join('.'))).rejects.toThrow();
  });
});
