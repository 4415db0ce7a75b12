import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/helpers.ts';

import { paymentsTestSetup } from './payments.test-kit.ts';

const { s, call, customer, assay } = paymentsTestSetup();

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GET /Account/GetStore (the fund report)', () => {
  // The Jalali year 1405 runs from 2026-03-21 to 2027-03-21 (Tehran midnight = 20:30 UTC the day before).
  const YEAR_START = new Date('2026-03-20T20:30:00Z');
  const YEAR_END = new Date('2027-03-20T20:30:00Z');

  interface Expected {
    gold: number;
    money: number;
    tests: number;
  }

  it('agrees with the underlying rows to the milligram and the toman, on generated data', async () => {
    const lab = await createSignedInUser(s.ctx);
    const random = rng(1405);
    const int = (max: number) => Math.floor(random() * max);
    const customers: string[] = [];
    for (let i = 0; i < 70; i++)
      customers.push(await customer(lab.id, `مشتری ${String(i).padStart(2, '0')}`));
    const deletedCustomer = customers[3]!;
    await s.ctx.db
      .updateTable('customers')
      .set({ deletedAt: new Date() })
      .where('id', '=', deletedCustomer)
      .execute();

    const expected = new Map<string, Expected>();
    const bump = (cid: string, d: Partial<Expected>) => {
      const e = expected.get(cid) ?? { gold: 0, money: 0, tests: 0 };
      expected.set(cid, {
        gold: e.gold + (d.gold ?? 0),
        money: e.money + (d.money ?? 0),
        tests: e.tests + (d.tests ?? 0),
      });
    };

    // Edge instants: the year's first and last milliseconds, and just outside it.
    const instants = [
      YEAR_START,
      new Date(YEAR_END.getTime() - 1),
      new Date(YEAR_START.getTime() - 1),
      YEAR_END,
    ];
    for (let i = 0; i < 600; i++) {
      const cid = customers[int(customers.length)]!;
      const percent = random() < 0.5;
      const fee = { toman: percent ? 0 : int(500) * 1000, goldMg: percent ? int(5000) : 0 };
      const createdAt =
        i < instants.length * 3
          ? instants[i % instants.length]!
          : new Date(
              YEAR_START.getTime() + (random() * 1.4 - 0.2) * (YEAR_END.getTime() - YEAR_START.getTime()),
            );
      const deleted = random() < 0.1;
      const other = random() < 0.05;
      await assay(lab.id, other ? null : cid, fee, { createdAt, deletedAt: deleted ? new Date() : null });
      if (!deleted && !other && createdAt >= YEAR_START && createdAt < YEAR_END) {
        bump(cid, { gold: fee.goldMg, money: fee.toman, tests: 1 });
      }
    }
    const payDays = ['2026-03-20', '2026-03-21', '2027-03-20', '2027-03-21'];
    for (let i = 0; i < 400; i++) {
      const cid = customers[int(customers.length)]!;
      const type = random() < 0.7 ? 1 : 2;
      const goldMg = random() < 0.5 ? int(3000) : 0;
      const money = goldMg === 0 || random() < 0.3 ? int(300) * 1000 + 1 : 0;
      const paidOn =
        i < payDays.length * 2
          ? payDays[i % payDays.length]!
          : new Date(Date.UTC(2026, 0, 1) + int(600) * 86_400_000).toISOString().slice(0, 10);
      const deleted = random() < 0.1;
      await s.ctx.db
        .insertInto('payments')
        .values({
          workshopId: lab.id,
          customerId: cid,
          type,
          goldMg,
          moneyToman: money,
          paidOn,
          deletedAt: deleted ? new Date() : null,
        })
        .execute();
      if (!deleted && paidOn >= '2026-03-21' && paidOn < '2027-03-21') {
        const sign = type === 1 ? -1 : 1;
        bump(cid, { gold: sign * goldMg, money: sign * money });
      }
    }
    // Another workshop's rows never count.
    const foreign = await customer(s.labB.id);
    await assay(
      s.labB.id,
      foreign,
      { toman: 777_000, goldMg: 0 },
      { createdAt: new Date('2026-06-01T10:00:00Z') },
    );

    const rows: {
      customerId: string;
      goldRemain: number;
      moneyRemain: number;
      testCount: number;
      status: number;
      deleted: boolean;
    }[] = [];
    let totals:
      | { totalGoldRemain: number; totalMoneyRemain: number; totalTestCount: number; totalCount: number }
      | undefined;
    for (let page = 1; ; page++) {
      const res = await call<{
        list: typeof rows;
        totalCount: number;
        pageSize: number;
        year: number;
        totalGoldRemain: number;
        totalMoneyRemain: number;
        totalTestCount: number;
      }>('GET', `/Account/GetStore?year=۱۴۰۵&pageNumber=${page}`, lab.token);
      expect(res.status).toBe(200);
      expect(res.body.data.pageSize).toBe(50);
      expect(res.body.data.year).toBe(1405);
      expect(res.body.data.list.length).toBeLessThanOrEqual(50);
      rows.push(...res.body.data.list);
      totals = res.body.data;
      if (res.body.data.list.length < 50) break;
    }
    expect(rows.length).toBe(expected.size);
    expect(totals?.totalCount).toBe(expected.size);
    for (const row of rows) {
      const e = expected.get(row.customerId)!;
      expect(row, row.customerId).toMatchObject({
        goldRemain: e.gold,
        moneyRemain: e.money,
        testCount: e.tests,
      });
      const status = e.gold > 0 || e.money > 0 ? 0 : e.gold === 0 && e.money === 0 ? 1 : 2;
      expect(row.status).toBe(status);
      expect(row.deleted).toBe(row.customerId === deletedCustomer);
    }
    // Owing customers first.
    const statuses = rows.map((r) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    const sum = (f: (e: Expected) => number) => [...expected.values()].reduce((s, e) => s + f(e), 0);
    expect(totals).toMatchObject({
      totalGoldRemain: sum((e) => e.gold),
      totalMoneyRemain: sum((e) => e.money),
      totalTestCount: sum((e) => e.tests),
    });

    // One customer only.
    const [someone, e] = [...expected.entries()][0]!;
    const one = await call<{ list: typeof rows; totalGoldRemain: number }>(
      'GET',
      `/Account/GetStore?year=1405&customerId=${someone}`,
      lab.token,
    );
    expect(one.body.data.list).toHaveLength(1);
    expect(one.body.data.totalGoldRemain).toBe(e.gold);
  });

  it('400 for a bad year or customer id; 401; 403; another workshop’s customer shows nothing', async () => {
    const bad = await call('GET', '/Account/GetStore?year=abc&customerId=1', s.labA.token);
    expect(bad.status).toBe(400);
    expect((bad.body.errors ?? []).map((e) => e.field).sort()).toEqual(['customerId', 'year']);
    expect((await call('GET', '/Account/GetStore', null)).status).toBe(401);
    expect((await call('GET', '/Account/GetStore', s.adminToken)).status).toBe(403);
    const foreign = await customer(s.labB.id);
    await assay(s.labB.id, foreign, { toman: 5000, goldMg: 0 });
    const res = await call<{ list: unknown[]; totalMoneyRemain: number }>(
      'GET',
      `/Account/GetStore?customerId=${foreign}`,
      s.labA.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ list: [], totalMoneyRemain: 0 });
  });
});
