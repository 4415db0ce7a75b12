import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@ayar/contract';
import { createSignedInUser, createTestApp, errorFields, type TestContext } from '../test/helpers.ts';

// docs/product.md §6.1: an impossible Gregorian date (2026-02-30) passed the check, which let JavaScript
// roll it over to March, and PostgreSQL refused it with a 500. Every yyyy-mm-dd now goes through one
// contract input that round-trips the date; both edges of February are checked on every endpoint.

const V = '/api/v1.0';
let ctx: TestContext;
let admin: Record<string, string>;
let workshop: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
  workshop = (await createSignedInUser(ctx)).headers;
});
afterAll(async () => {
  await ctx?.close();
});

const GOOD = ['2026-02-28', '2028-02-29'];
const BAD = ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01'];

/** How a date reaches an endpoint: the field it is sent in, and the request around it. */
interface DateEndpoint {
  name: string;
  headers: () => Record<string, string>;
  send: (field: string, date: string, other: string) => Promise<{ statusCode: number; json: () => unknown }>;
  fields: string[];
}

const list = (url: string, headers: () => Record<string, string>): DateEndpoint => ({
  name: `GET ${url}`,
  headers,
  fields: ['fromDate', 'toDate'],
  send: (field, date, other) =>
    ctx.app.inject({
      method: 'GET',
      url: V + url,
      headers: headers(),
      query: field === 'fromDate' ? { fromDate: date, toDate: other } : { fromDate: other, toDate: date },
    }),
});
const range = (url: string, headers: () => Record<string, string>): DateEndpoint => ({
  name: `POST ${url}`,
  headers,
  fields: ['fromDate', 'toDate'],
  send: (field, date, other) =>
    ctx.app.inject({
      method: 'POST',
      url: V + url,
      headers: headers(),
      payload: field === 'fromDate' ? { fromDate: date, toDate: other } : { fromDate: other, toDate: date },
    }),
});

const endpoints: DateEndpoint[] = [
  list('/Tests/AllTests', () => workshop),
  list('/Manage/AllTests', () => admin),
  list('/Manage/Messages', () => admin),
  range('/Tests/GetDailyStatistics', () => workshop),
  range('/Manage/GetDailyStatistics', () => admin),
  range('/Manage/GetTestStatisticsWithGroupUser', () => admin),
  range('/Tests/GetStatistics', () => workshop),
  range('/Manage/GetManageStatistics', () => admin),
];

/** The other end of the range: the same day for a good date, so the order check stays quiet. */
const otherEnd = (field: string, date: string) =>
  GOOD.includes(date) ? date : field === 'fromDate' ? '2026-12-31' : '2026-01-01';

describe.each(endpoints)('$name', (endpoint) => {
  it.each(GOOD)('takes %s in either field', async (date) => {
    for (const field of endpoint.fields) {
      const res = await endpoint.send(field, date, otherEnd(field, date));
      expect(res.statusCode, `${field}=${date}: ${JSON.stringify(res.json())}`).toBe(200);
    }
  });

  it.each(BAD)('refuses %s with a 400 naming the field', async (date) => {
    for (const field of endpoint.fields) {
      const res = await endpoint.send(field, date, otherEnd(field, date));
      expect(res.statusCode, `${field}=${date}`).toBe(400);
      expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION', message: MSG.validation });
      expect(errorFields(res)).toEqual([field]);
    }
  });
});

describe('POST /Manage/RemoveTest', () => {
  const remove = (startDate: string) =>
    ctx.app.inject({ method: 'POST', url: `${V}/Manage/RemoveTest`, headers: admin, payload: { startDate } });

  it.each(['2026-02-28', '2024-02-29'])('takes %s', async (date) => {
    const res = await remove(date);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  });

  it.each(BAD)('refuses %s as an invalid date', async (date) => {
    const res = await remove(date);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: unknown }).errors).toEqual([
      { field: 'startDate', message: MSG.invalidDate },
    ]);
  });

  it('refuses 2028-02-29 as a future day, not as an impossible one', async () => {
    const res = await remove('2028-02-29');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: unknown }).errors).toEqual([
      { field: 'startDate', message: 'تاریخ شروع نمی‌تواند بعد از امروز باشد' },
    ]);
  });
});

describe('dates a workshop types into a form', () => {
  it('AddPay and AddCredit refuse the impossible ones and take a leap day', async () => {
    const customer = await ctx.app.inject({
      method: 'POST',
      url: `${V}/Customer/AddCustomer`,
      headers: workshop,
      payload: { customerName: 'مشتری تاریخ', mobile1: '09121234567' },
    });
    expect(customer.statusCode).toBe(200);
    const all = await ctx.app.inject({ method: 'GET', url: `${V}/Customer/AllCustomers`, headers: workshop });
    const customerId = (all.json() as { data: { list: { customerId: string }[] } }).data.list[0]!.customerId;
    const pay = (date: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${V}/Customer/AddPay`,
        headers: workshop,
        payload: { customerId, type: 1, money: 1000, date },
      });
    const credit = (date: string, trackingCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${V}/Account/AddCredit`,
        headers: workshop,
        payload: { value: 5000, date, account: 'ملت', trackingCode },
      });
    expect((await pay('2024-02-29')).statusCode).toBe(200);
    expect((await credit('2024-02-29', 'T-leap')).statusCode).toBe(200);
    for (const [i, date] of BAD.entries()) {
      const p = await pay(date);
      expect(p.statusCode, date).toBe(400);
      expect(errorFields(p)).toEqual(['date']);
      const c = await credit(date, `T-${i}`);
      expect(c.statusCode, date).toBe(400);
      expect(errorFields(c)).toEqual(['date']);
    }
  });
});
