import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { customersTestSetup } from './customers.test-kit.ts';

const { s, call, addCustomer, idOfCode } = customersTestSetup();

describe('admin: /Manage/AllCustomers, /Manage/GetCustomer, /Manage/Delete', () => {
  // Customers of both labs (this file's own; customers.test.ts makes its own).
  beforeAll(async () => {
    await addCustomer(s.labA.token, { customerName: 'حسن نمونه' });
    await addCustomer(s.labB.token, { customerName: 'علی دیگر' });
  });

  it('lists every workshop’s customers 50 a page, with the lab, filtered by workshop and name', async () => {
    const all = await call<{ list: { lab: string; userId: string }[]; totalCount: number; pageSize: number }>(
      'GET',
      '/Manage/AllCustomers',
      s.adminToken,
    );
    expect(all.status).toBe(200);
    expect(all.body.data.pageSize).toBe(50);
    expect(all.body.data.list.length).toBeLessThanOrEqual(50);
    const labs = new Set(all.body.data.list.map((r) => r.lab));
    expect(labs.size).toBeGreaterThan(1);

    const onlyB = await call<{
      list: { userId: string; name: string; lab: string; code: number; mobile: string }[];
    }>('GET', `/Manage/AllCustomers?user=${s.labB.id}`, s.adminToken);
    expect(onlyB.body.data.list.length).toBeGreaterThan(0);
    expect(onlyB.body.data.list.every((r) => r.userId === s.labB.id && r.lab === 'آزمایشگاه ب')).toBe(true);
    const named = await call<{ list: { name: string }[] }>(
      'GET',
      `/Manage/AllCustomers?user=${s.labB.id}&name=${encodeURIComponent('دیگر')}`,
      s.adminToken,
    );
    expect(named.body.data.list.map((r) => r.name)).toEqual(['علی دیگر']);

    expect((await call('GET', '/Manage/AllCustomers?user=nope', s.adminToken)).status).toBe(400);
    expect((await call('GET', '/Manage/AllCustomers', null)).status).toBe(401);
    expect((await call('GET', '/Manage/AllCustomers', s.labA.token)).status).toBe(403);
  });

  it('shows one customer with its history counts, and deletes it softly with an audit entry', async () => {
    const code = await addCustomer(s.labB.token, { customerName: 'برای مدیر' });
    const id = await idOfCode(s.labB.token, code);
    const detail = await call('GET', `/Manage/GetCustomer?customerId=${id}`, s.adminToken);
    expect(detail.body.data).toMatchObject({
      customerName: 'برای مدیر',
      lab: 'آزمایشگاه ب',
      testCount: 0,
      payCount: 0,
    });
    expect((await call('GET', `/Manage/GetCustomer?customerId=${id}`, s.labB.token)).status).toBe(403);
    expect((await call('GET', `/Manage/GetCustomer?customerId=${randomUUID()}`, s.adminToken)).status).toBe(
      404,
    );

    expect((await call('POST', '/Manage/Delete', s.labB.token, { id })).status).toBe(403);
    expect((await call('POST', '/Manage/Delete', null, { id })).status).toBe(401);
    expect((await call('POST', '/Manage/Delete', s.adminToken, { id: 'bad' })).status).toBe(400);
    const res = await call('POST', '/Manage/Delete', s.adminToken, { id });
    expect(res.body).toMatchObject({ successful: true, message: 'مشتری حذف شد' });
    expect((await call('POST', '/Manage/Delete', s.adminToken, { id })).status).toBe(404);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, s.labB.token)).status).toBe(404);
    const audit = await s.ctx.db.selectFrom('auditLog').select('action').where('entityId', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['customer.delete.admin']);
  });
});
