import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, REY_TEST_TYPE_ID, SMS_CHOICE_MSG, TEST_TYPES } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab as Lab } from '../../../test/labs.ts';

// ADR 0027: a workshop chooses which of the network's ready and wait texts its customers receive, and a
// melted-gold packet's first purity is followed by the rey SMS.

const P = '/api/v1.0';
const READY = ['نتیجه بسته #d: عیار #c — #n', 'آزمایشگاه #n: بسته #d با عیار #c آماده است'];
const WAIT = ['بسته #d ثبت شد؛ #t دقیقه دیگر', 'نمونه #d در #n؛ نتیجه تا #t دقیقه دیگر'];
const REY = 'پیگیری ری بسته #d (عیار #c) از #n';

let ctx: TestContext;
let admin: Record<string, string>;
const newLab = (fName: string) => createLab(ctx, { fName });

const post = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: P + url, headers, payload: payload as object });

async function saveSystemSettings(rey = REY, ready = READY) {
  const res = await post('/Account/AddOrUpdateSystemSetting', admin, {
    AccNumber: '1234',
    price: 1000,
    readySMS: ready,
    waitSMS: WAIT,
    smsRey: rey,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function register(lab: Lab, n: number, extra: Record<string, unknown> = {}) {
  const res = await post('/Tests/AddTest', lab.h, [
    {
      customerId: lab.customerId,
      customerName: 'علی رضایی',
      docNumber: lab.from + n,
      readyTime: 30,
      type: TEST_TYPES[0].id,
      ...extra,
    },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as { id: string }[])[0]!.id;
}

async function texts(assayId: string) {
  const rows = await ctx.db
    .selectFrom('messages')
    .select(['kind', 'text'])
    .where('assayId', '=', assayId)
    .orderBy('nextAttemptAt')
    .execute();
  return rows.filter((r) => r.kind === 'sms').map((r) => r.text);
}

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  admin = await signIn(ctx.app, a.username, a.password);
  await saveSystemSettings();
});
afterAll(() => ctx.close());

describe('GET /Account/SmsTemplates', () => {
  it('lists the network’s texts for a workshop; 401 without a session, 403 for the admin', async () => {
    const lab = await newLab('آزمایشگاه فهرست');
    const res = await ctx.app.inject({ method: 'GET', url: `${P}/Account/SmsTemplates`, headers: lab.h });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ readySMS: READY, waitSMS: WAIT, smsRey: REY });
    expect((await ctx.app.inject({ method: 'GET', url: `${P}/Account/SmsTemplates` })).statusCode).toBe(401);
    const asAdmin = await ctx.app.inject({ method: 'GET', url: `${P}/Account/SmsTemplates`, headers: admin });
    expect(asAdmin.statusCode).toBe(403);
  });
});

