import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MSG, OTHER_CUSTOMER_ID } from '@ayar/contract';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

const EDIT = '/Manage/EditCustomer';

let ctx: TestContext;
let lab: { id: string; token: string };
let other: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  lab = await createSignedInUser(ctx, { fName: 'آزمایشگاه پارس' });
  other = await createSignedInUser(ctx, { fName: 'آزمایشگاه دیگر' });
  admin = await createSignedInUser(ctx, { role: 'admin' });
  // The lab charges a fixed 40,000 toman and sends SMS by default.
  await ctx.db
    .updateTable('users')
    .set({ settings: JSON.stringify({ vageType: 1, vage: 40_000, sendSMS: true }) })
    .where('id', '=', lab.id)
    .execute();
});
afterAll(() => ctx.close());

const call = apiCaller(() => ctx.app);

async function newCustomer(token: string, name = 'حسین زرگر'): Promise<string> {
  const res = await call<number>('POST', '/Customer/AddCustomer', token, {
    customerName: name,
    mobile1: '09121110000',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = await call<{ list: { customerId: string; customerCode: number }[] }>(
    'GET',
    '/Customer/AllCustomers?pageSize=500',
    token,
  );
  return list.body.data.list.find((r) => r.customerCode === res.body.data)!.customerId;
}

const audits = (id: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select(['action', 'actorId', 'before', 'after'])
    .where('entityId', '=', id)
    .orderBy('id')
    .execute();

describe('GET /Manage/GetCustomer gives the form what it needs', () => {
  it('the customer and its lab’s fee type and defaults', async () => {
    const id = await newCustomer(lab.token);
    const res = await call('GET', `/Manage/GetCustomer?customerId=${id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customerId: id,
      lab: 'آزمایشگاه پارس',
      workshopDefaults: { vage: 40_000, vageType: 1, sendSMS: true },
    });
  });
});

describe('POST /Manage/EditCustomer', () => {
  it('saves the lab’s own form under the lab’s rules, and audits what changed', async () => {
    const id = await newCustomer(lab.token);
    const res = await call<number>('POST', EDIT, admin.token, {
      customerId: id,
      customerName: ' حسین زرگر اصفهانی ',
      mobile1: '۰۹۱۲ ۱۱۱ ۰۰۰۰',
      mobile2: '+989351112233',
      phone: '',
      desc: 'بازار بزرگ، راسته طلافروشان',
      // Different from the lab's 40,000: kept. The SMS equals the lab's default: not kept.
      settings: JSON.stringify({ vage: 55_000, sendSMS: true }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ successful: true, message: CUSTOMER_MSG.edited });

    // The lab sees the admin's change in its own customer.
    const mine = await call('GET', `/Customer/GetCustomer?customerId=${id}`, lab.token);
    expect(mine.body.data).toMatchObject({
      customerName: 'حسین زرگر اصفهانی',
      mobile1: '09121110000',
      mobile2: '09351112233',
      desc: 'بازار بزرگ، راسته طلافروشان',
      settings: '{"vage":55000}',
    });

    const [row, ...rest] = await audits(id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: 'customer.edit.admin',
      actorId: admin.id,
      before: { workshopId: lab.id, customerName: 'حسین زرگر', mobile2: null, desc: null, settings: null },
      after: {
        customerName: 'حسین زرگر اصفهانی',
        mobile2: '09351112233',
        desc: 'بازار بزرگ، راسته طلافروشان',
        settings: '{"vage":55000}',
      },
    });
    // Unchanged fields are not in the log.
    expect(row!.after).not.toHaveProperty('mobile1');

    // Saving the same again changes nothing, and logs nothing.
    const same = await call('POST', EDIT, admin.token, {
      customerId: id,
      customerName: 'حسین زرگر اصفهانی',
      mobile1: '09121110000',
      mobile2: '09351112233',
      desc: 'بازار بزرگ، راسته طلافروشان',
      settings: { vage: 55_000 },
    });
    expect(same.status).toBe(200);
    expect(await audits(id)).toHaveLength(1);
  });

  it('bad input → 400 naming every field; the fee is checked under the lab’s fee type', async () => {
    const id = await newCustomer(lab.token);
    const bad = await call('POST', EDIT, admin.token, {
      customerId: id,
      customerName: '',
      mobile1: '12345',
      phone: 'abc',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['customerName', 'mobile1', 'phone']);
    // A fixed fee must be whole toman in this lab.
    const fee = await call('POST', EDIT, admin.token, {
      customerId: id,
      customerName: 'حسین',
      mobile1: '09121110000',
      settings: { vage: 12.5 },
    });
    expect(fee.status).toBe(400);
    expect(fee.body.errors).toEqual([{ field: 'settings.vage', message: CUSTOMER_MSG.vageToman }]);
    const noId = await call('POST', EDIT, admin.token, { customerName: 'حسین', mobile1: '09121110000' });
    expect(noId.status).toBe(400);
    expect(noId.body.errors!.map((e) => e.field)).toEqual(['customerId']);
    expect(await audits(id)).toEqual([]);
  });

  it('401 without a token, 403 for a lab (its own customer too)', async () => {
    const id = await newCustomer(lab.token);
    const body = { customerId: id, customerName: 'نام تازه', mobile1: '09121110000' };
    expect((await call('POST', EDIT, null, body)).status).toBe(401);
    expect((await call('POST', EDIT, lab.token, body)).status).toBe(403);
    expect((await call('POST', EDIT, other.token, body)).status).toBe(403);
  });

  it('404 for an unknown, a deleted or the «other customer» id; another lab’s customer stays its own', async () => {
    const body = { customerName: 'نام تازه', mobile1: '09121110000' };
    expect((await call('POST', EDIT, admin.token, { ...body, customerId: randomUUID() })).status).toBe(404);
    expect((await call('POST', EDIT, admin.token, { ...body, customerId: OTHER_CUSTOMER_ID })).status).toBe(
      404,
    );
    const gone = await newCustomer(lab.token, 'رفته');
    expect((await call('POST', '/Customer/Delete', lab.token, { id: gone })).status).toBe(200);
    expect((await call('POST', EDIT, admin.token, { ...body, customerId: gone })).status).toBe(404);

    // The admin edits a customer of the other lab: it stays that lab's, and the first lab cannot see it.
    const theirs = await newCustomer(other.token, 'مشتری دیگر');
    expect((await call('POST', EDIT, admin.token, { ...body, customerId: theirs })).status).toBe(200);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${theirs}`, lab.token)).status).toBe(404);
    const still = await call('GET', `/Customer/GetCustomer?customerId=${theirs}`, other.token);
    expect(still.body.data).toMatchObject({ customerName: 'نام تازه' });
  });

  it('50 edits at once: each is applied whole, the last one stands, every change is logged', async () => {
    const id = await newCustomer(lab.token, 'هم‌زمان');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', EDIT, admin.token, {
          customerId: id,
          customerName: `نام ${i + 1}`,
          mobile1: '09121110000',
          desc: `توضیح ${i + 1}`,
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const log = await audits(id);
    expect(log).toHaveLength(50);
    const last = log.at(-1)!.after as { customerName: string; desc: string };
    // Name and description come from one request: edits never interleave.
    expect(last.desc).toBe(last.customerName.replace('نام', 'توضیح'));
    const now = await call('GET', `/Customer/GetCustomer?customerId=${id}`, lab.token);
    expect(now.body.data).toMatchObject({ customerName: last.customerName, desc: last.desc });
  });
});
