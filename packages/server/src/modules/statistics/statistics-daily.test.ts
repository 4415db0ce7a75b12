import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_MSG, addDays } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import {
  MINUTE,
  packets,
  periods,
  seedStatistics,
  statsCalls,
  todayStart,
  w1Counts,
} from './statistics.test-kit.ts';

let ctx: TestContext;
const { post } = statsCalls(() => ctx);
let admin: Record<string, string>;
let w1: { id: string; headers: Record<string, string> };
let w2: { id: string; headers: Record<string, string> };
const W1 = w1Counts();

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  ({ admin, w1, w2 } = await seedStatistics(ctx));
});
afterAll(() => ctx.close());

describe('the daily chart', () => {
  const range = { fromDate: periods.yesterday.from, toDate: periods.today.from };

  it('gives a workshop its own packets per Tehran day and its median time to purity', async () => {
    // W2's id in the body changes nothing: a workshop sees only itself.
    const res = await post('/Tests/GetDailyStatistics', w1.headers, { ...range, userId: w2.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.days).toEqual([
      { date: periods.yesterday.from, count: W1.yesterdayEdge },
      { date: periods.today.from, count: W1.today },
    ]);
    // Purities after 30, 30, 30, 90, 90 minutes → median 30.
    expect(data.medianMinutes).toBe(30);
    expect(data.workshops).toEqual([
      { userId: w1.id, userFName: 'آزمایشگاه البرز', count: 6, withPurity: 5, medianMinutes: 30 },
    ]);
    expect(data.medianFrom).toBe(range.fromDate);
  });

  it('gives the admin the network, zeros for empty days, and the busiest workshops', async () => {
    const from = addDays(periods.yesterday.from, -2);
    const res = await post('/Manage/GetDailyStatistics', admin, {
      fromDate: from,
      toDate: periods.today.from,
    });
    const data = res.json().data;
    expect(data.days.map((d: { count: number }) => d.count)).toEqual([0, 0, W1.yesterdayEdge, W1.today + 6]);
    // 30×3, 90×2, 20×6 → sorted 20×6, 30×3, 90×2: median of 11 is the 6th → 20.
    expect(data.medianMinutes).toBe(20);
    // Equal counts: by name («البرز» before «زاگرس»).
    expect(data.workshops.map((w: { userId: string; count: number }) => [w.userId, w.count])).toEqual([
      [w1.id, 6],
      [w2.id, 6],
    ]);
    const one = await post('/Manage/GetDailyStatistics', admin, { ...range, userId: w2.id });
    expect(one.json().data.days.map((d: { count: number }) => d.count)).toEqual([0, 6]);
  });

  it('leaves out a purity typed in with the registration (no wait)', async () => {
    const lab = await createUser(ctx.db, { fName: 'آزمایشگاه سریع' });
    const headers = await signIn(ctx.app, lab.username, lab.password);
    await packets(ctx, lab.id, todayStart, 2, { purityMinutes: 0 });
    await packets(ctx, lab.id, todayStart, 1, { purityMinutes: 40 });
    const res = await post('/Tests/GetDailyStatistics', headers, range);
    expect(res.json().data).toMatchObject({
      medianMinutes: 40,
      workshops: [{ userId: lab.id, count: 3, withPurity: 1, medianMinutes: 40 }],
    });
  });

  it('refuses a period over 366 days, bad dates, no token, the wrong role and an unknown workshop', async () => {
    const long = await post('/Tests/GetDailyStatistics', w1.headers, {
      fromDate: '2024-01-01',
      toDate: '2025-12-31',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'toDate', message: STATS_MSG.rangeTooLong }]);
    expect(
      (await post('/Tests/GetDailyStatistics', w1.headers, { fromDate: 'x', toDate: '' })).statusCode,
    ).toBe(400);
    expect((await post('/Tests/GetDailyStatistics', undefined, range)).statusCode).toBe(401);
    expect((await post('/Tests/GetDailyStatistics', admin, range)).statusCode).toBe(403);
    expect((await post('/Manage/GetDailyStatistics', w1.headers, range)).statusCode).toBe(403);
    expect(
      (await post('/Manage/GetDailyStatistics', admin, { ...range, userId: randomUUID() })).statusCode,
    ).toBe(404);
  });
});

describe('the per-day counts under concurrent registrations', () => {
  it('stay exact when 50 inserts and deletes run at once', async () => {
    const lab = await createUser(ctx.db, { fName: 'آزمایشگاه همزمان' });
    const at = new Date(todayStart.getTime() + 2 * MINUTE);
    const ids = (await Promise.all(Array.from({ length: 50 }, () => packets(ctx, lab.id, at, 2)))).flat();
    await Promise.all(
      ids
        .slice(0, 30)
        .map((id) =>
          ctx.db.updateTable('assays').set({ deletedAt: new Date() }).where('id', '=', id).execute(),
        ),
    );
    const res = await post('/Manage/GetManageStatistics', admin, { userId: lab.id });
    expect(res.json().data).toMatchObject({ todayRes: 70, totalRes: 70 });
  });
});