describe('choosing the texts (POST /Account/EditSettings)', () => {
  it('the wait and ready messages use the texts the workshop chose; another workshop keeps the first', async () => {
    const chooser = await newLab('آزمایشگاه انتخاب');
    const plain = await newLab('آزمایشگاه ساده');
    const saved = await post('/Account/EditSettings', chooser.h, {
      settings: { ...DEFAULT_USER_SETTINGS, readySms: READY[1], waitSms: WAIT[1] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ readySms: READY[1], waitSms: WAIT[1] });

    const mine = await register(chooser, 1);
    const theirs = await register(plain, 1);
    for (const [lab, id] of [
      [chooser, mine],
      [plain, theirs],
    ] as const) {
      const res = await post('/Tests/AddCutting', lab.h, [{ id, cutting: 750 }]);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await texts(mine)).toEqual([
      `نمونه ${chooser.from + 1} در آزمایشگاه انتخاب؛ نتیجه تا 30 دقیقه دیگر`,
      `آزمایشگاه آزمایشگاه انتخاب: بسته ${chooser.from + 1} با عیار 750 آماده است`,
    ]);
    expect(await texts(theirs)).toEqual([
      `بسته ${plain.from + 1} ثبت شد؛ 30 دقیقه دیگر`,
      `نتیجه بسته ${plain.from + 1}: عیار 750 — آزمایشگاه ساده`,
    ]);
  });

  it('a chosen text the administrator has since removed falls back to the list’s first', async () => {
    const lab = await newLab('آزمایشگاه حذف‌شده');
    await post('/Account/EditSettings', lab.h, {
      settings: { ...DEFAULT_USER_SETTINGS, readySms: READY[1] },
    });
    await saveSystemSettings(REY, [READY[0]!]);
    try {
      const id = await register(lab, 1, { cutting: 800 });
      expect(await texts(id)).toEqual([`نتیجه بسته ${lab.from + 1}: عیار 800 — آزمایشگاه حذف‌شده`]);
    } finally {
      await saveSystemSettings();
    }
  });

  it('refuses a text that is not in the network’s list, by field', async () => {
    const lab = await newLab('آزمایشگاه نادرست');
    const res = await post('/Account/EditSettings', lab.h, {
      settings: { ...DEFAULT_USER_SETTINGS, readySms: 'متن ساختگی', waitSms: WAIT[0] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'settings.readySms', message: SMS_CHOICE_MSG.gone }]);
  });
});

describe('the rey (follow-up) SMS', () => {
  it('follows the ready SMS of a melted-gold packet’s first purity, once', async () => {
    const lab = await newLab('آزمایشگاه ری');
    const id = await register(lab, 1, { type: REY_TEST_TYPE_ID });
    expect(await post('/Tests/AddCutting', lab.h, [{ id, cutting: 990 }]).then((r) => r.statusCode)).toBe(
      200,
    );
    // A correction within the hour sends the corrected ready SMS, not a second follow-up.
    expect(
      await post('/Tests/AddCutting', lab.h, [{ id, cutting: 991, reason: 'خطای ثبت' }]).then(
        (r) => r.statusCode,
      ),
    ).toBe(200);
    const n = lab.from + 1;
    // In the order they fall due: the follow-up waits a minute after the ready SMS it follows.
    expect(await texts(id)).toEqual([
      `بسته ${n} ثبت شد؛ 30 دقیقه دیگر`,
      `نتیجه بسته ${n}: عیار 990 — آزمایشگاه ری`,
      `نتیجه بسته ${n}: عیار 991 — آزمایشگاه ری`,
      `پیگیری ری بسته ${n} (عیار 990) از آزمایشگاه ری`,
    ]);
    const [ready, rey] = await ctx.db
      .selectFrom('messages')
      .select(['nextAttemptAt'])
      .where('assayId', '=', id)
      .where('kind', '=', 'sms')
      .where('text', 'in', [
        `نتیجه بسته ${n}: عیار 990 — آزمایشگاه ری`,
        `پیگیری ری بسته ${n} (عیار 990) از آزمایشگاه ری`,
      ])
      .orderBy('nextAttemptAt')
      .execute();
    expect(rey!.nextAttemptAt.getTime() - ready!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(59_000);
  });

  it('goes with a melted-gold packet registered with its purity; not for other types or without SMS', async () => {
    const lab = await newLab('آزمایشگاه آبشده');
    const melted = await register(lab, 1, { type: REY_TEST_TYPE_ID, cutting: 995 });
    const coin = await register(lab, 2, { type: TEST_TYPES[3].id, cutting: 900 });
    const silent = await register(lab, 3, { type: REY_TEST_TYPE_ID, cutting: 995, sendSMS: false });
    expect((await texts(melted)).at(-1)).toBe(`پیگیری ری بسته ${lab.from + 1} (عیار 995) از آزمایشگاه آبشده`);
    expect(await texts(coin)).toHaveLength(1);
    expect(await texts(silent)).toEqual([]);
  });

  it('is not sent while the administrator has written no rey text', async () => {
    await saveSystemSettings('');
    try {
      const lab = await newLab('آزمایشگاه بی‌ری');
      const id = await register(lab, 1, { type: REY_TEST_TYPE_ID, cutting: 990 });
      expect(await texts(id)).toHaveLength(1);
    } finally {
      await saveSystemSettings();
    }
  });

  it('another workshop’s packet is 404 and nobody is told', async () => {
    const lab = await newLab('آزمایشگاه یک');
    const stranger = await newLab('آزمایشگاه دو');
    const id = await register(lab, 1, { type: REY_TEST_TYPE_ID });
    const res = await post('/Tests/AddCutting', stranger.h, [{ id, cutting: 990 }]);
    expect(res.statusCode).toBe(404);
    expect(await texts(id)).toHaveLength(1);
  });
});
