import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_CUSTOMER_ID, jalaliToGregorian, todayJalali } from '@ayar/contract';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
let labA: { id: string; token: string };
let labB: { id: string; token: string };
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  labA = await createSignedInUser(ctx);
  labB = await createSignedInUser(ctx);
  adminToken = (await createSignedInUser(ctx, { role: 'admin' })).token;
});
afterAll(async () => {
  await ctx.close();
});

const call = apiCaller(() => ctx.app);

let codeSeq = 0;
async function customer(workshopId: string, name = 'مشتری'): Promise<string> {
  const row = await ctx.db
    .insertInto('customers')
    .values({ workshopId, code: ++codeSeq, name, mobile1: '09120000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let docSeq = 1_000_000;
/** A packet row as the assays feature will write it (generated directly: that feature comes later). */
async function assay(
  workshopId: string,
  customerId: string | null,
  fee: { toman: number; goldMg: number },
  extra: { createdAt?: Date; deletedAt?: Date | null } = {},
) {
  await ctx.db
    .insertInto('assays')
    .values({
      workshopId,
      customerId,
      otherOwnerName: customerId ? null : 'متفرقه',
      docNumber: ++docSeq,
      feeType: fee.goldMg > 0 ? 0 : 1,
      feeToman: fee.toman,
      feeGoldMg: fee.goldMg,
      publicToken: randomBytes(12).toString('hex'),
      ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
      deletedAt: extra.deletedAt ?? null,
    })
    .execute();
}

const today = jalaliToGregorian(todayJalali())!;

describe('POST /Customer/AddPay', () => {
  it('records gold in grams (3 decimals, Persian digits) as milligrams and money in toman', async () => {
    const cid = await customer(labA.id);
    const res = await call<{ id: string }>('POST', '/Customer/AddPay', labA.token, {
      customerId: cid,
      type: 1,
      gold: '۱۲٫۳۴۵',
      money: '۱,۵۰۰,۰۰۰',
      date: '2026-03-01',
      desc: 'بیعانه',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('ثبت شد');
    const row = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      workshopId: labA.id,
      customerId: cid,
      type: 1,
      goldMg: 12345,
      moneyToman: 1_500_000,
      paidOn: '2026-03-01',
      description: 'بیعانه',
      createdBy: labA.id,
    });
    const goldOnly = await call('POST', '/Customer/AddPay', labA.token, {
      customerId: cid,
      type: 2,
      gold: 0.5,
      date: today,
    });
    expect(goldOnly.status).toBe(200);
  });

  it('lists every bad field', async () => {
    const cid = await customer(labA.id);
    const nothing = await call('POST', '/Customer/AddPay', labA.token, {
      customerId: cid,
      type: 1,
      gold: '',
      money: '0',
      date: today,
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([{ field: 'gold', message: 'وزن طلا یا مبلغ را وارد کنید' }]);

    const bad = await call('POST', '/Customer/AddPay', labA.token, {
      customerId: 'x',
      type: 3,
      gold: '1.2345',
      money: '12.5',
      date: '2999-01-01',
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body.errors ?? []).map((e) => e.field).sort();
    expect(fields).toEqual(['customerId', 'date', 'gold', 'money', 'type']);
    const date = await call('POST', '/Customer/AddPay', labA.token, {
      customerId: cid,
      type: 1,
      money: 1,
      date: '2026-02-30',
    });
    expect(date.body.errors?.[0]).toMatchObject({ field: 'date' });
  });

  it('404 for another workshop’s customer, a deleted one and the other customer; 401; 403', async () => {
    const foreign = await customer(labB.id);
    const body = (customerId: string) => ({ customerId, type: 1, money: 1000, date: today });
    expect((await call('POST', '/Customer/AddPay', labA.token, body(foreign))).status).toBe(404);
    expect((await call('POST', '/Customer/AddPay', labA.token, body(OTHER_CUSTOMER_ID))).status).toBe(404);
    const gone = await customer(labA.id);
    await ctx.db.updateTable('customers').set({ deletedAt: new Date() }).where('id', '=', gone).execute();
    expect((await call('POST', '/Customer/AddPay', labA.token, body(gone))).status).toBe(404);
    expect((await call('POST', '/Customer/AddPay', null, body(foreign))).status).toBe(401);
    expect((await call('POST', '/Customer/AddPay', adminToken, body(foreign))).status).toBe(403);
  });
});

describe('GET /Customer/GetPays and POST /Customer/DeletePay', () => {
  it('lists the customer’s receipts and payments with the balance: fees − received + paid', async () => {
    const cid = await customer(labA.id, 'حساب‌دار');
    await assay(labA.id, cid, { toman: 200_000, goldMg: 0 });
    await assay(labA.id, cid, { toman: 0, goldMg: 1_250 });
    await assay(labA.id, cid, { toman: 999, goldMg: 999 }, { deletedAt: new Date() });
    const pay = async (type: 1 | 2, gold: string, money: number, date: string) =>
      (
        await call<{ id: string }>('POST', '/Customer/AddPay', labA.token, {
          customerId: cid,
          type,
          gold,
          money,
          date,
        })
      ).body.data.id;
    await pay(1, '0.250', 150_000, '2026-01-01');
    const second = await pay(2, '2', 10_000, '2026-02-01');
    await pay(1, '', 5_000, '2026-03-01');

    const res = await call<{
      customerName: string;
      list: { id: string; type: number; goldMg: number; money: number; date: string }[];
      balance: Record<string, number>;
    }>('GET', `/Customer/GetPays?cid=${cid}`, labA.token);
    expect(res.status).toBe(200);
    expect(res.body.data.customerName).toBe('حساب‌دار');
    expect(res.body.data.list.map((p) => p.date)).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
    expect(res.body.data.balance).toEqual({
      testCount: 2,
      feeGoldMg: 1_250,
      feeMoney: 200_000,
      receivedGoldMg: 250,
      receivedMoney: 155_000,
      paidGoldMg: 2_000,
      paidMoney: 10_000,
      goldRemain: 1_250 - 250 + 2_000,
      moneyRemain: 200_000 - 155_000 + 10_000,
    });

    expect((await call('POST', '/Customer/DeletePay', labB.token, { id: second })).status).toBe(404);
    const del = await call('POST', '/Customer/DeletePay', labA.token, { id: second });
    expect(del.body).toMatchObject({ successful: true, message: 'حذف شد' });
    expect((await call('POST', '/Customer/DeletePay', labA.token, { id: second })).status).toBe(404);
    const after = await call<{ list: unknown[]; balance: { goldRemain: number; moneyRemain: number } }>(
      'GET',
      `/Customer/GetPays?cid=${cid}`,
      labA.token,
    );
    expect(after.body.data.list).toHaveLength(2);
    expect(after.body.data.balance).toMatchObject({ goldRemain: 1_000, moneyRemain: 45_000 });
    const kept = await ctx.db
      .selectFrom('payments')
      .select('deletedAt')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(kept.deletedAt).toBeInstanceOf(Date);
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', second)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payment.delete']);
  });

  it('404 for another workshop’s customer or payment; 400; 401; 403', async () => {
    const foreign = await customer(labB.id);
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, labA.token)).status).toBe(404);
    expect((await call('GET', `/Customer/GetPays?cid=${randomUUID()}`, labA.token)).status).toBe(404);
    const bad = await call('GET', '/Customer/GetPays?cid=nope', labA.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('cid');
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, null)).status).toBe(401);
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, adminToken)).status).toBe(403);
    expect((await call('POST', '/Customer/DeletePay', labA.token, { id: 'x' })).status).toBe(400);
    expect((await call('POST', '/Customer/DeletePay', null, { id: randomUUID() })).status).toBe(401);
    expect((await call('POST', '/Customer/DeletePay', adminToken, { id: randomUUID() })).status).toBe(403);
  });
});

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
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
    const lab = await createSignedInUser(ctx);
    const random = rng(1405);
    const int = (max: number) => Math.floor(random() * max);
    const customers: string[] = [];
    for (let i = 0; i < 70; i++)
      customers.push(await customer(lab.id, `مشتری ${String(i).padStart(2, '0')}`));
    const deletedCustomer = customers[3]!;
    await ctx.db
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
      await ctx.db
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
    const foreign = await customer(labB.id);
    await assay(
      labB.id,
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
    const bad = await call('GET', '/Account/GetStore?year=abc&customerId=1', labA.token);
    expect(bad.status).toBe(400);
    expect((bad.body.errors ?? []).map((e) => e.field).sort()).toEqual(['customerId', 'year']);
    expect((await call('GET', '/Account/GetStore', null)).status).toBe(401);
    expect((await call('GET', '/Account/GetStore', adminToken)).status).toBe(403);
    const foreign = await customer(labB.id);
    await assay(labB.id, foreign, { toman: 5000, goldMg: 0 });
    const res = await call<{ list: unknown[]; totalMoneyRemain: number }>(
      'GET',
      `/Account/GetStore?customerId=${foreign}`,
      labA.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ list: [], totalMoneyRemain: 0 });
  });
});
