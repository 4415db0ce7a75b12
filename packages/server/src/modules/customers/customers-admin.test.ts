import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
let labA: { id: string; token: string };
let labB: { id: string; token: string };
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  labA = await createSignedInUser(ctx, { fName: 'آزمایشگاه الف' });
  labB = await createSignedInUser(ctx, { fName: 'آزمایشگاه ب' });
  adminToken = (await createSignedInUser(ctx, { role: 'admin' })).token;
});
afterAll(async () => {
  await ctx.close();
});

const call = apiCaller(() => ctx.app);

async function addCustomer(token: string, fields: Record<string, unknown> = {}) {
  const res = await call<number>('POST', '/Customer/AddCustomer', token, {
    customerName: 'مشتری',
    mobile1: '09120000000',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function idOfCode(token: string, code: number): Promise<string> {
  const res = await call<{ list: { customerId: string; customerCode: number }[] }>(
    'GET',
    `/Customer/AllCustomers?pageSize=500`,
    token,
  );
  const row = res.body.data.list.find((r) => r.customerCode === code);
  if (!row) throw new Error(`no customer with code ${code}`);
  return row.customerId;
}

describe('admin: /Manage/AllCustomers, /Manage/GetCustomer, /Manage/Delete', () => {
  // Customers of both labs (this file's own; customers.test.ts makes its own).
  beforeAll(async () => {
    await addCustomer(labA.token, { customerName: 'حسن نمونه' });
    await addCustomer(labB.token, { customerName: 'علی دیگر' });
  });

  it('lists every workshop’s customers 50 a page, with the lab, filtered by workshop and name', async () => {
    const all = await call<{ list: { lab: string; userId: string }[]; totalCount: number; pageSize: number }>(
      'GET',
      '/Manage/AllCustomers',
      adminToken,
    );
    expect(all.status).toBe(200);
    expect(all.body.data.pageSize).toBe(50);
    expect(all.body.data.list.length).toBeLessThanOrEqual(50);
    const labs = new Set(all.body.data.list.map((r) => r.lab));
    expect(labs.size).toBeGreaterThan(1);

    const onlyB = await call<{
      list: { userId: string; name: string; lab: string; code: number; mobile: string }[];
    }>('GET', `/Manage/AllCustomers?user=${labB.id}`, adminToken);
    expect(onlyB.body.data.list.length).toBeGreaterThan(0);
    expect(onlyB.body.data.list.every((r) => r.userId === labB.id && r.lab === 'آزمایشگاه ب')).toBe(true);
    const named = await call<{ list: { name: string }[] }>(
      'GET',
      `/Manage/AllCustomers?user=${labB.id}&name=${encodeURIComponent('دیگر')}`,
      adminToken,
    );
    expect(named.body.data.list.map((r) => r.name)).toEqual(['علی دیگر']);

    expect((await call('GET', '/Manage/AllCustomers?user=nope', adminToken)).status).toBe(400);
    expect((await call('GET', '/Manage/AllCustomers', null)).status).toBe(401);
    expect((await call('GET', '/Manage/AllCustomers', labA.token)).status).toBe(403);
  });

  it('shows one customer with its history counts, and deletes it softly with an audit entry', async () => {
    const code = await addCustomer(labB.token, { customerName: 'برای مدیر' });
    const id = await idOfCode(labB.token, code);
    const detail = await call('GET', `/Manage/GetCustomer?customerId=${id}`, adminToken);
    expect(detail.body.data).toMatchObject({
      customerName: 'برای مدیر',
      lab: 'آزمایشگاه ب',
      testCount: 0,
      payCount: 0,
    });
    expect((await call('GET', `/Manage/GetCustomer?customerId=${id}`, labB.token)).status).toBe(403);
    expect((await call('GET', `/Manage/GetCustomer?customerId=${randomUUID()}`, adminToken)).status).toBe(
      404,
    );

    expect((await call('POST', '/Manage/Delete', labB.token, { id })).status).toBe(403);
    expect((await call('POST', '/Manage/Delete', null, { id })).status).toBe(401);
    expect((await call('POST', '/Manage/Delete', adminToken, { id: 'bad' })).status).toBe(400);
    const res = await call('POST', '/Manage/Delete', adminToken, { id });
    expect(res.body).toMatchObject({ successful: true, message: 'مشتری حذف شد' });
    expect((await call('POST', '/Manage/Delete', adminToken, { id })).status).toBe(404);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, labB.token)).status).toBe(404);
    const audit = await ctx.db.selectFrom('auditLog').select('action').where('entityId', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['customer.delete.admin']);
  });
});
