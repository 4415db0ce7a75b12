import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { inlineSchemaRefs } from '../../../test/openapi-refs.ts';

// A client written from docs/product.md §3.7, §8.2 alone (ADR 0028): it sends and reads exactly the spec's
// field names for AddPay, GetPays, GetCredits and AllCredits.

const P = '/api/v1.0';
let ctx: TestContext;
let lab: { id: string; headers: Record<string, string> };
let otherLab: { id: string; headers: Record<string, string> };
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestApp();
  lab = await createSignedInUser(ctx);
  otherLab = await createSignedInUser(ctx);
  admin = await createSignedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string> | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: P + url, headers, payload });
const get = (url: string, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: P + url, headers });

let code = 0;
async function customer(workshopId: string, name: string): Promise<string> {
  const row = await ctx.db
    .insertInto('customers')
    .values({ workshopId, code: ++code, name, mobile1: '09120000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A payment exactly as the original API sends it (docs/product.md §3.7): id, customerId, customerName, type,
 * the four amounts, desc, date.
 */
const specPayment = (customerId: string, over: Record<string, unknown>) => ({
  id: '',
  customerId,
  customerName: 'حسن طلایی',
  type: 1,
  payGoldWeigh: 0,
  payRecGoldWeigh: 0,
  payMoneyValue: 0,
  payMoneyPaidValue: 0,
  desc: 'تسویه',
  date: '2026-03-01',
  ...over,
});

describe('POST /Customer/AddPay and GET /Customer/GetPays in the names of docs/product.md §8.3', () => {
  it('records a receipt and a payment sent in the spec’s shape and answers them in the spec’s names', async () => {
    const cid = await customer(lab.id, 'حسن طلایی');
    // A fixed fee of 300,000 toman and 1.5 g of gold from one packet, so the balance means something.
    await ctx.db
      .insertInto('assays')
      .values({
        workshopId: lab.id,
        customerId: cid,
        docNumber: 7_000_001,
        feeType: 1,
        feeToman: 300_000,
        feeGoldMg: 1500,
        publicToken: randomBytes(12).toString('hex'),
      })
      .execute();

    const receipt = await post(
      '/Customer/AddPay',
      lab.headers,
      specPayment(cid, { type: 1, payRecGoldWeigh: 2.5, payMoneyPaidValue: 150_000 }),
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    const payment = await post(
      '/Customer/AddPay',
      lab.headers,
      specPayment(cid, { type: 2, payGoldWeigh: '0.75', payMoneyValue: '20000', date: '2026-03-02' }),
    );
    expect(payment.statusCode, payment.body).toBe(200);

    const res = await get(`/Customer/GetPays?cid=${cid}`, lab.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pays).toEqual([
      expect.objectContaining({
        id: payment.json().data.id,
        customerId: cid,
        customerName: 'حسن طلایی',
        type: 2,
        payGoldWeigh: 0.75,
        payRecGoldWeigh: 0,
        payMoneyValue: 20_000,
        payMoneyPaidValue: 0,
        desc: 'تسویه',
        date: '2026-03-02',
      }),
      expect.objectContaining({
        id: receipt.json().data.id,
        type: 1,
        payGoldWeigh: 0,
        payRecGoldWeigh: 2.5,
        payMoneyValue: 0,
        payMoneyPaidValue: 150_000,
        date: '2026-03-01',
      }),
    ]);
    // Net of direction: 2.5 − 0.75 g and 150,000 − 20,000 toman received; the customer still owes
    // 300,000 − 150,000 + 20,000 toman.
    expect(data.totalPayGoldWeigh).toBe(1.75);
    expect(data.totalPayMoneyValue).toBe(130_000);
    expect(data.totalBalance).toBe(170_000);
    // The web client's own names answer the same figures.
    expect(data.list).toEqual(data.pays);
    expect(data.balance).toMatchObject({ moneyRemain: 170_000, goldRemain: 1500 - 2500 + 750 });
  });

  it('understands an amount put on the other side of the pair: the type still decides the direction', async () => {
    const cid = await customer(lab.id, 'مشتری دوم');
    const res = await post('/Customer/AddPay', lab.headers, specPayment(cid, { type: 1, payGoldWeigh: 1.2 }));
    expect(res.statusCode, res.body).toBe(200);
    const [pay] = (await get(`/Customer/GetPays?cid=${cid}`, lab.headers)).json().data.pays;
    expect(pay).toMatchObject({ type: 1, payRecGoldWeigh: 1.2, payGoldWeigh: 0 });
  });

  it('400 with the fields named: both sides at once, nothing at all, a bad amount', async () => {
    const cid = await customer(lab.id, 'مشتری سوم');
    const both = await post(
      '/Customer/AddPay',
      lab.headers,
      specPayment(cid, { type: 1, payRecGoldWeigh: 1, payGoldWeigh: 2 }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.map((e: { field: string }) => e.field)).toContain('payGoldWeigh');

    const nothing = await post('/Customer/AddPay', lab.headers, specPayment(cid, {}));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.map((e: { field: string }) => e.field)).toEqual(['gold']);

    const bad = await post('/Customer/AddPay', lab.headers, specPayment(cid, { payRecGoldWeigh: '1.2345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('gold');
  });

  it('401 without a session, 403 for the admin, 404 for another workshop’s customer', async () => {
    const cid = await customer(lab.id, 'مشتری چهارم');
    const body = specPayment(cid, { payRecGoldWeigh: 1 });
    expect((await post('/Customer/AddPay', undefined, body)).statusCode).toBe(401);
    expect((await post('/Customer/AddPay', admin.headers, body)).statusCode).toBe(403);
    expect((await post('/Customer/AddPay', otherLab.headers, body)).statusCode).toBe(404);
    expect((await get(`/Customer/GetPays?cid=${cid}`, otherLab.headers)).statusCode).toBe(404);
    expect((await get(`/Customer/GetPays?cid=${cid}`)).statusCode).toBe(401);
    expect((await get(`/Customer/GetPays?cid=${cid}`, admin.headers)).statusCode).toBe(403);
  });
});

describe('GET /Account/GetCredits and GET /Manage/AllCredits in the names of docs/product.md §8.3', () => {
  it('answers `credits` (date, value, status, statusText) and the admin rows’ value, userFullName, cDate', async () => {
    const add = await post('/Account/AddCredit', lab.headers, {
      value: 250_000,
      date: '2026-03-01',
      account: '6037-9911',
      id: 'TRK-9001',
    });
    expect(add.statusCode, add.body).toBe(200);

    const mine = (await get('/Account/GetCredits', lab.headers)).json().data;
    expect(mine.credits).toEqual([
      expect.objectContaining({
        date: '2026-03-01',
        value: 250_000,
        status: 0,
        statusText: 'در انتظار بررسی',
      }),
    ]);
    expect(mine.list).toEqual(mine.credits);

    const all = (await get(`/Manage/AllCredits?user=${lab.id}`, admin.headers)).json().data;
    const [row] = all.list;
    expect(row).toMatchObject({ value: 250_000, userFullName: 'مدیر نمونه', status: 0 });
    expect(new Date(row.cDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.cDate).toBe(row.createdAt);
    expect(row.amount).toBe(row.value);

    expect((await get('/Manage/AllCredits', lab.headers)).statusCode).toBe(403);
    expect((await get('/Account/GetCredits')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('explains what each gold and money field of these calls means', async () => {
    const doc = inlineSchemaRefs((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    type Schema = { properties?: Record<string, { description?: string }> };
    const dataOf = (path: string, method: 'get' | 'post'): Schema =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    const body: Schema =
      doc.paths[`${P}/Customer/AddPay`].post.requestBody.content['application/json'].schema;
    expect(body.properties!.payRecGoldWeigh!.description).toMatch(/received.*receipt/);
    expect(body.properties!.payMoneyPaidValue!.description).toMatch(/Toman the customer paid/);
    expect(body.properties!.payGoldWeigh!.description).toMatch(/paid out.*payment/);
    expect(body.properties!.payMoneyValue!.description).toMatch(/Toman the workshop paid out/);

    const pays = dataOf(`${P}/Customer/GetPays`, 'get');
    expect(pays.properties!.totalPayGoldWeigh!.description).toMatch(/net/);
    expect(pays.properties!.totalPayMoneyValue!.description).toMatch(/net/);
    expect(pays.properties!.totalBalance!.description).toMatch(/still owes/);
    expect(dataOf(`${P}/Account/GetCredits`, 'get').properties!.credits!.description).toMatch(/original API/);
  });
});
