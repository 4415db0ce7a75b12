import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_MSG } from '@ayar/contract';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { periods, seedStatistics, statsCalls, w1Counts } from './statistics.test-kit.ts';

let ctx: TestContext;
const { post, get } = statsCalls(() => ctx);
let admin: Record<string, string>;
let w1: { id: string; headers: Record<string, string> };
let w2: { id: string; headers: Record<string, string> };
let newLab: { id: string };
let customer1: string;
let customer2: string;
const W1 = w1Counts();

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  ({ admin, w1, w2, newLab, customer1, customer2 } = await seedStatistics(ctx));
});
afterAll(() => ctx.close());

/** Today's, yesterday's, the week's and the month's expected counts from where the rows fall. */
function expectedRecent(todayN: number, yesterdayN: number) {
  const weekHasYesterday = periods.yesterday.from >= periods.week.from;
  const monthHasYesterday = periods.yesterday.from >= periods.month.from;
  return {
    todayRes: todayN,
    yesterdayRes: yesterdayN,
    weekRes: todayN + (weekHasYesterday ? yesterdayN : 0),
    monthRes: todayN + (monthHasYesterday ? yesterdayN : 0),
  };
}

describe('POST /Tests/GetStatistics', () => {
  it("counts the workshop's own live packets per Tehran period, the midnight edge included", async () => {
    const res = await post('/Tests/GetStatistics', w1.headers, {});
    expect(res.statusCode).toBe(200);
    const total = W1.today + W1.yesterdayEdge + W1.old;
    expect(res.json().data).toMatchObject({
      ...expectedRecent(W1.today, W1.yesterdayEdge),
      totalRes: total,
      searchRes: total,
      periods,
      // Accepted credit 900,000, no codes bought at a price (allotments cost 0); 50,000 pending.
      credits: 900_000,
      pendingCredits: 50_000,
    });
  });

  it("narrows by the filter's inclusive dates, a customer and the waiting packets", async () => {
    const day = await post('/Tests/GetStatistics', w1.headers, {
      fromDate: '۲۰۲۴-۰۱-۱۵',
      toDate: '2024-01-15',
    });
    expect(day.json().data.searchRes).toBe(W1.old);
    const yesterdayOnly = await post('/Tests/GetStatistics', w1.headers, {
      fromDate: periods.yesterday.from,
      toDate: periods.yesterday.from,
    });
    expect(yesterdayOnly.json().data.searchRes).toBe(W1.yesterdayEdge);

    const cust = await post('/Tests/GetStatistics', w1.headers, { customerId: customer1 });
    expect(cust.json().data).toMatchObject({
      ...expectedRecent(1, 0),
      totalRes: W1.customer,
      searchRes: W1.customer,
    });
    const waiting = await post('/Tests/GetStatistics', w1.headers, { waitFor: true });
    // Waiting: the customer's packet today and the 4 old ones without purity.
    expect(waiting.json().data).toMatchObject({ todayRes: 1, totalRes: 5 });
  });

  it('refuses bad input, no token, the admin, and another workshop’s customer', async () => {
    const bad = await post('/Tests/GetStatistics', w1.headers, {
      fromDate: '2025-03-02',
      toDate: '2025-03-01',
      customerId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'toDate', message: STATS_MSG.dateOrder },
        { field: 'customerId', message: STATS_MSG.idInvalid },
      ]),
    );
    expect((await post('/Tests/GetStatistics', undefined, {})).statusCode).toBe(401);
    expect((await post('/Tests/GetStatistics', admin, {})).statusCode).toBe(403);
    expect((await post('/Tests/GetStatistics', w1.headers, { customerId: customer2 })).statusCode).toBe(404);
    expect((await post('/Tests/GetStatistics', w1.headers, { customerId: randomUUID() })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /Manage/GetManageStatistics', () => {
  it('counts the whole network and lists the pending credits with their total', async () => {
    const res = await post('/Manage/GetManageStatistics', admin, { fromDate: '', toDate: '', userId: '' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      ...expectedRecent(W1.today + 6, W1.yesterdayEdge),
      totalRes: W1.today + W1.yesterdayEdge + W1.old + 6,
      credits: 120_000,
      pendingCredits: { count: 2 },
    });
    expect(data.pendingCredits.list.map((c: { lab: string; amount: number }) => [c.lab, c.amount])).toEqual([
      ['آزمایشگاه البرز', 50_000],
      ['آزمایشگاه زاگرس', 70_000],
    ]);
  });

  it('narrows to one workshop and to the waiting packets', async () => {
    const one = await post('/Manage/GetManageStatistics', admin, { userId: w2.id });
    expect(one.json().data).toMatchObject({ todayRes: 6, totalRes: 6, yesterdayRes: 0 });
    const waiting = await post('/Manage/GetManageStatistics', admin, { userId: w1.id, waitFor: true });
    expect(waiting.json().data.totalRes).toBe(5);
    const search = await post('/Manage/GetManageStatistics', admin, {
      fromDate: periods.today.from,
      toDate: periods.today.from,
    });
    expect(search.json().data.searchRes).toBe(W1.today + 6);
  });

  it('refuses bad input, no token, a workshop, and an unknown workshop', async () => {
    const bad = await post('/Manage/GetManageStatistics', admin, { userId: 'nope', fromDate: '1403/01/01' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .filter((f: string, i: number, all: string[]) => all.indexOf(f) === i)
        .sort(),
    ).toEqual(['fromDate', 'userId']);
    expect((await post('/Manage/GetManageStatistics', undefined, {})).statusCode).toBe(401);
    expect((await post('/Manage/GetManageStatistics', w1.headers, {})).statusCode).toBe(403);
    expect((await post('/Manage/GetManageStatistics', admin, { userId: randomUUID() })).statusCode).toBe(404);
  });
});

describe('POST /Manage/GetTestStatisticsWithGroupUser', () => {
  it('lists every lab with its packets in the period and its codes, and sums them', async () => {
    const res = await post('/Manage/GetTestStatisticsWithGroupUser', admin, {
      fromDate: periods.today.from,
      toDate: periods.today.from,
    });
    expect(res.statusCode).toBe(200);
    const { list, summary } = res.json().data;
    const byId = (id: string) => list.find((r: { userId: string }) => r.userId === id);
    expect(byId(w1.id)).toMatchObject({
      userFName: 'آزمایشگاه البرز',
      testCount: W1.today,
      sumTotalCode: 150,
      totalCodeUse: 90,
      status: 1,
    });
    expect(byId(w2.id)).toMatchObject({ testCount: 6, sumTotalCode: 10, totalCodeUse: 0, status: 5 });
    // A new (status 0) registration is not a lab yet.
    expect(byId(newLab.id)).toBeUndefined();
    // Busiest first.
    expect(list[0].userId).toBe(w2.id);
    expect(summary).toEqual({
      sumTestCount: W1.today + 6,
      count: list.length,
      countActive: 2,
      allSumTotalCode: 160,
      allTotalCodeUse: 90,
    });

    const yesterday = await post('/Manage/GetTestStatisticsWithGroupUser', admin, {
      fromDate: periods.yesterday.from,
      toDate: periods.yesterday.from,
    });
    expect(yesterday.json().data.summary).toMatchObject({ sumTestCount: W1.yesterdayEdge, countActive: 1 });
  });

  it('follows deletions at once (soft delete and RemoveTest)', async () => {
    const body = { fromDate: '2024-01-15', toDate: '2024-01-15' };
    const before = await post('/Manage/GetTestStatisticsWithGroupUser', admin, body);
    expect(before.json().data.summary.sumTestCount).toBe(W1.old);
    const removed = await post('/Manage/RemoveTest', admin, { startDate: '2024-01-16' });
    expect(removed.json().data.removed).toBe(W1.old);
    const after = await post('/Manage/GetTestStatisticsWithGroupUser', admin, body);
    expect(after.json().data.summary.sumTestCount).toBe(0);
    const mine = await post('/Tests/GetStatistics', w1.headers, {});
    expect(mine.json().data.totalRes).toBe(W1.today + W1.yesterdayEdge);
    W1.old = 0;
  });

  it('refuses missing dates, no token and a workshop', async () => {
    const bad = await post('/Manage/GetTestStatisticsWithGroupUser', admin, { fromDate: '', toDate: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'fromDate', message: STATS_MSG.fromRequired },
      { field: 'toDate', message: STATS_MSG.toRequired },
    ]);
    const body = { fromDate: periods.today.from, toDate: periods.today.from };
    expect((await post('/Manage/GetTestStatisticsWithGroupUser', undefined, body)).statusCode).toBe(401);
    expect((await post('/Manage/GetTestStatisticsWithGroupUser', w1.headers, body)).statusCode).toBe(403);
  });
});

describe('GET /Manage/GetTestStatisticsDetailByUserId', () => {
  it("lists a lab's ranges with their use", async () => {
    await ctx.db
      .updateTable('users')
      .set({ address: 'کرج، خیابان طالقانی' })
      .where('id', '=', w1.id)
      .execute();
    const res = await get(`/Manage/GetTestStatisticsDetailByUserId?userId=${w1.id}`, admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ labName: 'آزمایشگاه البرز', address: 'کرج، خیابان طالقانی' });
    expect(
      data.items.map((i: { codeFrom: number; codeTo: number; count: number; countUseage: number }) => [
        i.codeFrom,
        i.codeTo,
        i.count,
        i.countUseage,
      ]),
    ).toEqual([
      [100_000, 100_099, 100, 80],
      [200_000, 200_049, 50, 10],
    ]);
    expect(data.items[0].createDatePer).toMatch(/^1[34]\d\d\/\d\d\/\d\d$/);
  });

  it('refuses a missing id, no token, a workshop, and an unknown or non-lab id', async () => {
    const bad = await get('/Manage/GetTestStatisticsDetailByUserId', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'userId', message: STATS_MSG.userRequired }]);
    const path = `/Manage/GetTestStatisticsDetailByUserId?userId=${w1.id}`;
    expect((await get(path)).statusCode).toBe(401);
    expect((await get(path, w2.headers)).statusCode).toBe(403);
    expect(
      (await get(`/Manage/GetTestStatisticsDetailByUserId?userId=${randomUUID()}`, admin)).statusCode,
    ).toBe(404);
  });
});
