import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { SMS_MESSAGE_READ_LIMIT } from './sms-lookup.routes.ts';

/**
 * ADR 0029: a person texts a packet number to the network's line and gets the result back by SMS.
 * The provider's webhook posts here; the answer is a row in the outbox (`messages`), which the worker
 * sends like any other.
 */

const SECRET = 'receive-secret-0123456789abcdef';
const LIMIT = 3;
const URL_OK = `/api/v1.0/Sms/Receive/${SECRET}`;
let ctx: TestContext;
let lab: TestLab;
let withPurity: number;
let waiting: number;
let messageSeq = 0;

async function register(docNumber: number, purity: number | null): Promise<void> {
  const id = await registerPacket(ctx.app, lab, docNumber);
  if (purity === null) return;
  const cut = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/AddCutting',
    headers: lab.h,
    payload: [{ id, cutting: purity }],
  });
  expect(cut.statusCode, cut.body).toBe(200);
}

/** Posts what Kavenegar posts: an HTML form. */
function deliver(from: string, message: string, messageid = `m${++messageSeq}`, url = URL_OK) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ messageid, from, to: '10004346', message }).toString(),
  });
}

/** The answers queued for `to` (lookups only: the packets' own notices go to the customer's mobile). */
async function answers(to: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('messages')
    .select('text')
    .where('toNumber', '=', to)
    .where('assayId', 'is', null)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => r.text);
}

beforeAll(async () => {
  ctx = await createTestApp({ smsReceive: { secret: SECRET, dailyLimit: LIMIT } });
  lab = await createLab(ctx, { fName: 'آزمایشگاه نمونه' });
  withPurity = lab.from;
  waiting = lab.from + 1;
  await register(withPurity, 750);
  await register(waiting, null);
});
afterAll(() => ctx.close());

