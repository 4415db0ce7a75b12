import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_MSG, addDays, statisticsPeriods, tehranDayStart } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';

const V = '/api/v1.0';
let ctx: TestContext;
const post = (path: string, headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: V + path, headers, payload: payload as object });

let nextDoc = 5_000_000;
/** Inserts `n` live packets of a workshop registered at `at` (purity after `purityMinutes`, if given). */
async function packets(
  workshopId: string,
  at: Date,
  n: number,
  opts: { customerId?: string; purityMinutes?: number; deleted?: boolean } = {},
): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({
    workshopId,
    customerId: opts.customerId ?? null,
    otherOwnerName: opts.customerId ? null : 'رهگذر',
    docNumber: nextDoc++,
    publicToken: randomBytes(12).toString('hex'),
    createdAt: at,
    purity: opts.purityMinutes === undefined ? null : 750,
    purityAt: opts.purityMinutes === undefined ? null : new Date(at.getTime() + opts.purityMinutes * 60_000),
    deletedAt: opts.deleted ? new Date() : null,
  }));
  const inserted = await ctx.db.insertInto('assays').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

const periods = statisticsPeriods(new Date());
const todayStart = tehranDayStart(periods.today.from);
const MINUTE = 60_000;
const LONG_AGO = new Date('2024-01-15T08:00:00Z'); // 1402/10/25, 11:30 Tehran

let admin: Record<string, string>;
let w1: { id: string; headers: Record<string, string> };
let w2: { id: string; headers: Record<string, string> };
let customer1: string;

/** What W1 holds, counted by hand from the rows below. */
const W1 = { today: 3 + 1, yesterdayEdge: 2, old: 5, customer: 2 };

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  admin = await signIn(ctx.app, a.username, a.password);
  const u1 = await createUser(ctx.db, { fName: 'آزمایشگاه البرز' });
  const u2 = await createUser(ctx.db, { fName: 'آزمایشگاه زاگرس', status: 5 });
  await createUser(ctx.db, { fName: 'آزمایشگاه تازه', status: 0 });
  w1 = { id: u1.id, headers: await signIn(ctx.app, u1.username, u1.password) };
  w2 = { id: u2.id, headers: await signIn(ctx.app, u2.username, u2.password) };
  customer1 = (
    await ctx.db
      .insertInto('customers')
      .values({ workshopId: w1.id, code: 1, name: 'حسن طلافروش' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await ctx.db.insertInto('customers').values({ workshopId: w2.id, code: 1, name: 'مشتری زاگرس' }).execute();

  // W1: 3 at exactly Tehran midnight (today) with purity after 30 min, 1 later today for the customer
  // (waiting), 2 one millisecond before midnight (yesterday) with purity after 90 min, 1 deleted today,
  // 5 long ago, 1 for the customer long ago.
  await packets(w1.id, todayStart, 3, { purityMinutes: 30 });
  await packets(w1.id, new Date(todayStart.getTime() + 5 * MINUTE), 1, { customerId: customer1 });
  await packets(w1.id, new Date(todayStart.getTime() - 1), 2, { purityMinutes: 90 });
  await packets(w1.id, new Date(todayStart.getTime() + 10 * MINUTE), 1, { deleted: true });
  await packets(w1.id, LONG_AGO, 4);
  await packets(w1.id, LONG_AGO, 1, { customerId: customer1, purityMinutes: 10 });
  // W2: 6 today.
  await packets(w2.id, new Date(todayStart.getTime() + 60 * MINUTE), 6, { purityMinutes: 20 });

  await ctx.db
    .insertInto('codeRanges')
    .values([
      { workshopId: w1.id, fromCode: 100_000, toCode: 100_099, nextCode: 100_080 },
      { workshopId: w1.id, fromCode: 200_000, toCode: 200_049, nextCode: 200_010 },
      { workshopId: w2.id, fromCode: 300_000, toCode: 300_009, nextCode: 300_000 },
    ])
    .execute();
  await ctx.db
    .insertInto('credits')
    .values([
      {
        workshopId: w1.id,
        amount: 50_000,
        trackingCode: 'T-1',
        account: '1',
        status: 0,
        createdAt: LONG_AGO,
      },
      { workshopId: w2.id, amount: 70_000, trackingCode: 'T-2', account: '1', status: 0 },
      { workshopId: w1.id, amount: 900_000, trackingCode: 'T-3', account: '1', status: 1 },
    ])
    .execute();
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
    await packets(lab.id, todayStart, 2, { purityMinutes: 0 });
    await packets(lab.id, todayStart, 1, { purityMinutes: 40 });
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
    const ids = (await Promise.all(Array.from({ length: 50 }, () => packets(lab.id, at, 2)))).flat();
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
