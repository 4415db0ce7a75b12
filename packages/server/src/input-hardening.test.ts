import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { MSG, TEST_TYPES } from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../test/helpers.ts';
import { frameworkErrorEnvelope } from './plugins/errors.ts';

// docs/product.md §6.1: a NUL (or another control character) in a text field used to reach PostgreSQL,
// which refuses it, and the client got a 500. The contract's shared string inputs refuse it now, with
// the field named; the error handler maps PostgreSQL's encoding errors to 400 for anything that slips by.

const V = '/api/v1.0';
let ctx: TestContext;
let admin: Record<string, string>;
let workshop: Record<string, string>;
let customerId: string;
let workshopId: string;

beforeAll(async () => {
  ctx = await createTestApp({
    globalRateLimit: 100_000,
    extend: (app) => {
      // A query that sends what the contract would never let through, to reach the backstop directly.
      app.post<{ Body: { text: string; date: string } }>(
        `${V}/Probe/raw`,
        { config: { audience: 'public' } },
        async (request) => {
          const { text, date } = request.body;
          if (text !== undefined) await sql`select ${text}::text`.execute(ctx.db);
          if (date !== undefined) await sql`select ${date}::date`.execute(ctx.db);
          return { successful: true, message: '', data: null };
        },
      );
    },
  });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
  const w = await createSignedInUser(ctx);
  workshop = w.headers;
  workshopId = w.id;
  const customer = await ctx.app.inject({
    method: 'POST',
    url: `${V}/Customer/AddCustomer`,
    headers: workshop,
    payload: { customerName: 'مشتری نمونه', mobile1: '09121234567' },
  });
  expect(customer.statusCode).toBe(200);
  customerId = (
    await ctx.db.selectFrom('customers').select('id').where('workshopId', '=', w.id).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

const refused = (field: string, message: string = MSG.invalidText) => ({
  successful: false,
  message: MSG.validation,
  data: null,
  code: 'VALIDATION',
  errors: [{ field, message }],
});

type Headers = Record<string, string> | undefined;
const as = { anon: () => undefined, workshop: () => workshop, admin: () => admin };

const getCases: [string, keyof typeof as, Record<string, string>, string][] = [
  ['/Account/LabOwners', 'anon', { name: 'آزمایشگاه\u0000' }, 'name'],
  ['/Customer/CustomersByName', 'workshop', { name: 'حسن\u0000' }, 'name'],
  ['/Customer/AllCustomers', 'workshop', { name: '\u0000' }, 'name'],
  ['/Manage/AllCustomers', 'admin', { name: 'a\u0000b' }, 'name'],
  ['/Tests/AllTests', 'workshop', { filterType: '1', filterValue: 'حسن\u0000' }, 'filterValue'],
  ['/Manage/AllTests', 'admin', { filterType: '1', filterValue: '\u0000' }, 'filterValue'],
  ['/Manage/UsersByName', 'admin', { name: 'x\u0000' }, 'name'],
  ['/Manage/LabOwners', 'admin', { name: 'x\u0000' }, 'name'],
  ['/Manage/Messages', 'admin', { to: '0912\u0000' }, 'to'],
];

describe('a NUL in a text field is a 400 naming the field', () => {
  it('public sign-in and the one-time-code request', async () => {
    for (const url of ['/Account/login', '/Account/DisposableLogin']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: V + url,
        payload: { userName: 'ali\u0000', password: 'whatever-it-is' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(refused('userName'));
    }
  });

  it.each(getCases)('GET %s (%s)', async (url, who, query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: V + url, headers: as[who](), query });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(field));
  });

  const draft = () => ({
    customerId,
    customerName: 'مشتری نمونه',
    docNumber: 100_001,
    readyTime: 30,
    type: TEST_TYPES[0].id,
  });
  const postCases: [string, keyof typeof as, () => unknown, string][] = [
    [
      '/Customer/AddCustomer',
      'workshop',
      () => ({ customerName: 'x\u0000', mobile1: '09121234567' }),
      'customerName',
    ],
    [
      '/Customer/AddCustomer',
      'workshop',
      () => ({ customerName: 'x', mobile1: '09121234567', desc: 'a\u0000' }),
      'desc',
    ],
    ['/Tests/AddTest', 'workshop', () => [{ ...draft(), desc: 'ok\u0000' }], '0.desc'],
    ['/Tests/AddTest', 'workshop', () => [{ ...draft(), customerName: 'x\u0000' }], '0.customerName'],
    ['/Tests/AddTest', 'workshop', () => [{ ...draft(), platform: 'w\u0000' }], '0.platform'],
    [
      '/Customer/AddPay',
      'workshop',
      () => ({ customerId, type: 1, money: 10, date: '2026-01-01', desc: '\u0000' }),
      'desc',
    ],
    [
      '/Account/AddCredit',
      'workshop',
      () => ({ value: 5000, date: '2026-01-01', account: 'ملت', trackingCode: 'T\u00001' }),
      'trackingCode',
    ],
    [
      '/Account/AddPublicUser',
      'anon',
      () => ({
        fName: 'آزمایشگاه\u0000',
        fullName: 'مدیر',
        userName: 'lab_nul',
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
        phone: null,
        cellPhone: null,
      }),
      'fName',
    ],
  ];
  it.each(postCases)('POST %s (%s) refuses it in %s', async (url, who, body, field) => {
    const payload = body() as Record<string, unknown>;
    const res = await ctx.app.inject({ method: 'POST', url: V + url, headers: as[who](), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(field));
  });
});

describe('other control characters', () => {
  const search = (name: string, headers: Headers = workshop) =>
    ctx.app.inject({ method: 'GET', url: `${V}/Customer/CustomersByName`, headers, query: { name } });

  it('single-line text refuses every C0 control and DEL inside it, but trims a pasted line break', async () => {
    for (const ch of ['\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f']) {
      const res = await search(`حسن${ch}رضا`);
      expect(res.statusCode, JSON.stringify(ch)).toBe(400);
      expect(res.json()).toEqual(refused('name'));
    }
    expect((await search('حسن\n')).statusCode).toBe(200);
    // Zero-width non-joiner and direction marks are ordinary Persian text.
    expect((await search('محمد\u200cرضا\u200f')).statusCode).toBe(200);
  });

  it('multi-line text (descriptions, SMS templates) keeps tab and line breaks, refuses the rest', async () => {
    const add = (desc: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${V}/Customer/AddCustomer`,
        headers: workshop,
        payload: { customerName: `مشتری ${desc.length}`, mobile1: '09121234567', desc },
      });
    expect((await add('خط یک\nخط دو\r\n\tخط سه')).statusCode).toBe(200);
    for (const ch of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f']) {
      const res = await add(`خط${ch}دو`);
      expect(res.statusCode, JSON.stringify(ch)).toBe(400);
      expect(res.json()).toEqual(refused('desc'));
    }
  });
});

describe('what the fuzz test found', () => {
  it('a numeric list filter past its column is a 400, not a PostgreSQL range error', async () => {
    const cases: [string, string, string][] = [
      ['2', '2147483648', 'مقدار جستجو بیش از حد بزرگ است'],
      ['3', '1234567890123', 'مقدار جستجو بیش از حد بزرگ است'],
      ['4', '99999', 'مقدار جستجو بیش از حد بزرگ است'],
      ['2', '12a', 'مقدار جستجو باید عدد باشد'],
    ];
    for (const [url, headers] of [
      ['/Tests/AllTests', workshop],
      ['/Manage/AllTests', admin],
    ] as const) {
      for (const [filterType, filterValue, message] of cases) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: V + url,
          headers,
          query: { filterType, filterValue },
        });
        expect(res.statusCode, `${url} ${filterType}=${filterValue}`).toBe(400);
        expect(res.json()).toEqual(refused('filterValue', message));
      }
      const fine = await ctx.app.inject({
        method: 'GET',
        url: V + url,
        headers,
        query: { filterType: '2', filterValue: '999999999' },
      });
      expect(fine.statusCode).toBe(200);
    }
  });

  it('half of a surrogate pair is refused before the audit log stores it as jsonb', async () => {
    const settings = {
      AccNumber: '1234-5678',
      AccName: 'حساب',
      price: 1000,
      readySMS: ['بسته #d آماده است'],
      waitSMS: ['بسته #d در انتظار است'],
    };
    for (const [field, body] of [
      ['AccName', { ...settings, AccName: 'حساب\ud800' }],
      ['waitSMS.0', { ...settings, waitSMS: ['\udfff\ud800'] }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V}/Account/AddOrUpdateSystemSetting`,
        headers: admin,
        payload: body,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual(refused(field));
    }
    const whole = await ctx.app.inject({
      method: 'POST',
      url: `${V}/Account/AddOrUpdateSystemSetting`,
      headers: admin,
      payload: { ...settings, AccName: 'حساب 😀' },
    });
    expect(whole.statusCode).toBe(200);
  });

  it("the router's own refusals can answer with the envelope (frameworkErrorEnvelope)", async () => {
    const app = Fastify({ frameworkErrors: frameworkErrorEnvelope, maxParamLength: 10 });
    app.get('/x/:id', async () => 'ok');
    for (const [url, status] of [
      ['/x/%ff%fe', 400],
      ['/x/aaaaaaaaaaaaaaaaaaaa', 414],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json()).toEqual({
        successful: false,
        message: MSG.validation,
        data: null,
        code: 'VALIDATION',
      });
    }
    await app.close();
  });

  it('a display type past its smallint column is a 400, not a PostgreSQL range error', async () => {
    const allot = await ctx.app.inject({
      method: 'POST',
      url: `${V}/Manage/GetCodes`,
      headers: admin,
      payload: { userId: workshopId, fromCode: 100_000, toCode: 100_009 },
    });
    expect(allot.statusCode).toBe(200);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `${V}/Tests/AddTest`,
      headers: workshop,
      payload: [{ customerId, customerName: 'مشتری نمونه', docNumber: 100_000, type: TEST_TYPES[0].id }],
    });
    expect(added.statusCode).toBe(200);
    const testId = (added.json() as { data: { list: { id: string }[] } }).data.list[0]!.id;
    for (const displayType of [32_768, -32_769, -9_007_199_254_740_990]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V}/Manage/EditTest`,
        headers: admin,
        payload: { testId, customerId, sampleWeight: '1.5', displayType },
      });
      expect(res.statusCode, String(displayType)).toBe(400);
      expect(res.json()).toEqual(refused('displayType', 'نوع نمایش معتبر نیست'));
    }
    const fine = await ctx.app.inject({
      method: 'POST',
      url: `${V}/Manage/EditTest`,
      headers: admin,
      payload: { testId, customerId, sampleWeight: '1.5', displayType: 32_767 },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('a body that is null is refused by the schema, not by a crash in one of its checks', async () => {
    for (const [url, headers] of [
      ['/Account/AddPublicUser', undefined],
      ['/Manage/AddUser', admin],
      ['/Customer/AddPay', workshop],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: V + url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { errors?: { field: string }[] }).errors, url).toEqual([
        { field: '', message: expect.any(String) },
      ]);
    }
  });

  it('a malformed multipart upload is a 400, not a 500', async () => {
    const upload = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${V}/Tests/AddFile`,
        headers: { ...workshop, 'content-type': contentType },
        payload,
      });
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nphoto\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=abc', part('other')],
      ['multipart/form-data; boundary=abc', part('abc')],
    ]) {
      const res = await upload(contentType!, payload!);
      expect(res.statusCode, `${contentType} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
    }
  });
});

describe('the backstop: PostgreSQL data errors the contract missed are a 400, not a 500', () => {
  const probe = (payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `${V}/Probe/raw`, payload });

  it('an encoding error (NUL) is a 400 with the invalid-text message', async () => {
    const res = await probe({ text: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      successful: false,
      message: MSG.invalidText,
      data: null,
      code: 'VALIDATION',
    });
  });

  it.each(['2026-02-30', '2026-13-01', 'not a date', '0000-01-01'])(
    'an impossible date (%s) is a 400 with the invalid-date message',
    async (date) => {
      const res = await probe({ date });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        successful: false,
        message: MSG.invalidDate,
        data: null,
        code: 'VALIDATION',
      });
    },
  );

  it('the probe itself works for good input', async () => {
    expect((await probe({ text: 'ok', date: '2026-02-28' })).statusCode).toBe(200);
  });
});
