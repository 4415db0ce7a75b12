import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayGregorianInTehran } from '@ayar/contract';
import {
  createSignedInUser,
  createTestApp,
  expectAdminListGuards,
  type TestContext,
} from '../../../test/helpers.ts';
import { CREDIT_MESSAGES } from './credits.service.ts';

const ADD = '/api/v1.0/Account/AddCredit';
const MINE = '/api/v1.0/Account/GetCredits';
const ALL = '/api/v1.0/Manage/AllCredits';
const DECIDE = '/api/v1.0/Manage/AcceptCredit';

let ctx: TestContext;
const newWorkshop = (status: 0 | 1 | 5 = 1, fName = 'آزمایشگاه نمونه') =>
  createSignedInUser(ctx, { status, fName });

let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

const today = () => todayGregorianInTehran();
const post = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers?: Record<string, string>, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers, query });
const request = (trackingCode: string, value: number | string = 50_000) => ({
  value,
  date: today(),
  account: '6037-9911-1234-5678',
  trackingCode,
});

describe('POST /Account/AddCredit', () => {
  it('records a pending request and lists it with the system account number', async () => {
    await ctx.db
      .updateTable('systemSettings')
      .set({ value: '0101-2020-3030' })
      .where('key', '=', 'AccountNumber')
      .execute();
    await ctx.db
      .updateTable('systemSettings')
      .set({ value: 'شبکه عیار' })
      .where('key', '=', 'AccountName')
      .execute();
    const w = await newWorkshop();
    const res = await post(ADD, w.headers, request('TR-1001', '۲۵۰,۰۰۰'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      successful: true,
      message: CREDIT_MESSAGES.added,
      data: {
        value: 250_000,
        date: today(),
        trackingCode: 'TR-1001',
        status: 0,
        statusText: 'در انتظار بررسی',
      },
    });

    const mine = await get(MINE, w.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      accNum: '0101-2020-3030',
      accName: 'شبکه عیار',
      totalCredit: 0,
      totalBuy: 0,
      totalBalance: 0,
    });
    expect(mine.json().data.list).toHaveLength(1);
    expect(mine.json().data.list[0]).toMatchObject({
      value: 250_000,
      account: '6037-9911-1234-5678',
      status: 0,
    });
  });

  it('takes the legacy `id` as the tracking code, and any workshop status may ask', async () => {
    const w = await newWorkshop(5);
    const res = await post(ADD, w.headers, { value: 1000, date: today(), account: 'IR12', id: '۹۸۷۶۵' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.trackingCode).toBe('98765');
  });

  it('lists every bad field in Persian', async () => {
    const w = await newWorkshop();
    const res = await post(ADD, w.headers, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
    expect(res.json().errors).toEqual([
      { field: 'value', message: 'مبلغ الزامی است' },
      { field: 'date', message: expect.stringMatching(/[\u0600-\u06ff]/) },
      { field: 'account', message: expect.stringMatching(/[\u0600-\u06ff]/) },
      { field: 'trackingCode', message: expect.stringMatching(/[\u0600-\u06ff]/) },
    ]);

    const range = 'مبلغ باید بین ۱٬۰۰۰ و ۱۰۰٬۰۰۰٬۰۰۰ تومان باشد';
    for (const value of [999, 100_000_001, '12a', 1500.5]) {
      const bad = await post(ADD, w.headers, request('X1', value));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'value', message: range }]);
    }

    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const badDates = await Promise.all(
      [future, '2025-02-30', '1404/01/01'].map((date) => post(ADD, w.headers, { ...request('X2'), date })),
    );
    expect(badDates.map((r) => r.json().errors)).toEqual([
      [{ field: 'date', message: 'تاریخ واریز نمی‌تواند در آینده باشد' }],
      [{ field: 'date', message: 'تاریخ واریز معتبر نیست' }],
      [{ field: 'date', message: 'تاریخ واریز معتبر نیست' }],
    ]);
    expect((await get(MINE, w.headers)).json().data.list).toEqual([]);
  });

  it('refuses a tracking code the workshop already sent, unless that request was rejected', async () => {
    const w = await newWorkshop();
    const other = await newWorkshop();
    expect((await post(ADD, w.headers, request('dup-7'))).statusCode).toBe(200);
    const again = await post(ADD, w.headers, request('DUP-7'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MESSAGES.duplicate });
    // Another workshop's tracking codes are its own business.
    expect((await post(ADD, other.headers, request('dup-7'))).statusCode).toBe(200);

    const [pending] = (await get(MINE, w.headers)).json().data.list;
    expect((await post(DECIDE, admin, { creditId: pending.id, accepted: false })).statusCode).toBe(200);
    expect((await post(ADD, w.headers, request('dup-7'))).statusCode).toBe(200);
  });

  it('lets exactly one of 50 identical requests sent at once through', async () => {
    const w = await newWorkshop();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(ADD, w.headers, request('same-code'))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
  });

  it('needs a workshop: 401 without a token, 403 for the admin', async () => {
    expect((await post(ADD, undefined, request('A'))).statusCode).toBe(401);
    expect((await post(ADD, admin, request('A'))).statusCode).toBe(403);
    expect((await get(MINE)).statusCode).toBe(401);
    expect((await get(MINE, admin)).statusCode).toBe(403);
  });
});

