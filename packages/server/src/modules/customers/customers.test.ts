import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER_CUSTOMER_ID } from '@ayar/contract';

import { createSignedInUser } from '../../../test/helpers.ts';
import { customersTestSetup } from './customers.test-kit.ts';

const { s, call, addCustomer, idOfCode } = customersTestSetup();

describe('POST /Customer/AddCustomer', () => {
  it('creates a customer with the next code, normalising the mobiles typed in Persian digits', async () => {
    const res = await call<number>('POST', '/Customer/AddCustomer', s.labA.token, {
      customerName: '  علی رضایی ',
      mobile1: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
      mobile2: '+989351112233',
      mobile3: '',
      phone: '۰۲۱-۶۶۱۲۳۴۵۶',
      desc: 'بازار بزرگ',
      code: 999,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: true, message: 'مشتری ثبت شد' });
    const code = res.body.data;
    expect(typeof code).toBe('number');
    const id = await idOfCode(s.labA.token, code);
    const detail = await call('GET', `/Customer/GetCustomer?customerId=${id}`, s.labA.token);
    expect(detail.body.data).toEqual({
      customerId: id,
      customerName: 'علی رضایی',
      code,
      mobile1: '09121234567',
      mobile2: '09351112233',
      mobile3: null,
      phone: '021-66123456',
      desc: 'بازار بزرگ',
      settings: null,
      customerSettings: null,
    });
    const next = await addCustomer(s.labA.token, { customerName: 'دومی' });
    expect(next).toBe(code + 1);
  });

  it('numbers each workshop on its own', async () => {
    const { token } = await createSignedInUser(s.ctx);
    expect(await addCustomer(token)).toBe(1);
    expect(await addCustomer(token)).toBe(2);
  });

  it('gives 50 simultaneous creates in one workshop 50 distinct consecutive codes', async () => {
    const { token } = await createSignedInUser(s.ctx);
    const codes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addCustomer(token, { customerName: `همزمان ${i}` })),
    );
    expect([...codes].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('lists every bad field: name and mobile1 required, mobiles must be mobiles', async () => {
    const res = await call('POST', '/Customer/AddCustomer', s.labA.token, {
      customerName: '  ',
      mobile1: '',
      mobile2: '12345',
      phone: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    const fields = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({
      customerName: 'نام مشتری الزامی است',
      mobile1: 'شماره موبایل الزامی است',
      mobile2: expect.stringContaining('معتبر نیست'),
      phone: expect.stringContaining('رقم'),
    });
  });

  it('keeps only the settings that differ from the workshop defaults, and null when none do', async () => {
    // The workshop's defaults: fee 0 (fixed toman), no SMS (DEFAULT_USER_SETTINGS).
    const same = await addCustomer(s.labA.token, { settings: JSON.stringify({ vage: 0, sendSMS: false }) });
    const sameId = await idOfCode(s.labA.token, same);
    expect(
      (await call<{ settings: unknown }>('GET', `/Customer/GetCustomer?customerId=${sameId}`, s.labA.token))
        .body.data.settings,
    ).toBeNull();

    const differs = await addCustomer(s.labA.token, { settings: { vage: 150000, sendSMS: false } });
    const id = await idOfCode(s.labA.token, differs);
    const detail = await call<{ settings: string; customerSettings: object | null }>(
      'GET',
      `/Customer/GetCustomer?customerId=${id}`,
      s.labA.token,
    );
    expect(JSON.parse(detail.body.data.settings)).toEqual({ vage: 150000 });
    // The same as the object the write took: what is read can be sent back as it is (ADR 0060).
    expect(detail.body.data.customerSettings).toEqual({ vage: 150000 });
    const found = await call<{ id: string; customerSettings: object | null }[]>(
      'GET',
      `/Customer/CustomersByName?name=${encodeURIComponent('')}`,
      s.labA.token,
    );
    expect(found.body.data.find((c) => c.id === id)?.customerSettings).toEqual({ vage: 150000 });
    const resent = await call<{ customerId: string }>('POST', '/Customer/AddCustomer', s.labA.token, {
      customerId: id,
      customerName: 'مشتری بازنویسی',
      mobile1: '09121234567',
      settings: detail.body.data.customerSettings,
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const again = await call<{ customerSettings: object | null }>(
      'GET',
      `/Customer/GetCustomer?customerId=${id}`,
      s.labA.token,
    );
    expect(again.body.data.customerSettings).toEqual({ vage: 150000 });

    // The workshop changes its defaults: a fixed fee of 150000 and SMS on; the customer now equals them.
    await s.ctx.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ vage: 150000, vageType: 1, sendSMS: true }) })
      .where('id', '=', s.labA.id)
      .execute();
    await call('POST', '/Customer/AddCustomer', s.labA.token, {
      customerId: id,
      customerName: 'مشتری',
      mobile1: '09120000000',
      settings: { vage: 150000, sendSMS: true },
    });
    const after = await call<{ settings: unknown }>(
      'GET',
      `/Customer/GetCustomer?customerId=${id}`,
      s.labA.token,
    );
    expect(after.body.data.settings).toBeNull();
    await s.ctx.db.updateTable('users').set({ settings: null }).where('id', '=', s.labA.id).execute();
  });

  it('refuses a fee that does not fit the workshop fee type', async () => {
    const res = await call('POST', '/Customer/AddCustomer', s.labA.token, {
      customerName: 'کسری',
      mobile1: '09120000000',
      settings: { vage: 12.5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'settings.vage', message: 'اجرت ثابت باید مبلغی صحیح به تومان باشد' },
    ]);
  });

  it('updates a customer and keeps its code; another workshop’s id is 404; the other customer is refused', async () => {
    const code = await addCustomer(s.labA.token, { customerName: 'قبلی' });
    const id = await idOfCode(s.labA.token, code);
    const res = await call<number>('POST', '/Customer/AddCustomer', s.labA.token, {
      customerId: id,
      customerName: 'بعدی',
      mobile1: '9121111111',
    });
    expect(res.body).toMatchObject({ successful: true, data: code, message: 'اطلاعات مشتری ذخیره شد' });
    const detail = await call<{ customerName: string; mobile1: string }>(
      'GET',
      `/Customer/GetCustomer?customerId=${id}`,
      s.labA.token,
    );
    expect(detail.body.data).toMatchObject({ customerName: 'بعدی', mobile1: '09121111111' });

    const foreign = await call('POST', '/Customer/AddCustomer', s.labB.token, {
      customerId: id,
      customerName: 'دزدی',
      mobile1: '09120000000',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    const missing = await call('POST', '/Customer/AddCustomer', s.labA.token, {
      customerId: randomUUID(),
      customerName: 'نیست',
      mobile1: '09120000000',
    });
    expect(missing.status).toBe(404);
    const other = await call('POST', '/Customer/AddCustomer', s.labA.token, {
      customerId: OTHER_CUSTOMER_ID,
      customerName: 'متفرقه',
      mobile1: '09120000000',
    });
    expect(other.status).toBe(400);
  });

  it('needs a workshop session', async () => {
    const body = { customerName: 'x', mobile1: '09120000000' };
    expect((await call('POST', '/Customer/AddCustomer', null, body)).status).toBe(401);
    expect((await call('POST', '/Customer/AddCustomer', s.adminToken, body)).status).toBe(403);
  });
});

describe('GET /Customer/CustomersByName', () => {
  let lab: { token: string };
  beforeAll(async () => {
    lab = await createSignedInUser(s.ctx);
    for (const name of [
      'كريم علي‌پور', // Arabic kaf and yeh, a half-space
      'عَلی محمدی', // a diacritic
      'محمد علی',
      'رضا ۱۲',
      'زهرا',
    ]) {
      await addCustomer(lab.token, { customerName: name, mobile1: '09121234567' });
    }
    await addCustomer(s.labB.token, { customerName: 'علی دیگر' });
  });

  const search = async (name: string) => {
    const res = await call<{ name: string; id: string; settings: string | null; code: number }[]>(
      'GET',
      `/Customer/CustomersByName?name=${encodeURIComponent(name)}`,
      lab.token,
    );
    expect(res.status).toBe(200);
    return res.body.data.map((r) => r.name);
  };

  it('ignores ي/ك, half-spaces, spaces and diacritics, and shows prefix matches first', async () => {
    expect(await search('کریم')).toEqual(['كريم علي‌پور']);
    expect(await search('علیپور')).toEqual(['كريم علي‌پور']);
    expect(await search('علی پور')).toEqual(['كريم علي‌پور']);
    // «علی» begins «عَلی محمدی» (prefix first), and is inside the other two.
    expect(await search('علی')).toEqual(['عَلی محمدی', 'كريم علي‌پور', 'محمد علی']);
    // Names are stored with ASCII digits (normalizedString); the search takes either.
    expect(await search('رضا ۱۲')).toEqual(['رضا 12']);
    expect(await search('رضا12')).toEqual(['رضا 12']);
    expect(await search('نیست')).toEqual([]);
  });

  it('answers id, name and settings (a JSON string or null), and finds by code or mobile', async () => {
    const res = await call<{ id: string; name: string; settings: string | null; code: number }[]>(
      'GET',
      '/Customer/CustomersByName?name=' + encodeURIComponent('زهرا'),
      lab.token,
    );
    expect(res.body.data[0]).toMatchObject({ name: 'زهرا', settings: null, code: 5 });
    expect(await search('۵')).toContain('زهرا');
    expect((await search('0912123')).length).toBe(5);
  });

  it('never shows another workshop’s customers, and needs a workshop session', async () => {
    expect(await search('دیگر')).toEqual([]);
    expect((await call('GET', '/Customer/CustomersByName?name=x', null)).status).toBe(401);
    expect((await call('GET', '/Customer/CustomersByName?name=x', s.adminToken)).status).toBe(403);
    const long = await call('GET', `/Customer/CustomersByName?name=${'a'.repeat(101)}`, lab.token);
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.field).toBe('name');
  });
});

describe('GET /Customer/AllCustomers and GET /Customer/GetCustomer', () => {
  it('pages 200 by default, in code order, with a search', async () => {
    const { id: workshopId, token } = await createSignedInUser(s.ctx);
    await s.ctx.db
      .insertInto('customers')
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          workshopId,
          code: i + 1,
          name: i === 204 ? 'آخرین' : `مشتری ${i + 1}`,
          mobile1: '09120000000',
        })),
      )
      .execute();
    const first = await call<{
      list: { customerCode: number }[];
      totalCount: number;
      pageSize: number;
      currPage: number;
    }>('GET', '/Customer/AllCustomers', token);
    expect(first.body.data).toMatchObject({ totalCount: 205, pageSize: 200, currPage: 1 });
    expect(first.body.data.list).toHaveLength(200);
    expect(first.body.data.list[0]!.customerCode).toBe(1);
    const second = await call<{ list: { customerCode: number }[] }>(
      'GET',
      '/Customer/AllCustomers?pageNumber=۲',
      token,
    );
    expect(second.body.data.list.map((r) => r.customerCode)).toEqual([201, 202, 203, 204, 205]);
    const found = await call<{ list: { customerName: string }[]; totalCount: number }>(
      'GET',
      `/Customer/AllCustomers?name=${encodeURIComponent('آخرين')}`,
      token,
    );
    expect(found.body.data.totalCount).toBe(1);
    expect(found.body.data.list[0]!.customerName).toBe('آخرین');
    expect((await call('GET', '/Customer/AllCustomers?pageNumber=0', token)).status).toBe(400);
    expect((await call('GET', '/Customer/AllCustomers', null)).status).toBe(401);
    expect((await call('GET', '/Customer/AllCustomers', s.adminToken)).status).toBe(403);
  });

  it('GetCustomer: 404 for another workshop’s and for the other customer, 400 for a bad id', async () => {
    const code = await addCustomer(s.labA.token);
    const id = await idOfCode(s.labA.token, code);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, s.labB.token)).status).toBe(404);
    expect(
      (await call('GET', `/Customer/GetCustomer?customerId=${OTHER_CUSTOMER_ID}`, s.labA.token)).status,
    ).toBe(404);
    const bad = await call('GET', '/Customer/GetCustomer?customerId=abc', s.labA.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('customerId');
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, null)).status).toBe(401);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, s.adminToken)).status).toBe(403);
  });
});

