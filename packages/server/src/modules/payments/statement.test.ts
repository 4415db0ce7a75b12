import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  OTHER_CUSTOMER_ID,
  STATEMENT_MAX_ENTRIES,
  STATEMENT_MSG,
  addDays,
  todayGregorianInTehran,
  type StaffRole,
  type StatementResponse,
} from '@ayar/contract';
import { login } from '../../../test/helpers.ts';
import { paymentsTestSetup } from './payments.test-kit.ts';

// The printed statement and the letterhead through HTTP (docs/product.md §5.7): the balance rule of
// GetPays cut at Tehran midnights, both edges of the range and of its limits, who may ask, and whose
// customers.

const { s, call, customer, assay } = paymentsTestSetup();

const today = todayGregorianInTehran();
type Statement = StatementResponse;

const statement = (token: string | null, cid: string, from: string, to: string) =>
  call<Statement>('GET', `/Customer/Statement?cid=${cid}&from=${from}&to=${to}`, token);

const pay = async (cid: string, type: 1 | 2, gold: string, money: number, date: string) => {
  const res = await call<{ id: string }>('POST', '/Customer/AddPay', s.labA.token, {
    customerId: cid,
    type,
    gold,
    money,
    date,
    desc: `سند ${date}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
};

let people = 0;
/** One of lab A's people with these roles, added by the owner and signed in. */
async function person(roles: StaffRole[]): Promise<string> {
  people += 1;
  const userName = `stmt.person${people}`;
  const password = 'a-long-secret-stmt-9';
  const res = await call('POST', '/Staff/Add', s.labA.token, {
    fullName: `کارمند ${people}`,
    mobile: `0913555${String(people).padStart(4, '0')}`,
    userName,
    password,
    confirmPassword: password,
    roles,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return login(s.ctx.app, userName, password);
}

describe('GET /Customer/Statement', () => {
  it('opens with the debt before the first day, lists each row of the Tehran days with its balance, and closes', async () => {
    const cid = await customer(s.labA.id, 'صورت‌حساب');
    // Tehran is UTC+03:30: 2026-03-01 00:00 there is 2026-02-28T20:30Z; 2026-03-31 ends at 2026-03-31T20:30Z.
    await assay(
      s.labA.id,
      cid,
      { toman: 40_000, goldMg: 0 },
      { createdAt: new Date('2026-02-28T20:29:59Z') },
    );
    await assay(s.labA.id, cid, { toman: 0, goldMg: 300 }, { createdAt: new Date('2026-02-28T20:30:00Z') });
    await assay(
      s.labA.id,
      cid,
      { toman: 25_000, goldMg: 0 },
      { createdAt: new Date('2026-03-31T20:29:59Z') },
    );
    await assay(
      s.labA.id,
      cid,
      { toman: 70_000, goldMg: 0 },
      { createdAt: new Date('2026-03-31T20:30:00Z') },
    );
    await assay(
      s.labA.id,
      cid,
      { toman: 999, goldMg: 999 },
      { createdAt: new Date('2026-03-10T08:00:00Z'), deletedAt: new Date() },
    );
    await pay(cid, 2, '1', 10_000, '2026-02-28');
    const first = await pay(cid, 1, '0.100', 5_000, '2026-03-01');
    const last = await pay(cid, 2, '', 2_000, '2026-03-31');
    await pay(cid, 1, '5', 0, '2026-04-01');
    const gone = await pay(cid, 1, '', 777, '2026-03-15');
    expect((await call('POST', '/Customer/DeletePay', s.labA.token, { id: gone })).status).toBe(200);

    const res = await statement(s.labA.token, cid, '2026-03-01', '2026-03-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    // Before: the packet a second before midnight (40,000) and the payment of 2026-02-28 (1 g, 10,000).
    expect(data.opening).toEqual({ goldMg: 1_000, money: 50_000 });
    expect(
      data.entries.map((e) => [e.kind, e.date, e.goldMg, e.money, e.goldBalance, e.moneyBalance]),
    ).toEqual([
      ['fee', '2026-03-01', 300, 0, 1_300, 50_000],
      ['receipt', '2026-03-01', -100, -5_000, 1_200, 45_000],
      ['fee', '2026-03-31', 0, 25_000, 1_200, 70_000],
      ['payment', '2026-03-31', 0, 2_000, 1_200, 72_000],
    ]);
    expect(data.entries[1]).toMatchObject({ id: first, desc: 'سند 2026-03-01', docNumber: null });
    expect(data.entries[3]?.id).toBe(last);
    expect(data.entries[0]?.docNumber).toEqual(expect.any(Number));
    expect(data.closing).toEqual({ goldMg: 1_200, money: 72_000 });
    expect(data.totals).toEqual({
      fees: { goldMg: 300, money: 25_000 },
      received: { goldMg: 100, money: 5_000 },
      paid: { goldMg: 0, money: 2_000 },
      testCount: 2,
    });
    expect(data.customer).toMatchObject({ id: cid, name: 'صورت‌حساب', deleted: false });
    expect(data).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });

    // One day: the first day alone; the day after opens on the range's closing and holds the packet
    // registered at its Tehran midnight.
    const day = await statement(s.labA.token, cid, '2026-03-01', '2026-03-01');
    expect(day.body.data.entries.map((e) => e.kind)).toEqual(['fee', 'receipt']);
    const after = await statement(s.labA.token, cid, '2026-04-01', '2026-04-01');
    expect(after.body.data.opening).toEqual({ goldMg: 1_200, money: 72_000 });
    expect(after.body.data.entries.map((e) => [e.kind, e.date, e.money])).toEqual([
      ['fee', '2026-04-01', 70_000],
      ['receipt', '2026-04-01', 0],
    ]);
    expect(after.body.data.closing).toEqual({ goldMg: -3_800, money: 142_000 });
  });

  it('closes on GetPays’ balance when the range ends today and starts before the first entry', async () => {
    const cid = await customer(s.labA.id);
    await assay(
      s.labA.id,
      cid,
      { toman: 120_000, goldMg: 0 },
      { createdAt: new Date('2025-06-01T10:00:00Z') },
    );
    await assay(s.labA.id, cid, { toman: 0, goldMg: 2_345 });
    await pay(cid, 1, '1.5', 60_000, '2025-07-01');
    await pay(cid, 2, '0.25', 1_000, today);
    const pays = await call<{ balance: { goldRemain: number; moneyRemain: number } }>(
      'GET',
      `/Customer/GetPays?cid=${cid}`,
      s.labA.token,
    );
    const res = await statement(s.labA.token, cid, '2025-01-01', today);
    expect(res.status).toBe(200);
    expect(res.body.data.opening).toEqual({ goldMg: 0, money: 0 });
    expect(res.body.data.closing).toEqual({
      goldMg: pays.body.data.balance.goldRemain,
      money: pays.body.data.balance.moneyRemain,
    });
    expect(res.body.data.closing).toEqual({ goldMg: 2_345 - 1_500 + 250, money: 120_000 - 60_000 + 1_000 });
  });

  it('carries the lab’s letterhead, as GET /Account/Letterhead answers it to every one of its people', async () => {
    await s.ctx.db
      .updateTable('users')
      .set({ fName: 'آزمایشگاه زر', address: 'تهران، بازار بزرگ', phone: '02155667788', rejeCode: 'R-77' })
      .where('id', '=', s.labA.id)
      .execute();
    const cid = await customer(s.labA.id);
    const res = await statement(s.labA.token, cid, today, today);
    const expected = {
      labName: 'آزمایشگاه زر',
      managerName: 'مدیر نمونه',
      address: 'تهران، بازار بزرگ',
      phone: '02155667788',
      cellPhone: null,
      workshopCode: expect.any(Number),
      rejeCode: 'R-77',
    };
    expect(res.body.data.letterhead).toEqual(expected);
    const assayer = await person(['assayer']);
    const head = await call('GET', '/Account/Letterhead', assayer);
    expect(head.status).toBe(200);
    expect(head.body.data).toEqual(expected);
    expect((await call('GET', '/Account/Letterhead', s.labB.token)).body.data).toMatchObject({
      labName: 'آزمایشگاه نمونه',
    });
    expect((await call('GET', '/Account/Letterhead', null)).status).toBe(401);
    expect((await call('GET', '/Account/Letterhead', s.adminToken)).status).toBe(403);
  });

  it('takes a range of up to 1096 days ending today at the latest, from ≤ to, and names the field', async () => {
    const cid = await customer(s.labA.id);
    const ok = async (from: string, to: string) => (await statement(s.labA.token, cid, from, to)).status;
    const refused = async (from: string, to: string, message: string) => {
      const res = await statement(s.labA.token, cid, from, to);
      expect(res.status, `${from}..${to}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'to', message }]);
    };
    expect(await ok(addDays(today, -1095), today)).toBe(200);
    await refused(addDays(today, -1096), today, STATEMENT_MSG.tooLong);
    expect(await ok(today, today)).toBe(200);
    await refused(today, addDays(today, 1), STATEMENT_MSG.future);
    await refused('2026-03-02', '2026-03-01', STATEMENT_MSG.order);
    // A client that types Persian or Arabic digits gets the same statement as with Latin ones.
    const persian = await call<Statement>(
      'GET',
      `/Customer/Statement?cid=${cid}&from=${encodeURIComponent('۲۰۲۶-۰۳-۰۱')}&to=${encodeURIComponent('٢٠٢٦-٠٣-٣١')}`,
      s.labA.token,
    );
    expect(persian.status).toBe(200);
    expect(persian.body.data).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });

    const bad = await call('GET', '/Customer/Statement?cid=nope&from=2026-02-30&to=', s.labA.token);
    expect(bad.status).toBe(400);
    expect((bad.body.errors ?? []).map((e) => e.field).sort()).toEqual(['cid', 'from', 'to']);
    const missing = await call('GET', '/Customer/Statement', s.labA.token);
    expect(missing.body.errors).toEqual([
      { field: 'cid', message: STATEMENT_MSG.customerRequired },
      { field: 'from', message: STATEMENT_MSG.fromRequired },
      { field: 'to', message: STATEMENT_MSG.toRequired },
    ]);
  });

  it('is NOT_FOUND for another lab’s customer, an unknown one and the other customer; 401; roles', async () => {
    const foreign = await customer(s.labB.id);
    expect((await statement(s.labA.token, foreign, today, today)).status).toBe(404);
    expect((await statement(s.labA.token, randomUUID(), today, today)).status).toBe(404);
    expect((await statement(s.labA.token, OTHER_CUSTOMER_ID, today, today)).status).toBe(404);
    expect((await statement(s.labB.token, foreign, today, today)).status).toBe(200);
    expect((await statement(null, foreign, today, today)).status).toBe(401);
    expect((await statement(s.adminToken, foreign, today, today)).status).toBe(403);

    const mine = await customer(s.labA.id);
    await s.ctx.db.updateTable('customers').set({ deletedAt: new Date() }).where('id', '=', mine).execute();
    const deleted = await statement(s.labA.token, mine, today, today);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.customer.deleted).toBe(true);

    const [counter, accountant, assayer] = await Promise.all([
      person(['counter']),
      person(['accountant']),
      person(['assayer']),
    ]);
    expect((await statement(counter, mine, today, today)).status).toBe(200);
    expect((await statement(accountant, mine, today, today)).status).toBe(200);
    expect((await statement(assayer, mine, today, today)).status).toBe(403);
  });

  it(`lists up to ${STATEMENT_MAX_ENTRIES} rows and refuses one more`, async () => {
    const cid = await customer(s.labA.id);
    const fill = (n: number, base: number) =>
      sql`
        insert into assays (workshop_id, customer_id, doc_number, fee_type, fee_toman, public_token, created_at)
        select ${s.labA.id}, ${cid}, ${base} + g, 1, 10, md5(random()::text || g), '2026-05-10T08:00:00Z'
        from generate_series(1, ${n}) g
      `.execute(s.ctx.db);
    await fill(STATEMENT_MAX_ENTRIES, 700_000_000);
    const full = await statement(s.labA.token, cid, '2026-05-10', '2026-05-10');
    expect(full.status).toBe(200);
    expect(full.body.data.entries).toHaveLength(STATEMENT_MAX_ENTRIES);
    expect(full.body.data.closing).toEqual({ goldMg: 0, money: 10 * STATEMENT_MAX_ENTRIES });
    await fill(1, 710_000_000);
    const over = await statement(s.labA.token, cid, '2026-05-10', '2026-05-10');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'BUSINESS_RULE', message: STATEMENT_MSG.tooMany });
  });
});
