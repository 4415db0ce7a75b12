import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TYPES } from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';

/**
 * ADR 0029 over HTTP: the administrator withdraws a result and reissues it, anyone checks a
 * printed slip against the live result, and labs and admins read a result's signed versions.
 */

let ctx: TestContext;
let lab: TestLab;
let otherLab: TestLab;
let admin: Record<string, string>;
let next = 0;

const call = (url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1.0${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });

async function ok(url: string, headers: Record<string, string>, payload?: object) {
  const res = await call(url, headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: never; message: string }>();
}

async function register(purity?: number, extra: object = {}): Promise<{ id: string; docNumber: number }> {
  const docNumber = lab.from + next++;
  return {
    id: await registerPacket(ctx.app, lab, docNumber, { ...(purity ? { purity } : {}), extra }),
    docNumber,
  };
}

const lookup = async (docNumber: number) =>
  ((await ok('/Tests/Result', {}, { code: docNumber })).data as { list: { purity: number | null }[] })
    .list[0]!;

const verify = async (code: number | string, purity: number | string) =>
  (await ok('/Tests/VerifySlip', {}, { code, purity })).data as {
    outcome: string;
    purity: number | null;
    version: number | null;
    changedAt: string | null;
    reason: string | null;
  };

const adminEdit = (id: string, cutting: number, reason: string) =>
  ok('/Manage/EditTest', admin, {
    testId: id,
    customerId: lab.customerId,
    customerName: 'علی رضایی',
    type: TEST_TYPES[0].id,
    weight: '12.5',
    sampleWeight: '0.250',
    cutting,
    vage: 0,
    reason,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  lab = await createLab(ctx, { fName: 'آزمایشگاه نمونه' });
  otherLab = await createLab(ctx);
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

describe('withdrawing a result', () => {
  it('hides the purity from the public, keeps it in the record, signs it and tells the customer', async () => {
    const packet = await register(750);
    const res = await ok('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'نمونه اشتباه بود' });
    expect(res.message).toBe('نتیجه باطل شد');
    expect((await lookup(packet.docNumber)).purity).toBeNull();
    const row = await ctx.db
      .selectFrom('assays')
      .select('purity')
      .where('id', '=', packet.id)
      .executeTakeFirst();
    expect(row?.purity).toBe(750);
    const sms = await ctx.db
      .selectFrom('messages')
      .select(['toNumber', 'text'])
      .where('assayId', '=', packet.id)
      .where('text', 'like', '%باطل%')
      .execute();
    expect(sms).toEqual([
      {
        toNumber: '09121234567',
        text: `عیار: نتیجه بسته ${packet.docNumber} (آزمایشگاه نمونه) باطل شد.\nعلت: نمونه اشتباه بود`,
      },
    ]);
    const { data } = await ok(`/Manage/ResultVersions?testId=${packet.id}`, admin);
    expect((data as { list: unknown[] }).list).toMatchObject([
      { version: 1, status: 'published', purity: 750, reason: null, byRole: 'workshop' },
      { version: 2, status: 'withdrawn', purity: null, reason: 'نمونه اشتباه بود', byRole: 'admin' },
    ]);
  });

  it('a new purity reissues it as another version, even the same value', async () => {
    const packet = await register(760);
    await ok('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'برش دوباره' });
    await adminEdit(packet.id, 760, 'برش دوباره نمونه');
    expect((await lookup(packet.docNumber)).purity).toBe(760);
    const { data } = await ok(`/Tests/ResultVersions?testId=${packet.id}`, lab.h);
    expect((data as { list: { status: string }[] }).list.map((v) => v.status)).toEqual([
      'published',
      'withdrawn',
      'published',
    ]);
  });

  it("a lab's edit of a shown weight keeps the withdrawal's reason and time on the public page", async () => {
    const shows = await createLab(ctx, { settings: { showSampleWeightForReport: true } });
    const id = await registerPacket(ctx.app, shows, shows.from, { purity: 770 });
    await ok('/Manage/WithdrawResult', admin, { id, reason: 'نمونه جابه‌جا شده بود' });
    const before = (await ok('/Tests/Result', {}, { code: shows.from })).data as {
      list: { changeReason: string | null; changedAt: string | null; version: number }[];
    };
    await ok('/Tests/EditTest', shows.h, { testId: id, sampleWeight: '0.300' });
    const after = (await ok('/Tests/Result', {}, { code: shows.from })).data as typeof before;
    expect(after.list[0]!.version, 'the new weight is signed').toBe(3);
    expect(after.list[0]).toMatchObject({
      status: 'withdrawn',
      sampleWeight: 0.3,
      changeReason: 'نمونه جابه‌جا شده بود',
      changedAt: before.list[0]!.changedAt,
    });
  });

  it('refuses twice, a packet without a purity, a deleted one; a reason of 3 to 500 characters', async () => {
    const packet = await register(770);
    const short = await call('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'ab' });
    expect(short.statusCode).toBe(400);
    const long = await call('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'ب'.repeat(501) });
    expect(long.statusCode).toBe(400);
    await ok('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'abc' });
    const again = await call('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'ب'.repeat(500) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'این نتیجه پیش از این باطل شده است' });

    const waiting = await register();
    const notYet = await call('/Manage/WithdrawResult', admin, { id: waiting.id, reason: 'ب'.repeat(500) });
    expect(notYet.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'این بسته هنوز نتیجه منتشرشده‌ای ندارد',
    });
    const bad = await call('/Manage/WithdrawResult', admin, { id: 'not-an-id', reason: 'abc' });
    expect(bad.statusCode).toBe(400);
    const missing = await call('/Manage/WithdrawResult', admin, { id: crypto.randomUUID(), reason: 'abc' });
    expect(missing.statusCode).toBe(404);
  });

  it('is the administrator’s alone', async () => {
    const packet = await register(780);
    expect((await call('/Manage/WithdrawResult', lab.h, { id: packet.id, reason: 'abc' })).statusCode).toBe(
      403,
    );
    expect((await call('/Manage/WithdrawResult', {}, { id: packet.id, reason: 'abc' })).statusCode).toBe(401);
    expect((await lookup(packet.docNumber)).purity).toBe(780);
  });
});

describe('the withdrawal SMS', () => {
  it('sends its SMS as the purity was sent: not to a packet that sends no SMS', async () => {
    const sent = (id: string) =>
      ctx.db.selectFrom('messages').select(['kind', 'text']).where('assayId', '=', id).execute();
    const silent = await register(750, { sendSMS: false, sendCall: true });
    const told = await register(750, { sendSMS: true, sendCall: false });
    for (const p of [silent, told]) {
      await ok('/Manage/WithdrawResult', admin, { id: p.id, reason: 'نمونه اشتباه بود' });
    }
    // The purity went by call only, so the withdrawal is not an SMS out of nowhere.
    expect((await sent(silent.id)).map((m) => m.kind)).toEqual(['call']);
    expect((await sent(silent.id)).some((m) => m.text.includes('باطل'))).toBe(false);
    const toldTexts = (await sent(told.id)).map((m) => m.text);
    expect(toldTexts.filter((t) => t.includes('باطل'))).toHaveLength(1);
    expect((await lookup(silent.docNumber)).purity).toBeNull();
  });
});

describe('checking a printed slip', () => {
  it('matches, out of date after a correction (when, and the current purity), withdrawn, pending, unknown', async () => {
    const packet = await register(750);
    expect(await verify(packet.docNumber, 750)).toEqual({
      outcome: 'matches',
      purity: 750,
      version: 1,
      changedAt: null,
      reason: null,
    });
    await ok('/Tests/EditTest', lab.h, { testId: packet.id, cutting: 745, reason: 'خطای ثبت عدد' });
    const outdated = await verify(packet.docNumber, 750);
    expect(outdated).toMatchObject({ outcome: 'outdated', purity: 745, version: 2, reason: 'خطای ثبت عدد' });
    expect(Date.now() - Date.parse(outdated.changedAt!)).toBeLessThan(60_000);
    expect(await verify(packet.docNumber, 745)).toMatchObject({ outcome: 'matches', purity: 745 });

    await ok('/Manage/WithdrawResult', admin, { id: packet.id, reason: 'نمونه اشتباه بود' });
    expect(await verify(packet.docNumber, 745)).toMatchObject({
      outcome: 'withdrawn',
      purity: null,
      version: 3,
      reason: 'نمونه اشتباه بود',
    });
    const waiting = await register();
    expect((await verify(waiting.docNumber, 750)).outcome).toBe('pending');
    expect((await verify(999_999_999, 750)).outcome).toBe('not-found');
  });

  it('takes Persian digits; a purity of 600 and 999 is checked, 599 and 1000 refused', async () => {
    const packet = await register(600);
    const persian = String(packet.docNumber).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect((await verify(persian, '۶۰۰')).outcome).toBe('matches');
    expect((await verify(packet.docNumber, 999)).outcome).toBe('outdated');
    for (const purity of [599, 1000, '', 'abc']) {
      expect((await call('/Tests/VerifySlip', {}, { code: packet.docNumber, purity })).statusCode).toBe(400);
    }
  });

  it('is limited like the lookup: 30 a minute per address, the 31st refused', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1.0/Tests/VerifySlip',
          payload: { code: 1, purity: 750 },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("a result's versions", () => {
  it('are the own lab’s and the admin’s to read; another lab gets 404, no session 401, a lab the admin route 403', async () => {
    const packet = await register(790);
    expect((await call(`/Tests/ResultVersions?testId=${packet.id}`, otherLab.h)).statusCode).toBe(404);
    expect((await call(`/Tests/ResultVersions?testId=${packet.id}`, {})).statusCode).toBe(401);
    expect((await call(`/Manage/ResultVersions?testId=${packet.id}`, lab.h)).statusCode).toBe(403);
    expect((await call('/Tests/ResultVersions?testId=nope', lab.h)).statusCode).toBe(400);
    const { data } = await ok(`/Tests/ResultVersions?testId=${packet.id}`, lab.h);
    expect((data as { list: { jws: string }[] }).list).toHaveLength(1);
  });

  it('are an empty list for a packet that waits, and 404 for one that does not exist', async () => {
    const waiting = await register();
    expect((await ok(`/Tests/ResultVersions?testId=${waiting.id}`, lab.h)).data).toEqual({ list: [] });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(`/Tests/ResultVersions?testId=${missing}`, lab.h)).statusCode).toBe(404);
    expect((await call(`/Manage/ResultVersions?testId=${missing}`, admin)).statusCode).toBe(404);
  });

  it('of a deleted packet: gone for its lab, kept for the admin with the deletion as the last version', async () => {
    const packet = await register(760);
    await ok('/Manage/DeleteTest', admin, { id: packet.id });
    expect((await call(`/Tests/ResultVersions?testId=${packet.id}`, lab.h)).statusCode).toBe(404);
    const { data } = await ok(`/Manage/ResultVersions?testId=${packet.id}`, admin);
    expect((data as { list: { status: string }[] }).list.map((v) => v.status)).toEqual([
      'published',
      'deleted',
    ]);
  });
});
