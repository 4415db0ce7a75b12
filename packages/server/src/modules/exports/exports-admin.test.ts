import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS, todayGregorianInTehran, todayJalali } from '@ayar/contract';
import { enqueueMessage } from '../../sms/outbox.ts';
import { createTestApp, expectAdminListGuards, type TestContext } from '../../../test/helpers.ts';
import { seedStatistics } from '../statistics/statistics.test-kit.ts';
import { API, announcedRows, readCsv, readXlsx, savedName } from './exports.test-kit.ts';

// The administrator's exports (ADR 0055): the manage/ lists and the statistics tables as files, the
// same rows the screens' JSON answers carry.

let ctx: TestContext;
let net: Awaited<ReturnType<typeof seedStatistics>>;
const today = todayGregorianInTehran();
const day = todayJalali().replace(/\//g, '-');

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000, exports: { batchSize: 4 } });
  net = await seedStatistics(ctx);
  await enqueueMessage(ctx.db, { to: '09120000001', kind: 'sms', text: 'نتیجه آماده است' });
});
afterAll(() => ctx.close());

const get = (path: string, query: Record<string, string> = {}, headers = net.admin) =>
  ctx.app.inject({ method: 'GET', url: `${API}${path}`, headers, query });
const post = (path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${API}${path}`, headers: net.admin, payload });

describe('the manage/ lists as files', () => {
  it("exports every lab's packets, or one lab's, in batches, as the JSON list counts them", async () => {
    const list = (await get('/Manage/AllTests', { pageSize: '500' })).json<{
      data: { totalCount: number };
    }>();
    const all = await readXlsx(await get('/Manage/AllTests/Export'));
    expect(all.headers).toEqual(EXPORTS.manageTests.columns.map((c) => c.header));
    expect(all.rows).toHaveLength(list.data.totalCount);
    expect(new Set(all.rows.map((r) => r['آزمایشگاه']!.value))).toEqual(
      new Set(['آزمایشگاه البرز', 'آزمایشگاه زاگرس']),
    );
    const one = readCsv(await get('/Manage/AllTests/Export', { tester: net.w2.id, format: 'csv' }));
    expect(one.rows).toHaveLength(6);
    expect(new Set(one.rows.map((r) => r['آزمایشگاه']))).toEqual(new Set(['آزمایشگاه زاگرس']));
    // The admin's lists carry no customer mobile.
    expect(one.headers).not.toContain('موبایل');
    const requests = await get('/Manage/AllTests/Export', { justForDelete: 'true' });
    expect(savedName(requests)).toBe(`درخواست‌های حذف بسته ${day}.xlsx`);
    expect(announcedRows(requests)).toBe(0);
  });

  it('exports customers, credit requests, ranges, labs and the outbox with their filters', async () => {
    const customers = readCsv(await get('/Manage/AllCustomers/Export', { user: net.w1.id, format: 'csv' }));
    expect(customers.rows).toEqual([
      { آزمایشگاه: 'آزمایشگاه البرز', کد: '1', نام: 'حسن طلافروش', موبایل: '', تلفن: '' },
    ]);

    const credits = await readXlsx(await get('/Manage/AllCredits/Export', { waitFor: 'true' }));
    expect(credits.rows.map((r) => r['مبلغ (تومان)']!.value).sort()).toEqual([50_000, 70_000]);
    expect(credits.rows[0]!['مبلغ (تومان)']!.numFmt).toBe('#,##0');

    const codes = await readXlsx(await get('/Manage/GetAllCode/Export', { userId: net.w1.id }));
    expect(codes.rows.map((r) => r['از شماره']!.value).sort()).toEqual([100_000, 200_000]);
    expect(codes.rows[0]!['تاریخ']!.value).toBeInstanceOf(Date);

    const labs = readCsv(await get('/Manage/LabOwners/Export', { status: '5', format: 'csv' }));
    expect(labs.rows.map((r) => [r['نام آزمایشگاه'], r['وضعیت']])).toEqual([
      ['آزمایشگاه زاگرس', 'آزمایشگاه غیرفعال'],
    ]);

    const outbox = readCsv(await get('/Manage/Messages/Export', { format: 'csv' }));
    expect(outbox.rows).toMatchObject([{ گیرنده: '09120000001', نوع: 'پیامک', متن: 'نتیجه آماده است' }]);
    expect(savedName(await get('/Manage/Messages/Export'))).toBe(`پیامک‌ها و تماس‌ها ${day}.xlsx`);
  });
});

describe('the statistics tables as files', () => {
  it('writes the tiles as one row and the per-lab table as the screen answers them', async () => {
    const filter = { fromDate: today, toDate: today };
    const tiles = (await post('/Manage/GetManageStatistics', filter)).json<{
      data: { todayRes: number; totalRes: number; credits: number };
    }>().data;
    const row = (await readXlsx(await get('/Manage/GetManageStatistics/Export', filter))).rows;
    expect(row).toHaveLength(1);
    expect(row[0]!['امروز']!.value).toBe(tiles.todayRes);
    expect(row[0]!['کل']!.value).toBe(tiles.totalRes);
    expect(row[0]!['مبلغ شارژهای در انتظار (تومان)']!.value).toBe(tiles.credits);

    const byLab = (await post('/Manage/GetTestStatisticsWithGroupUser', filter)).json<{
      data: { list: { userFName: string; testCount: number }[] };
    }>().data.list;
    const sheet = await readXlsx(await get('/Manage/GetTestStatisticsWithGroupUser/Export', filter));
    expect(sheet.rows.map((r) => [r['آزمایشگاه']!.value, r['بسته‌ها']!.value])).toEqual(
      byLab.map((l) => [l.userFName, l.testCount]),
    );
    const missing = await get('/Manage/GetTestStatisticsWithGroupUser/Export');
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ errors: { field: string }[] }>()
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['fromDate', 'toDate']);
  });

  it('writes the daily counts as dates and the staff statistics of one lab', async () => {
    const daily = await readXlsx(
      await get('/Manage/GetDailyStatistics/Export', { fromDate: today, toDate: today }),
    );
    expect(daily.rows).toHaveLength(1);
    expect(daily.rows[0]!['بسته‌ها']!.value).toBe(3 + 1 + 6);
    const staff = await readXlsx(await get('/Manage/StaffStatistics/Export', { userId: net.w1.id }));
    expect(staff.headers).toEqual(EXPORTS.manageStaffStatistics.columns.map((c) => c.header));
    const unknown = await get('/Manage/StaffStatistics/Export', { userId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('who may call them', () => {
  it('answers 401 without a token and 403 to a lab, and checks the query first for the admin', async () => {
    for (const [path, badQuery, badFields] of [
      ['/Manage/AllTests/Export', { format: 'xls' }, ['format']],
      ['/Manage/Messages/Export', { status: 'lost' }, ['status']],
      ['/Manage/GetAllCode/Export', { serialNo: '-1' }, ['serialNo']],
    ] as const) {
      await expectAdminListGuards(ctx.app, `${API}${path}`, {
        admin: net.admin,
        workshop: net.w1.headers,
        badQuery,
        badFields: [...badFields],
      });
    }
  });
});
