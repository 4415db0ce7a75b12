import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CUSTOMER_BOOK_LIMIT, type CustomerBook } from '@ayar/contract';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const token = (lab: TestLab) => lab.h.authorization!.replace(/^Bearer /, '');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Customers with codes `from`..`to` for the lab, straight into the table (thousands at once). */
async function addCustomers(lab: TestLab, from: number, to: number) {
  await sql`insert into customers (workshop_id, code, name, mobile1)
    select ${lab.id}, n, 'مشتری ' || n, '0912' || lpad(n::text, 7, '0')
    from generate_series(${from}::int, ${to}::int) n`.execute(ctx.db);
}

const book = async (lab: TestLab) => {
  const res = await call<CustomerBook>('GET', '/Customer/CustomerBook', token(lab));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('GET /Customer/CustomerBook', () => {
  it("answers the workshop's live customers in code order, as the search answers them", async () => {
    const lab = await createLab(ctx, { fName: 'آزمایشگاه دفتر' });
    const rival = await createLab(ctx, { fName: 'آزمایشگاه رقیب' });
    await addCustomers(lab, 2, 4);
    await addCustomers(rival, 2, 3);
    await sql`update customers set settings = '{"sendSMS": false}' where workshop_id = ${lab.id} and code = 3`.execute(
      ctx.db,
    );
    await sql`update customers set deleted_at = now() where workshop_id = ${lab.id} and code = 4`.execute(
      ctx.db,
    );
    const { list, totalCount } = await book(lab);
    expect(totalCount).toBe(3);
    expect(list.map((c) => c.code)).toEqual([1, 2, 3]);
    expect(list[0]).toEqual({
      id: lab.customerId,
      name: 'علی رضایی',
      settings: null,
      customerSettings: null,
      code: 1,
      mobile: '09121234567',
    });
    expect(list[2]).toMatchObject({ name: 'مشتری 3', settings: '{"sendSMS":false}', mobile: '09120000003' });
    // The rival's customers are its own.
    expect((await book(rival)).list.map((c) => c.id)).not.toContain(lab.customerId);
    expect((await book(rival)).totalCount).toBe(3);
  });

  it('keeps every customer at the limit, and past it those whose last packet is newest', async () => {
    const atLimit = await createLab(ctx);
    await addCustomers(atLimit, 2, CUSTOMER_BOOK_LIMIT);
    const full = await book(atLimit);
    expect(full.totalCount).toBe(CUSTOMER_BOOK_LIMIT);
    expect(full.list).toHaveLength(CUSTOMER_BOOK_LIMIT);
    expect(full.list.at(-1)!.code).toBe(CUSTOMER_BOOK_LIMIT);

    const past = await createLab(ctx);
    await addCustomers(past, 2, CUSTOMER_BOOK_LIMIT + 1);
    const regular = await sql<{ id: string }>`select id from customers
      where workshop_id = ${past.id} and code = 3000`.execute(ctx.db);
    // Code 3000 brought a packet, then code 1 did: code 1 is the most recent.
    await registerPacket(ctx.app, past, past.from, { extra: { customerId: regular.rows[0]!.id } });
    await registerPacket(ctx.app, past, past.from + 1);
    const cut = await book(past);
    expect(cut.totalCount).toBe(CUSTOMER_BOOK_LIMIT + 1);
    expect(cut.list).toHaveLength(CUSTOMER_BOOK_LIMIT);
    expect(cut.list.slice(0, 3).map((c) => c.code)).toEqual([1, 3000, CUSTOMER_BOOK_LIMIT + 1]);
    // The one left out is the oldest customer without a packet.
    const codes = new Set(cut.list.map((c) => c.code));
    expect(codes.has(2)).toBe(false);
    expect(codes.has(4)).toBe(true);
  });

  it('needs a workshop session: none is 401, an admin 403', async () => {
    expect((await call('GET', '/Customer/CustomerBook', null)).status).toBe(401);
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    expect((await call('GET', '/Customer/CustomerBook', admin.token)).status).toBe(403);
  });

  it('takes no input: a client sending paging or a workshop id still gets its own whole book', async () => {
    const lab = await createLab(ctx, { fName: 'آزمایشگاه کنجکاو' });
    const rival = await createLab(ctx, { fName: 'آزمایشگاه دیگر' });
    const res = await call<CustomerBook>(
      'GET',
      `/Customer/CustomerBook?pageSize=1&pageNumber=2&userId=${rival.id}&workshopId=${rival.id}`,
      token(lab),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((c) => c.id)).toEqual([lab.customerId]);
    expect(res.body.data.totalCount).toBe(1);
  });

  it('is private: never stored by a cache', async () => {
    const lab = await createLab(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Customer/CustomerBook',
      headers: lab.h,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });
});
