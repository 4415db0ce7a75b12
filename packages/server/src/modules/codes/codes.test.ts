import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PACKET_NUMBER } from '@ayar/contract';
import {
  createSignedInUser,
  createTestApp,
  expectAdminListGuards,
  type TestContext,
} from '../../../test/helpers.ts';
import { CODE_MESSAGES } from './codes.service.ts';

const BUY = '/api/v1.0/Account/GetCode';
const MINE = '/api/v1.0/Account/GetAllCode';
const CREDITS = '/api/v1.0/Account/GetCredits';
const ALL = '/api/v1.0/Manage/GetAllCode';
const ALLOT = '/api/v1.0/Manage/GetCodes';
const DELETE = '/api/v1.0/Manage/DeleteCode';

let ctx: TestContext;
/** A workshop with `credit` toman of accepted credit. */
async function newWorkshop(opts: { status?: 0 | 1 | 5; credit?: number; fName?: string } = {}) {
  const user = await createSignedInUser(ctx, {
    status: opts.status ?? 1,
    fName: opts.fName ?? 'آزمایشگاه نمونه',
  });
  if (opts.credit) {
    await ctx.db
      .insertInto('credits')
      .values({
        workshopId: user.id,
        amount: opts.credit,
        trackingCode: randomUUID(),
        account: 'x',
        status: 1,
      })
      .execute();
  }
  return user;
}

let admin: Record<string, string>;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createSignedInUser(ctx, { role: 'admin' });
  adminId = a.id;
  admin = a.headers;
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers?: Record<string, string>, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers, query });
const ranges = () => ctx.db.selectFrom('codeRanges').selectAll().orderBy('fromCode').execute();
const setPrice = (price: string) =>
  ctx.db.updateTable('systemSettings').set({ value: price }).where('key', '=', 'NumPrice').execute();

