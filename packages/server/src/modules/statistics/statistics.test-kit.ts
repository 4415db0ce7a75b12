import { randomBytes } from 'node:crypto';
import { statisticsPeriods, tehranDayStart } from '@ayar/contract';
import { createUser, signIn, type TestContext } from '../../../test/helpers.ts';

// The statistics test files' shared network: two labs (one inactive), a new one, customers, packets on
// both sides of Tehran midnight and long ago, ranges and credits, counted by hand in `w1Counts`.

export const V = '/api/v1.0';
export const periods = statisticsPeriods(new Date());
export const todayStart = tehranDayStart(periods.today.from);
export const MINUTE = 60_000;
export const LONG_AGO = new Date('2024-01-15T08:00:00Z'); // 1402/10/25, 11:30 Tehran

/** What W1 holds, counted by hand from the rows `seedStatistics` writes. */
export const w1Counts = () => ({ today: 3 + 1, yesterdayEdge: 2, old: 5, customer: 2 });

export function statsCalls(ctx: () => TestContext) {
  return {
    post: (path: string, headers: Record<string, string> | undefined, payload: unknown) =>
      ctx().app.inject({ method: 'POST', url: V + path, headers, payload: payload as object }),
    get: (path: string, headers?: Record<string, string>) =>
      ctx().app.inject({ method: 'GET', url: V + path, headers }),
  };
}

let nextDoc = 5_000_000;
/** Inserts `n` live packets of a workshop registered at `at` (purity after `purityMinutes`, if given). */
export async function packets(
  ctx: TestContext,
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

/** The shared network, written directly; answers who is who. */
export async function seedStatistics(ctx: TestContext) {
  const a = await createUser(ctx.db, { role: 'admin' });
  const admin = await signIn(ctx.app, a.username, a.password);
  const u1 = await createUser(ctx.db, { fName: 'آزمایشگاه البرز' });
  const u2 = await createUser(ctx.db, { fName: 'آزمایشگاه زاگرس', status: 5 });
  const newLab = await createUser(ctx.db, { fName: 'آزمایشگاه تازه', status: 0 });
  const w1 = { id: u1.id, headers: await signIn(ctx.app, u1.username, u1.password) };
  const w2 = { id: u2.id, headers: await signIn(ctx.app, u2.username, u2.password) };
  const customer1 = (
    await ctx.db
      .insertInto('customers')
      .values({ workshopId: w1.id, code: 1, name: 'حسن طلافروش' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const customer2 = (
    await ctx.db
      .insertInto('customers')
      .values({ workshopId: w2.id, code: 1, name: 'مشتری زاگرس' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  // W1: 3 at exactly Tehran midnight (today) with purity after 30 min, 1 later today for the customer
  // (waiting), 2 one millisecond before midnight (yesterday) with purity after 90 min, 1 deleted today,
  // 5 long ago, 1 for the customer long ago.
  await packets(ctx, w1.id, todayStart, 3, { purityMinutes: 30 });
  await packets(ctx, w1.id, new Date(todayStart.getTime() + 5 * MINUTE), 1, { customerId: customer1 });
  await packets(ctx, w1.id, new Date(todayStart.getTime() - 1), 2, { purityMinutes: 90 });
  await packets(ctx, w1.id, new Date(todayStart.getTime() + 10 * MINUTE), 1, { deleted: true });
  await packets(ctx, w1.id, LONG_AGO, 4);
  await packets(ctx, w1.id, LONG_AGO, 1, { customerId: customer1, purityMinutes: 10 });
  // W2: 6 today.
  await packets(ctx, w2.id, new Date(todayStart.getTime() + 60 * MINUTE), 6, { purityMinutes: 20 });

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
  return { admin, w1, w2, newLab, customer1, customer2 };
}