describe('POST /Customer/Delete', () => {
  it('soft-deletes: gone from the lists, its payments kept, its code never reused', async () => {
    const { id: workshopId, token } = await createSignedInUser(s.ctx);
    const plain = await addCustomer(token, { customerName: 'بی‌سابقه' });
    const withPays = await addCustomer(token, { customerName: 'باسابقه' });
    const plainId = await idOfCode(token, plain);
    const payId = await idOfCode(token, withPays);
    await s.ctx.db
      .insertInto('payments')
      .values({ workshopId, customerId: payId, type: 1, moneyToman: 1000, paidOn: '2026-01-01' })
      .execute();

    const first = await call('POST', '/Customer/Delete', token, { id: plainId });
    expect(first.body).toMatchObject({ successful: true, message: 'مشتری حذف شد' });
    const second = await call('POST', '/Customer/Delete', token, { id: payId });
    expect(second.body.message).toContain('باقی می‌ماند');

    const list = await call<{ totalCount: number }>('GET', '/Customer/AllCustomers', token);
    expect(list.body.data.totalCount).toBe(0);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${payId}`, token)).status).toBe(404);
    const pays = await s.ctx.db.selectFrom('payments').select('id').where('customerId', '=', payId).execute();
    expect(pays).toHaveLength(1);
    expect(await addCustomer(token)).toBe(withPays + 1);
    const audit = await s.ctx.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', payId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['customer.delete']);

    expect((await call('POST', '/Customer/Delete', token, { id: payId })).status).toBe(404);
  });

  it('404 for another workshop’s customer and the other customer; 400, 401, 403', async () => {
    const code = await addCustomer(s.labA.token);
    const id = await idOfCode(s.labA.token, code);
    expect((await call('POST', '/Customer/Delete', s.labB.token, { id })).status).toBe(404);
    expect((await call('POST', '/Customer/Delete', s.labA.token, { id: OTHER_CUSTOMER_ID })).status).toBe(
      404,
    );
    const bad = await call('POST', '/Customer/Delete', s.labA.token, { id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await call('POST', '/Customer/Delete', null, { id })).status).toBe(401);
    expect((await call('POST', '/Customer/Delete', s.adminToken, { id })).status).toBe(403);
    expect((await call('GET', `/Customer/GetCustomer?customerId=${id}`, s.labA.token)).status).toBe(200);
  });
});