// The tests of this file share one database and run in order: the network sequence carries on.
describe('POST /Account/GetCode (buying numbers)', () => {
  it("gives the first buyer the network's first numbers, the next the block after, and charges each", async () => {
    const a = await newWorkshop({ credit: 1_000_000 });
    const b = await newWorkshop({ credit: 1_000_000 });
    const first = await post(BUY, a.headers, {
      count: '۱۰۰',
      fromCode: 0,
      toCode: 0,
      id: null,
      all: [],
      isAdmin: false,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      successful: true,
      message: 'شماره‌های ۱۰۰۰۰۰ تا ۱۰۰۰۹۹ (۱۰۰ شماره) برای شما ثبت شد',
      data: { fromCode: FIRST_PACKET_NUMBER, toCode: FIRST_PACKET_NUMBER + 99, count: 100, all: [] },
    });
    const second = await post(BUY, b.headers, { count: 50 });
    expect(second.json().data).toMatchObject({ fromCode: 100_100, toCode: 100_149, count: 50 });
    const third = await post(BUY, a.headers, { count: 1 });
    expect(third.json().data).toMatchObject({ fromCode: 100_150, toCode: 100_150 });
    expect(third.json().data.all).toEqual([
      expect.objectContaining({ fromCode: 100_000, toCode: 100_099, used: 0 }),
    ]);

    const mine = (await get(MINE, a.headers)).json().data;
    expect(mine).toMatchObject({ price: 1000, balance: 1_000_000 - 101_000, canBuy: true });
    expect(
      mine.list.map((r: { fromCode: number; count: number; used: number }) => [r.fromCode, r.count, r.used]),
    ).toEqual([
      [100_150, 1, 0],
      [100_000, 100, 0],
    ]);
    expect((await get(CREDITS, a.headers)).json().data).toMatchObject({
      totalCredit: 1_000_000,
      totalBuy: 101_000,
      totalBalance: 899_000,
    });
  });

  it('charges the price of the day; earlier ranges keep theirs', async () => {
    const w = await newWorkshop({ credit: 10_000 });
    await post(BUY, w.headers, { count: 5 });
    await setPrice('500');
    try {
      await post(BUY, w.headers, { count: 4 });
      expect((await get(MINE, w.headers)).json().data).toMatchObject({
        price: 500,
        balance: 10_000 - 5000 - 2000,
      });
    } finally {
      await setPrice('1000');
    }
  });

  it('refuses a purchase above the balance, saying how much is missing and offering a charge request', async () => {
    const w = await newWorkshop({ credit: 30_000 });
    const before = await ranges();
    const res = await post(BUY, w.headers, { count: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ successful: false, code: 'BUSINESS_RULE' });
    expect(res.json().message).toBe(
      'موجودی حساب برای خرید ۱۰۰ شماره کافی نیست: هزینه ۱۰۰٬۰۰۰ تومان و موجودی شما ۳۰٬۰۰۰ تومان است (۷۰٬۰۰۰ تومان کم دارید). برای شارژ حساب درخواست شارژ ثبت کنید',
    );
    expect(await ranges()).toEqual(before);
    const none = await newWorkshop();
    expect((await post(BUY, none.headers, { count: 1 })).json().message).toContain('کم دارید');
  });

  it('lets only active labs (status 1) buy', async () => {
    const w = await newWorkshop({ status: 5, credit: 1_000_000 });
    const res = await post(BUY, w.headers, { count: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: CODE_MESSAGES.notActiveLab });
    expect((await get(MINE, w.headers)).json().data).toMatchObject({ canBuy: false, list: [] });
  });

  it('checks the count: 1 to 100,000, digits only', async () => {
    const w = await newWorkshop({ credit: 1_000_000 });
    const range = 'تعداد باید بین ۱ و ۱۰۰٬۰۰۰ باشد';
    for (const count of [0, 100_001, 'ده', 2.5, -3]) {
      const res = await post(BUY, w.headers, { count });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'count', message: range }]);
    }
    const missing = await post(BUY, w.headers, {});
    expect(missing.json().errors).toEqual([{ field: 'count', message: 'تعداد الزامی است' }]);
  });

  it('needs a workshop: 401 without a token, 403 for the admin', async () => {
    expect((await post(BUY, undefined, { count: 1 })).statusCode).toBe(401);
    expect((await post(BUY, admin, { count: 1 })).statusCode).toBe(403);
    expect((await get(MINE)).statusCode).toBe(401);
    expect((await get(MINE, admin)).statusCode).toBe(403);
  });
});

