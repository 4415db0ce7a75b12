import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS, EXPORT_MSG, MSG, STAFF_MSG, todayJalali } from '@ayar/contract';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';
import { staffKit } from '../staff/staff.test-kit.ts';
import { JALALI_DATETIME_FORMAT, JALALI_DATE_FORMAT } from './writer.lib.ts';
import { API, announcedRows, readCsv, readXlsx, savedName } from './exports.test-kit.ts';

// A lab's exports through HTTP against PostgreSQL (ADR 0055): what a person opens in Excel, the
// screen's filters and scope, and the limits at both edges (lowered here: 105 rows, batches of 20).

const MAX_ROWS = 105;
let ctx: TestContext;
const kit = staffKit(() => ctx, { ip: 71, mobile: '0917' });
/** 102 packets of «علی رضایی» waiting, 3 of «حسن طلافروش» with purities: exactly the row limit. */
let lab: TestLab;
let hasanId: string;
/** 106 packets, 105 of them from 2026-11-01 on: one past the limit. */
let bigLab: TestLab;
const today = todayJalali().replace(/\//g, '-');

let nextDoc = 7_000_000;
async function packets(
  workshopId: string,
  n: number,
  at: (i: number) => Date,
  extra: { customerId?: string; purity?: number } = {},
) {
  const rows = Array.from({ length: n }, (_, i) => ({
    workshopId,
    customerId: extra.customerId ?? null,
    otherOwnerName: extra.customerId ? null : 'رهگذر',
    docNumber: nextDoc++,
    publicToken: randomBytes(12).toString('hex'),
    createdAt: at(i),
    purity: extra.purity ?? null,
    purityAt: extra.purity ? at(i) : null,
    goldWeightMg: 12_345,
    sampleWeightMg: 250,
    feeType: 1 as const,
    feeToman: 50_000,
  }));
  await ctx.db.insertInto('assays').values(rows).execute();
}

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000, exports: { maxRows: MAX_ROWS, batchSize: 20 } });
  lab = await createLab(ctx);
  hasanId = (
    await ctx.db
      .insertInto('customers')
      .values({ workshopId: lab.id, code: 2, name: 'حسن طلافروش', mobile1: '09121112233' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await packets(lab.id, 102, (i) => new Date(Date.UTC(2026, 10, 20, 8, 0) - i * 60_000), {
    customerId: lab.customerId,
  });
  // The newest: 2026-11-28 10:35 UTC is 14:05 in Tehran, 1405/09/07.
  await packets(lab.id, 3, (i) => new Date(Date.UTC(2026, 10, 28, 10, 35) - i * 86_400_000), {
    customerId: hasanId,
    purity: 750,
  });
  bigLab = await createLab(ctx, { fName: 'آزمایشگاه بزرگ' });
  await packets(bigLab.id, 105, (i) => new Date(Date.UTC(2026, 10, 1, 6) + i * 60_000), {
    customerId: bigLab.customerId,
  });
  await packets(bigLab.id, 1, () => new Date(Date.UTC(2026, 9, 31, 12)), { customerId: bigLab.customerId });
});
afterAll(() => ctx.close());

const get = (path: string, headers: Record<string, string> | undefined, query: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API}${path}`, headers, query });

describe('GET /Tests/AllTests/Export', () => {
  it('answers a right-to-left workbook of every packet, numbers as numbers and dates as Jalali date cells', async () => {
    const res = await get('/Tests/AllTests/Export', lab.h);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(announcedRows(res)).toBe(MAX_ROWS);
    expect(savedName(res)).toBe(`بسته‌ها ${today}.xlsx`);
    const { sheet, headers, rows } = await readXlsx(res);

    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(headers).toEqual(EXPORTS.tests.columns.map((c) => c.header));
    sheet.getRow(1).eachCell((cell) => expect(cell.font?.bold).toBe(true));
    // Every page of the screen's 100, read in batches of 20, newest first.
    expect(rows).toHaveLength(MAX_ROWS);
    const newest = rows[0]!;
    expect(newest['مشتری']!.value).toBe('حسن طلافروش');
    expect(newest['کد مشتری']!.value).toBe(2);
    expect(newest['عیار']!.value).toBe(750);
    expect(newest['عیار']!.numFmt).toBe('0');
    expect(newest['وزن طلا (گرم)']!.value).toBe(12.345);
    expect(newest['وزن طلا (گرم)']!.numFmt).toBe('0.000');
    expect(newest['اجرت (تومان)']!.value).toBe(50_000);
    expect(newest['اجرت (تومان)']!.numFmt).toBe('#,##0');
    expect(newest['وضعیت']!.value).toBe('عیار ثبت شده');
    expect(newest['موبایل']!.value).toBe('09121112233');
    // Tehran's wall clock in a date cell (an Excel date has no zone), shown in the Jalali calendar.
    expect(newest['تاریخ ثبت']!.value).toEqual(new Date(Date.UTC(2026, 10, 28, 14, 5)));
    expect(newest['تاریخ ثبت']!.numFmt).toBe(JALALI_DATETIME_FORMAT);
    const docs = rows.map((r) => r['شماره بسته']!.value as number);
    expect(new Set(docs).size).toBe(MAX_ROWS);
    expect(rows.at(-1)!['تاریخ ثبت']!.value).toEqual(new Date(Date.UTC(2026, 10, 20, 11, 30) - 101 * 60_000));
  });

  it('writes the CSV as UTF-8 with a BOM, Persian headers and Jalali dates as text', async () => {
    const res = await get('/Tests/AllTests/Export', lab.h, {
      format: 'csv',
      filterType: '1',
      filterValue: 'حسن',
    });
    expect(savedName(res)).toBe(`بسته‌ها ${today}.csv`);
    expect(announcedRows(res)).toBe(3);
    const { headers, rows } = readCsv(res);
    expect(headers[0]).toBe('شماره بسته');
    // The name filter of the screen: only that customer's packets.
    expect(rows.map((r) => r['مشتری'])).toEqual(['حسن طلافروش', 'حسن طلافروش', 'حسن طلافروش']);
    expect(rows[0]!['تاریخ ثبت']).toBe('1405/09/07 14:05');
    expect(rows[0]!['وزن طلا (گرم)']).toBe('12.345');
    expect(rows[0]!['اجرت (تومان)']).toBe('50000');
    expect(rows[0]!['درخواست حذف']).toBe('خیر');
  });

  it("keeps the screen's filters: the waiting list is the packets without a purity", async () => {
    const res = await get('/Tests/AllTests/Export', lab.h, { waitFor: 'true', format: 'csv' });
    expect(announcedRows(res)).toBe(102);
    const { rows } = readCsv(res);
    expect(rows).toHaveLength(102);
    expect(new Set(rows.map((r) => r['وضعیت']))).toEqual(new Set(['در انتظار عیار']));
    expect(new Set(rows.map((r) => r['مشتری']))).toEqual(new Set(['علی رضایی']));
  });

  it('exports one row past the limit never: refused before any byte, naming the limit', async () => {
    const res = await get('/Tests/AllTests/Export', bigLab.h);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: EXPORT_MSG.tooMany(MAX_ROWS) });
    expect(EXPORT_MSG.tooMany(MAX_ROWS)).toContain('۱۰۵');
    // Narrowed by dates to the limit itself, it is allowed: its own 105, none of another lab's.
    const narrowed = await get('/Tests/AllTests/Export', bigLab.h, { fromDate: '2026-11-01', format: 'csv' });
    expect(announcedRows(narrowed)).toBe(MAX_ROWS);
    const { rows } = readCsv(narrowed);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(new Set(rows.map((r) => r['مشتری']))).toEqual(new Set(['علی رضایی']));
    expect(rows.some((r) => r['تاریخ ثبت']!.startsWith('1405/09/07'))).toBe(false);
  });

  it('refuses a bad format or filter with the envelope', async () => {
    const bad = await get('/Tests/AllTests/Export', lab.h, { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'format', message: EXPORT_MSG.format }],
    });
    const order = await get('/Tests/AllTests/Export', lab.h, {
      fromDate: '2026-11-05',
      toDate: '2026-11-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(['toDate']);
    expect((await get('/Tests/AllTests/Export', undefined)).statusCode).toBe(401);
  });

  it('answers a client that repeats a key or sends a huge filter with a 400 envelope, never a 500', async () => {
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: `${API}/Tests/AllTests/Export?format=csv&format=xlsx`,
      headers: lab.h,
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
    // A name filter of 100 characters is a search that finds nothing; of 101, refused as too long.
    const atLimit = await get('/Tests/AllTests/Export', lab.h, {
      format: 'csv',
      filterType: '1',
      filterValue: 'ع'.repeat(100),
    });
    expect(atLimit.statusCode).toBe(200);
    expect(announcedRows(atLimit)).toBe(0);
    for (const filterValue of ['ع'.repeat(101), '9'.repeat(5000)]) {
      const huge = await get('/Tests/AllTests/Export', lab.h, {
        format: 'csv',
        filterType: '1',
        filterValue,
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'filterValue' }] });
    }
  });
});

describe('the lab’s other exports', () => {
  it("names a customer's statement after the customer; another lab's customer is NOT_FOUND", async () => {
    await ctx.db
      .insertInto('payments')
      .values([
        {
          workshopId: lab.id,
          customerId: hasanId,
          type: 1,
          goldMg: 1_500,
          moneyToman: 0,
          paidOn: '2026-11-27',
        },
        {
          workshopId: lab.id,
          customerId: hasanId,
          type: 2,
          goldMg: 0,
          moneyToman: 2_000_000,
          paidOn: '2026-11-28',
        },
      ])
      .execute();
    const res = await get('/Customer/GetPays/Export', lab.h, { cid: hasanId });
    expect(savedName(res)).toBe(`صورت‌حساب حسن طلافروش ${today}.xlsx`);
    const { rows } = await readXlsx(res);
    expect(rows.map((r) => r['نوع']!.value)).toEqual(['پرداخت', 'دریافت']);
    expect(rows[0]!['مبلغ (تومان)']!.value).toBe(2_000_000);
    expect(rows[1]!['طلا (گرم)']!.value).toBe(1.5);
    expect(rows[1]!['تاریخ']!.value).toEqual(new Date(Date.UTC(2026, 10, 27)));
    expect(rows[1]!['تاریخ']!.numFmt).toBe(JALALI_DATE_FORMAT);

    const foreign = await get('/Customer/GetPays/Export', lab.h, { cid: bigLab.customerId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/Customer/GetPays/Export', lab.h, { cid: 'nope' })).statusCode).toBe(400);
  });

  it("lists only the lab's own customers, filtered as the screen filters them", async () => {
    const all = readCsv(await get('/Customer/AllCustomers/Export', lab.h, { format: 'csv' }));
    expect(all.rows.map((r) => r['نام مشتری'])).toEqual(['علی رضایی', 'حسن طلافروش']);
    const some = readCsv(await get('/Customer/AllCustomers/Export', lab.h, { format: 'csv', name: 'حسن' }));
    expect(some.rows).toEqual([{ کد: '2', 'نام مشتری': 'حسن طلافروش', موبایل: '09121112233', تلفن: '' }]);
  });

  it('writes the fund report, credit requests and ranges with money as whole toman', async () => {
    const store = await readXlsx(await get('/Account/GetStore/Export', lab.h));
    const hasan = store.rows.find((r) => r['مشتری']!.value === 'حسن طلافروش')!;
    expect(hasan['مانده مبلغ (تومان)']!.value).toEqual(expect.any(Number));
    expect(hasan['مانده طلا (گرم)']!.numFmt).toBe('0.000');
    const codes = await readXlsx(await get('/Account/GetAllCode/Export', lab.h));
    expect(codes.rows.map((r) => [r['از شماره']!.value, r['تا شماره']!.value])).toEqual([[lab.from, lab.to]]);
    const credits = await get('/Account/GetCredits/Export', lab.h, { format: 'csv' });
    expect(readCsv(credits).rows).toEqual([]);
    expect(announcedRows(credits)).toBe(0);
  });
});

describe('who may export', () => {
  it('refuses the roles the list itself refuses, and the admin’s exports to a lab', async () => {
    const assayer = await kit.addStaff({ headers: lab.h }, ['assayer']);
    const counter = await kit.addStaff({ headers: lab.h }, ['counter']);
    for (const [path, who] of [
      ['/Customer/AllCustomers/Export', assayer],
      ['/Account/GetStore/Export', counter],
      ['/Staff/Statistics/Export', counter],
    ] as const) {
      const res = await get(path, who.headers);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ message: STAFF_MSG.forbiddenRole });
    }
    // The waiting list is the assayer's.
    expect(announcedRows(await get('/Tests/AllTests/Export', assayer.headers, { waitFor: 'true' }))).toBe(
      102,
    );
    const admin = await get('/Manage/AllTests/Export', lab.h);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    expect((await get('/Manage/AllTests/Export', undefined)).statusCode).toBe(401);
  });

  it("runs at most two of a person's exports at once: the third is 429, another person's goes on", async () => {
    const other = await kit.addStaff({ headers: lab.h }, ['counter']);
    // Customers locked: each export waits in its first query, holding its place.
    const lock = await ctx.db.startTransaction().execute();
    await sql`lock table customers in access exclusive mode`.execute(lock);
    const waiting = sql<{ n: number }>`select count(*)::int as n from pg_locks
      where not granted and relation = 'customers'::regclass`;
    const first = get('/Customer/AllCustomers/Export', lab.h);
    const second = get('/Customer/AllCustomers/Export', lab.h);
    await expect.poll(async () => (await waiting.execute(ctx.db)).rows[0]!.n).toBe(2);
    const third = await get('/Customer/AllCustomers/Export', lab.h);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: EXPORT_MSG.busy });
    const another = get('/Customer/AllCustomers/Export', other.headers);
    await expect.poll(async () => (await waiting.execute(ctx.db)).rows[0]!.n).toBe(3);
    await lock.rollback().execute();
    for (const res of await Promise.all([first, second, another])) expect(res.statusCode).toBe(200);
    // Their places are given back once the files are written.
    expect((await get('/Customer/AllCustomers/Export', lab.h)).statusCode).toBe(200);
  });
});