describe('GET /Account/GetCredits', () => {
  it("shows only the workshop's own requests and its balance: accepted credits − numbers bought", async () => {
    const w = await newWorkshop();
    const other = await newWorkshop();
    await post(ADD, other.headers, request('other-1', 9_000_000));
    const a = (await post(ADD, w.headers, request('b-1', 300_000))).json().data;
    const b = (await post(ADD, w.headers, request('b-2', 200_000))).json().data;
    await post(ADD, w.headers, request('b-3', 100_000));
    await post(DECIDE, admin, { creditId: a.id, accepted: true });
    await post(DECIDE, admin, { creditId: b.id, accepted: false });
    await ctx.db
      .insertInto('codeRanges')
      .values({
        workshopId: w.id,
        fromCode: 5_000_000,
        toCode: 5_000_099,
        nextCode: 5_000_000,
        pricePerCode: 1000,
      })
      .execute();

    const data = (await get(MINE, w.headers)).json().data;
    expect(data).toMatchObject({ totalCredit: 300_000, totalBuy: 100_000, totalBalance: 200_000 });
    expect(
      data.list.map((c: { trackingCode: string; status: number; statusText: string }) => [
        c.trackingCode,
        c.status,
        c.statusText,
      ]),
    ).toEqual([
      ['b-3', 0, 'در انتظار بررسی'],
      ['b-2', 2, 'رد شده'],
      ['b-1', 1, 'تأیید شده'],
    ]);
  });
});

describe('GET /Manage/AllCredits', () => {
  it('lists pending requests first, filters by status and workshop, and pages', async () => {
    const w = await newWorkshop(1, 'آزمایشگاه فهرست');
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++)
      ids.push((await post(ADD, w.headers, request(`list-${i}`, i * 1000))).json().data.id);
    await post(DECIDE, admin, { creditId: ids[3], accepted: true });

    const res = await get(ALL, admin, { user: w.id, pageSize: '50', pageNumber: '1' });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalCount: 4, currPage: 1, pageSize: 50 });
    expect(page.list.map((c: { amount: number }) => c.amount)).toEqual([3000, 2000, 1000, 4000]);
    expect(page.list[0]).toMatchObject({
      lab: 'آزمایشگاه فهرست',
      userId: w.id,
      trackingCode: 'list-3',
      status: 0,
    });

    const waiting = (await get(ALL, admin, { user: w.id, waitFor: 'true' })).json().data;
    expect(waiting.totalCount).toBe(3);
    expect(waiting.list.every((c: { status: number }) => c.status === 0)).toBe(true);

    const second = (await get(ALL, admin, { user: w.id, pageSize: '3', pageNumber: '2' })).json().data;
    expect(second).toMatchObject({ totalCount: 4, currPage: 2 });
    expect(second.list.map((c: { amount: number }) => c.amount)).toEqual([4000]);

    const all = (await get(ALL, admin)).json().data;
    expect(all.pageSize).toBe(50);
    expect(all.totalCount).toBeGreaterThan(4);
  });

  it('rejects bad filters and non-admins', async () => {
    await expectAdminListGuards(ctx.app, ALL, {
      admin,
      workshop: (await newWorkshop()).headers,
      badQuery: { user: 'not-a-uuid', waitFor: 'maybe' },
      badFields: ['user', 'waitFor'],
    });
  });
});

describe('POST /Manage/AcceptCredit', () => {
  it('accepts once, adds to the balance and writes the audit log', async () => {
    const w = await newWorkshop();
    const credit = (await post(ADD, w.headers, request('acc-1', 70_000))).json().data;
    const res = await post(DECIDE, admin, { creditId: credit.id, accepted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: CREDIT_MESSAGES.accepted,
      data: { id: credit.id, status: 1 },
    });
    expect((await get(MINE, w.headers)).json().data.totalBalance).toBe(70_000);

    const again = await post(DECIDE, admin, { creditId: credit.id, accepted: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'این درخواست قبلاً بررسی شده است' });
    expect((await get(MINE, w.headers)).json().data.list[0].status).toBe(1);

    const audit = await ctx.db.selectFrom('auditLog').selectAll().where('entityId', '=', credit.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'credit.accept', entity: 'credit' });
    expect(audit[0]!.before).toMatchObject({ status: 0, amount: 70_000 });
    expect(audit[0]!.after).toMatchObject({ status: 1, amount: 70_000 });
  });

  it('rejects: status 2, nothing added', async () => {
    const w = await newWorkshop();
    const credit = (await post(ADD, w.headers, request('rej-1', 70_000))).json().data;
    const res = await post(DECIDE, admin, { creditId: credit.id, accepted: false });
    expect(res.json()).toMatchObject({ message: CREDIT_MESSAGES.rejected, data: { status: 2 } });
    expect((await get(MINE, w.headers)).json().data).toMatchObject({ totalCredit: 0, totalBalance: 0 });
  });

  it('decides a credit exactly once when 50 admins press at once', async () => {
    const w = await newWorkshop();
    const credit = (await post(ADD, w.headers, request('race-1', 10_000))).json().data;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(DECIDE, admin, { creditId: credit.id, accepted: i % 2 === 0 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(refused.every((r) => r.json().message === 'این درخواست قبلاً بررسی شده است')).toBe(true);
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select('id')
      .where('entityId', '=', credit.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for an unknown credit, 400 for bad input, 401/403 for the wrong caller', async () => {
    const w = await newWorkshop();
    const missing = await post(DECIDE, admin, { creditId: randomUUID(), accepted: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const bad = await post(DECIDE, admin, { creditId: '12', accepted: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['creditId', 'accepted']);
    const credit = (await post(ADD, w.headers, request('own-1'))).json().data;
    expect((await post(DECIDE, undefined, { creditId: credit.id, accepted: true })).statusCode).toBe(401);
    // A workshop cannot accept its own request.
    expect((await post(DECIDE, w.headers, { creditId: credit.id, accepted: true })).statusCode).toBe(403);
    expect((await get(MINE, w.headers)).json().data.list[0].status).toBe(0);
  });
});