describe('buying under load (50 requests at once, real PostgreSQL)', () => {
  it('gives 50 workshops buying 100 numbers at once 50 disjoint, contiguous ranges and charges each', async () => {
    const workshops = await Promise.all(Array.from({ length: 50 }, () => newWorkshop({ credit: 100_000 })));
    const start = (
      await ctx.db
        .selectFrom('codeRanges')
        .select((eb) => eb.fn.max('toCode').as('m'))
        .executeTakeFirstOrThrow()
    ).m;
    const results = await Promise.all(workshops.map((w) => post(BUY, w.headers, { count: 100 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));

    const bought = results
      .map((r) => r.json().data as { fromCode: number; toCode: number })
      .sort((x, y) => x.fromCode - y.fromCode);
    expect(bought[0]!.fromCode).toBe(Number(start) + 1);
    for (let i = 0; i < bought.length; i++) {
      expect(bought[i]!.toCode - bought[i]!.fromCode).toBe(99);
      if (i > 0) expect(bought[i]!.fromCode).toBe(bought[i - 1]!.toCode + 1);
    }
    const balances = await Promise.all(workshops.map(async (w) => (await get(MINE, w.headers)).json().data));
    expect(balances.every((b) => b.balance === 0 && b.list.length === 1)).toBe(true);
  });

  it('lets a workshop with money for 10 purchases make exactly 10 of 50 sent at once', async () => {
    const w = await newWorkshop({ credit: 10 * 20 * 1000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => post(BUY, w.headers, { count: 20 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'BUSINESS_RULE')).toBe(true);
    const data = (await get(CREDITS, w.headers)).json().data;
    expect(data).toMatchObject({ totalCredit: 200_000, totalBuy: 200_000, totalBalance: 0 });
  });

  it('never lets two ranges share a number', async () => {
    const all = await ranges();
    for (let i = 1; i < all.length; i++) expect(all[i]!.fromCode).toBeGreaterThan(all[i - 1]!.toCode);
  });
});

describe('admin: GET /Manage/GetAllCode', () => {
  it('lists every range with its lab, newest first, and filters by workshop, serial and span', async () => {
    const w = await newWorkshop({ credit: 100_000, fName: 'آزمایشگاه فیلتر' });
    const bought = (await post(BUY, w.headers, { count: 30 })).json().data;
    await ctx.db
      .updateTable('codeRanges')
      .set({ nextCode: bought.fromCode + 7 })
      .where('fromCode', '=', bought.fromCode)
      .execute();

    const page = (await get(ALL, admin, { pageSize: '5' })).json().data;
    expect(page.pageSize).toBe(5);
    expect(page.list).toHaveLength(5);
    expect(page.list[0]).toMatchObject({
      fromCode: bought.fromCode,
      toCode: bought.toCode,
      count: 30,
      used: 7,
      user: 'آزمایشگاه فیلتر',
      userId: w.id,
      pricePerCode: 1000,
    });

    const byUser = (await get(ALL, admin, { userId: w.id })).json().data;
    expect(byUser.totalCount).toBe(1);
    const bySerial = (await get(ALL, admin, { serialNo: String(page.list[1].serialNo) })).json().data;
    expect(bySerial.list.map((r: { id: string }) => r.id)).toEqual([page.list[1].id]);
    const span = (await get(ALL, admin, { fromCode: '100099', toCode: '100100' })).json().data;
    expect(span.list.map((r: { fromCode: number }) => r.fromCode).sort()).toEqual([100_000, 100_100]);
    const after = (await get(ALL, admin, { fromCode: String(bought.fromCode + 29) })).json().data;
    expect(after.list.map((r: { id: string }) => r.id)).toEqual([page.list[0].id]);
  });

  it('rejects bad filters and non-admins', async () => {
    await expectAdminListGuards(ctx.app, ALL, {
      admin,
      workshop: (await newWorkshop()).headers,
      badQuery: { userId: 'x', fromCode: 'abc' },
      badFields: ['fromCode', 'userId'],
    });
  });
});

describe('admin: POST /Manage/GetCodes (allot a range)', () => {
  it("allots a free range at no charge and answers the workshop's ranges", async () => {
    const w = await newWorkshop({ fName: 'آزمایشگاه هدیه' });
    const res = await post(ALLOT, admin, {
      userId: w.id,
      fromCode: '۵۰۰۰۰۰۰۰',
      toCode: '50000999',
      serialNo: '77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('شماره‌های ۵۰۰۰۰۰۰۰ تا ۵۰۰۰۰۹۹۹ به آزمایشگاه هدیه اختصاص یافت');
    expect(res.json().data.all).toEqual([
      expect.objectContaining({
        fromCode: 50_000_000,
        toCode: 50_000_999,
        count: 1000,
        serialNo: 77,
        pricePerCode: 0,
        user: 'آزمایشگاه هدیه',
      }),
    ]);
    expect((await get(CREDITS, w.headers)).json().data).toMatchObject({ totalBuy: 0, totalBalance: 0 });
    const audit = await ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'codes.allot')
      .execute();
    expect(audit.at(-1)).toMatchObject({ actorId: adminId, entity: 'code_range' });

    // Purchases continue after the highest number any range holds.
    const buyer = await newWorkshop({ credit: 1000 });
    expect((await post(BUY, buyer.headers, { count: 1 })).json().data.fromCode).toBe(50_001_000);
  });

  it('refuses an overlap and names the range it hits', async () => {
    const w = await newWorkshop();
    const res = await post(ALLOT, admin, { userId: w.id, fromCode: 50_000_500, toCode: 50_002_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'این بازه با بازه ۵۰۰۰۰۰۰۰ تا ۵۰۰۰۰۹۹۹ (آزمایشگاه هدیه) هم‌پوشانی دارد',
    });
  });

  it('allots exactly one of 50 overlapping ranges sent at once', async () => {
    const workshops = await Promise.all(Array.from({ length: 5 }, () => newWorkshop()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(ALLOT, admin, {
          userId: workshops[i % 5]!.id,
          fromCode: 70_000_000 + i,
          toCode: 70_000_100 + i,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
  });

  it('checks the input and the workshop', async () => {
    const w = await newWorkshop();
    const empty = await post(ALLOT, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'userId', message: 'آزمایشگاه را انتخاب کنید' },
      { field: 'fromCode', message: 'از شماره الزامی است' },
      { field: 'toCode', message: 'تا شماره الزامی است' },
    ]);
    const reversed = await post(ALLOT, admin, { userId: w.id, fromCode: 90_000_010, toCode: 90_000_000 });
    expect(reversed.json().errors).toEqual([
      { field: 'toCode', message: '«تا شماره» نباید کوچک‌تر از «از شماره» باشد' },
    ]);
    const unknown = await post(ALLOT, admin, {
      userId: randomUUID(),
      fromCode: 90_000_000,
      toCode: 90_000_010,
    });
    expect(unknown.statusCode).toBe(404);
    const toAdmin = await post(ALLOT, admin, { userId: adminId, fromCode: 90_000_000, toCode: 90_000_010 });
    expect(toAdmin.statusCode).toBe(404);
    expect((await post(ALLOT, undefined, { userId: w.id, fromCode: 1, toCode: 2 })).statusCode).toBe(401);
    expect((await post(ALLOT, w.headers, { userId: w.id, fromCode: 1, toCode: 2 })).statusCode).toBe(403);
  });
});

describe('admin: POST /Manage/DeleteCode', () => {
  it('deletes an unused range and audits what it was', async () => {
    const w = await newWorkshop();
    const [range] = (
      await post(ALLOT, admin, { userId: w.id, fromCode: 80_000_000, toCode: 80_000_009 })
    ).json().data.all;
    const res = await post(DELETE, admin, { id: range.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CODE_MESSAGES.deleted);
    expect((await get(MINE, w.headers)).json().data.list).toEqual([]);
    const audit = await ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', range.id)
      .where('action', '=', 'codes.delete')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ workshopId: w.id, fromCode: 80_000_000, toCode: 80_000_009 });
  });

  it('refuses a range whose numbers are in use', async () => {
    const w = await newWorkshop();
    const [range] = (
      await post(ALLOT, admin, { userId: w.id, fromCode: 81_000_000, toCode: 81_000_009 })
    ).json().data.all;
    await ctx.db.updateTable('codeRanges').set({ nextCode: 81_000_003 }).where('id', '=', range.id).execute();
    const res = await post(DELETE, admin, { id: range.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'از این بازه ۳ شماره استفاده شده است و نمی‌توان آن را حذف کرد',
    });
    expect((await get(MINE, w.headers)).json().data.list).toHaveLength(1);
  });

  it('answers 404 for an unknown range, 400 for a bad id, 401/403 for the wrong caller', async () => {
    const w = await newWorkshop();
    expect((await post(DELETE, admin, { id: randomUUID() })).statusCode).toBe(404);
    const bad = await post(DELETE, admin, { id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'id', message: 'بازه نامعتبر است' }]);
    const [range] = (
      await post(ALLOT, admin, { userId: w.id, fromCode: 82_000_000, toCode: 82_000_009 })
    ).json().data.all;
    expect((await post(DELETE, undefined, { id: range.id })).statusCode).toBe(401);
    // A workshop cannot delete even its own range.
    expect((await post(DELETE, w.headers, { id: range.id })).statusCode).toBe(403);
    expect((await get(MINE, w.headers)).json().data.list).toHaveLength(1);
  });
});
