import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OTHER_CUSTOMER_ID, jalaliToGregorian, todayJalali } from '@ayar/contract';

import { paymentsTestSetup } from './payments.test-kit.ts';

const { s, call, customer, assay } = paymentsTestSetup();

const today = jalaliToGregorian(todayJalali())!;

describe('POST /Customer/AddPay', () => {
  it('records gold in grams (3 decimals, Persian digits) as milligrams and money in toman', async () => {
    const cid = await customer(s.labA.id);
    const res = await call<{ id: string }>('POST', '/Customer/AddPay', s.labA.token, {
      customerId: cid,
      type: 1,
      gold: '۱۲٫۳۴۵',
      money: '۱,۵۰۰,۰۰۰',
      date: '2026-03-01',
      desc: 'بیعانه',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('ثبت شد');
    const row = await s.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      workshopId: s.labA.id,
      customerId: cid,
      type: 1,
      goldMg: 12345,
      moneyToman: 1_500_000,
      paidOn: '2026-03-01',
      description: 'بیعانه',
      createdBy: s.labA.id,
    });
    const goldOnly = await call('POST', '/Customer/AddPay', s.labA.token, {
      customerId: cid,
      type: 2,
      gold: 0.5,
      date: today,
    });
    expect(goldOnly.status).toBe(200);
  });

  it('lists every bad field', async () => {
    const cid = await customer(s.labA.id);
    const nothing = await call('POST', '/Customer/AddPay', s.labA.token, {
      customerId: cid,
      type: 1,
      gold: '',
      money: '0',
      date: today,
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([{ field: 'gold', message: 'وزن طلا یا مبلغ را وارد کنید' }]);

    const bad = await call('POST', '/Customer/AddPay', s.labA.token, {
      customerId: 'x',
      type: 3,
      gold: '1.2345',
      money: '12.5',
      date: '2999-01-01',
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body.errors ?? []).map((e) => e.field).sort();
    expect(fields).toEqual(['customerId', 'date', 'gold', 'money', 'type']);
    const date = await call('POST', '/Customer/AddPay', s.labA.token, {
      customerId: cid,
      type: 1,
      money: 1,
      date: '2026-02-30',
    });
    expect(date.body.errors?.[0]).toMatchObject({ field: 'date' });
  });

  it('404 for another workshop’s customer, a deleted one and the other customer; 401; 403', async () => {
    const foreign = await customer(s.labB.id);
    const body = (customerId: string) => ({ customerId, type: 1, money: 1000, date: today });
    expect((await call('POST', '/Customer/AddPay', s.labA.token, body(foreign))).status).toBe(404);
    expect((await call('POST', '/Customer/AddPay', s.labA.token, body(OTHER_CUSTOMER_ID))).status).toBe(404);
    const gone = await customer(s.labA.id);
    await s.ctx.db.updateTable('customers').set({ deletedAt: new Date() }).where('id', '=', gone).execute();
    expect((await call('POST', '/Customer/AddPay', s.labA.token, body(gone))).status).toBe(404);
    expect((await call('POST', '/Customer/AddPay', null, body(foreign))).status).toBe(401);
    expect((await call('POST', '/Customer/AddPay', s.adminToken, body(foreign))).status).toBe(403);
  });
});

describe('GET /Customer/GetPays and POST /Customer/DeletePay', () => {
  it('lists the customer’s receipts and payments with the balance: fees − received + paid', async () => {
    const cid = await customer(s.labA.id, 'حساب‌دار');
    await assay(s.labA.id, cid, { toman: 200_000, goldMg: 0 });
    await assay(s.labA.id, cid, { toman: 0, goldMg: 1_250 });
    await assay(s.labA.id, cid, { toman: 999, goldMg: 999 }, { deletedAt: new Date() });
    const pay = async (type: 1 | 2, gold: string, money: number, date: string) =>
      (
        await call<{ id: string }>('POST', '/Customer/AddPay', s.labA.token, {
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
    }>('GET', `/Customer/GetPays?cid=${cid}`, s.labA.token);
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

    expect((await call('POST', '/Customer/DeletePay', s.labB.token, { id: second })).status).toBe(404);
    const del = await call('POST', '/Customer/DeletePay', s.labA.token, { id: second });
    expect(del.body).toMatchObject({ successful: true, message: 'حذف شد' });
    expect((await call('POST', '/Customer/DeletePay', s.labA.token, { id: second })).status).toBe(404);
    const after = await call<{ list: unknown[]; balance: { goldRemain: number; moneyRemain: number } }>(
      'GET',
      `/Customer/GetPays?cid=${cid}`,
      s.labA.token,
    );
    expect(after.body.data.list).toHaveLength(2);
    expect(after.body.data.balance).toMatchObject({ goldRemain: 1_000, moneyRemain: 45_000 });
    const kept = await s.ctx.db
      .selectFrom('payments')
      .select('deletedAt')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(kept.deletedAt).toBeInstanceOf(Date);
    const audit = await s.ctx.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', second)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payment.delete']);
  });

  it('404 for another workshop’s customer or payment; 400; 401; 403', async () => {
    const foreign = await customer(s.labB.id);
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, s.labA.token)).status).toBe(404);
    expect((await call('GET', `/Customer/GetPays?cid=${randomUUID()}`, s.labA.token)).status).toBe(404);
    const bad = await call('GET', '/Customer/GetPays?cid=nope', s.labA.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('cid');
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, null)).status).toBe(401);
    expect((await call('GET', `/Customer/GetPays?cid=${foreign}`, s.adminToken)).status).toBe(403);
    expect((await call('POST', '/Customer/DeletePay', s.labA.token, { id: 'x' })).status).toBe(400);
    expect((await call('POST', '/Customer/DeletePay', null, { id: randomUUID() })).status).toBe(401);
    expect((await call('POST', '/Customer/DeletePay', s.adminToken, { id: randomUUID() })).status).toBe(403);
  });
});

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
