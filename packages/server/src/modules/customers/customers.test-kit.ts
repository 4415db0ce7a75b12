import { afterAll, beforeAll, expect } from 'vitest';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

/**
 * The customers test files' shared setting: an app on its own database, two labs («الف», «ب») and an
 * admin signed in, and two calls through the API. Call once at a file's top level.
 */
export function customersTestSetup() {
  const s = {
    ctx: undefined as unknown as TestContext,
    labA: undefined as unknown as { id: string; token: string },
    labB: undefined as unknown as { id: string; token: string },
    adminToken: '',
  };
  beforeAll(async () => {
    s.ctx = await createTestApp();
    s.labA = await createSignedInUser(s.ctx, { fName: 'آزمایشگاه الف' });
    s.labB = await createSignedInUser(s.ctx, { fName: 'آزمایشگاه ب' });
    s.adminToken = (await createSignedInUser(s.ctx, { role: 'admin' })).token;
  });
  afterAll(() => s.ctx.close());
  const call = apiCaller(() => s.ctx.app);

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

  return { s, call, addCustomer, idOfCode };
}