describe('a lookup by SMS', () => {
  it('answers a posted message with exactly one reply: lab, purity, date; never a mobile or name', async () => {
    const res = await deliver('09351112233', String(withPurity));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successful: true, data: { outcome: 'answered' } });
    const sent = await answers('09351112233');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`بسته ${withPurity}`);
    expect(sent[0]).toContain('آزمایشگاه: آزمایشگاه نمونه');
    expect(sent[0]).toContain('عیار: 750');
    expect(sent[0]).toMatch(/تاریخ: 1[34]\d\d\/\d\d\/\d\d/);
    expect(sent[0]).not.toContain('09121234567');
    expect(sent[0]).not.toContain('علی رضایی');
  });

  it('reads Persian and Arabic digits and other words around the number; says when there is no purity yet', async () => {
    const persian = String(waiting).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    await deliver('+989351112244', `نتیجه ${persian} لطفا`);
    const arabic = String(withPurity).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    await deliver('09351112244', arabic);
    const sent = await answers('09351112244');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('عیار هنوز ثبت نشده است.');
    expect(sent[1]).toContain('عیار: 750');
  });

  it('answers an unknown number and a message without one shortly, in Persian', async () => {
    await deliver('09351112255', '999999999');
    await deliver('09351112255', 'سلام');
    expect(await answers('09351112255')).toEqual([
      'عیار: بسته‌ای با شماره 999999999 یافت نشد.',
      'عیار: برای دیدن نتیجه، فقط شماره بسته را پیامک کنید.',
    ]);
  });

  it('a repeated message id (the provider retrying) answers nothing more, even at once', async () => {
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => deliver('09351112266', String(withPurity), 'same-id')),
    );
    expect(tries.every((t) => t.statusCode === 200)).toBe(true);
    const outcomes = tries.map((t) => t.json<{ data: { outcome: string } }>().data.outcome);
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    expect(await answers('09351112266')).toHaveLength(1);
  });

  it(`answers ${LIMIT} per sender in 24 hours, the ${LIMIT + 1}th and later not, under concurrency too`, async () => {
    const tries = await Promise.all(
      Array.from({ length: LIMIT + 3 }, () => deliver('09351112277', String(withPurity))),
    );
    const outcomes = tries.map((t) => t.json<{ data: { outcome: string } }>().data.outcome);
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(LIMIT);
    expect(outcomes.filter((o) => o === 'limited')).toHaveLength(3);
    expect(await answers('09351112277')).toHaveLength(LIMIT);
    // Another sender is not held back by that one.
    await deliver('09351112288', String(withPurity));
    expect(await answers('09351112288')).toHaveLength(1);
  });

  it('says when a result was corrected, and that a withdrawn one is void, without its purity', async () => {
    const corrected = lab.from + 2;
    const withdrawn = lab.from + 3;
    await register(corrected, 700);
    await register(withdrawn, 710);
    const ids = await ctx.db
      .selectFrom('assays')
      .select(['id', 'docNumber'])
      .where('docNumber', 'in', [corrected, withdrawn])
      .execute();
    const idOf = (n: number) => ids.find((r) => r.docNumber === n)!.id;
    const edit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/EditTest',
      headers: lab.h,
      payload: { testId: idOf(corrected), cutting: 705, reason: 'خطای ثبت عدد' },
    });
    expect(edit.statusCode).toBe(200);
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Manage/WithdrawResult',
      headers: admin.headers,
      payload: { id: idOf(withdrawn), reason: 'نمونه اشتباه' },
    });
    expect(off.statusCode).toBe(200);
    await deliver('09351114400', String(corrected));
    await deliver('09351114400', String(withdrawn));
    const [first, second] = await answers('09351114400');
    expect(first).toContain('عیار: 705');
    expect(first).toContain('این نتیجه اصلاح شده است.');
    expect(second).toContain('این نتیجه باطل شده است.');
    expect(second).not.toContain('710');
  });

  it('answers a message of any length from the number in its first 1000 characters', async () => {
    const n = String(withPurity);
    const long = await deliver('09351115500', `${n} ${'سلام '.repeat(2000)}`);
    expect(long.statusCode).toBe(200);
    expect(long.json()).toMatchObject({ data: { outcome: 'answered' } });
    // The number ending at the 1000th character is read; one starting at the 1001st is not.
    await deliver('09351115511', `${'x'.repeat(SMS_MESSAGE_READ_LIMIT - n.length)}${n}`);
    await deliver('09351115522', `${'x'.repeat(SMS_MESSAGE_READ_LIMIT)}${n}`);
    expect(await answers('09351115500')).toEqual([expect.stringContaining('عیار: 750')]);
    expect(await answers('09351115511')).toEqual([expect.stringContaining('عیار: 750')]);
    expect(await answers('09351115522')).toEqual(['عیار: برای دیدن نتیجه، فقط شماره بسته را پیامک کنید.']);
  });

  it('answers only an Iranian mobile: a short code or a landline gets nothing', async () => {
    const res = await deliver('2188776655', String(withPurity));
    expect(res.json()).toMatchObject({ data: { outcome: 'not-a-mobile' } });
    expect(await answers('2188776655')).toEqual([]);
  });

  it('takes the query string as well (a provider calling with GET)', async () => {
    const query = new URLSearchParams({
      messageid: 'get-1',
      from: '09351112299',
      message: String(withPurity),
    });
    const res = await ctx.app.inject({ method: 'GET', url: `${URL_OK}?${query}` });
    expect(res.statusCode).toBe(200);
    expect(await answers('09351112299')).toHaveLength(1);
  });
});

describe('the webhook address', () => {
  it('a wrong or missing secret is a 404, as if nothing were there, and queues nothing', async () => {
    for (const url of [
      `/api/v1.0/Sms/Receive/${SECRET.slice(0, -1)}x`,
      '/api/v1.0/Sms/Receive/',
      '/api/v1.0/Sms/Receive/a',
    ]) {
      const res = await deliver('09351113300', String(withPurity), `wrong-${url.length}`, url);
      expect(res.statusCode).toBe(404);
    }
    expect(await answers('09351113300')).toEqual([]);
  });

  it('a message without its id or sender is a 400 with the field named', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL_OK,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=123',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['messageid', 'from']));
  });

  it('does not exist without SMS_RECEIVE_SECRET; the secret must be long enough for a URL', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: URL_OK, payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect(loadConfig({ SMS_RECEIVE_SECRET: 'a'.repeat(24) }).SMS_RECEIVE_SECRET).toBe('a'.repeat(24));
    expect(() => loadConfig({ SMS_RECEIVE_SECRET: 'a'.repeat(23) })).toThrow(/SMS_RECEIVE_SECRET/);
    expect(() => loadConfig({ SMS_RECEIVE_SECRET: `${'a'.repeat(24)}/x` })).toThrow(/SMS_RECEIVE_SECRET/);
    expect(loadConfig({}).SMS_LOOKUP_DAILY_LIMIT).toBe(10);
    expect(loadConfig({ SMS_LOOKUP_DAILY_LIMIT: '1' }).SMS_LOOKUP_DAILY_LIMIT).toBe(1);
    expect(() => loadConfig({ SMS_LOOKUP_DAILY_LIMIT: '0' })).toThrow(/SMS_LOOKUP_DAILY_LIMIT/);
  });
});
