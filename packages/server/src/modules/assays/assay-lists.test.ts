import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import { assayHelpers, draft, otherOwner, type Lab } from './assays.test-kit.ts';

// Packets (docs/product.md §5.1): the lists. Numbers and registering: assays.test.ts; purities, edits,
// deletion and history: assay-changes.test.ts.

let ctx: TestContext;
const { post, get, newLab, add } = assayHelpers(() => ctx);

let admin: Record<string, string>;
let other: Lab;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  admin = await signIn(ctx.app, a.username, a.password);
  other = await newLab({ fName: 'آزمایشگاه دیگر' });
});
afterAll(() => ctx.close());

describe('lists', () => {
  let l: Lab;
  let ids: string[];
  beforeAll(async () => {
    l = await newLab();
    const c = await ctx.db
      .insertInto('customers')
      .values({ workshopId: l.id, code: 7, name: 'محمد‌رضا کریمی', mobile1: '09120000007', settings: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = (
      await add(l, [
        draft(l, l.from + 1),
        draft(l, l.from + 2, { cutting: 800 }),
        draft(l, l.from + 3, { customerId: c.id, customerName: 'x', cutting: 750 }),
      ])
    ).map((x) => x.id);
  });

  it('the customer-name filter also finds «other customer» packets by the owner’s name, and counts both', async () => {
    const lab = await newLab();
    const customer = await ctx.db
      .insertInto('customers')
      .values({ workshopId: lab.id, code: 5, name: 'کامران رهگذری', mobile1: '09120000005', settings: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await add(lab, [
      // Arabic yeh and kaf, as some keyboards type them.
      draft(lab, lab.from + 1, otherOwner('نرگس رهگذر كاظمي', '09121231234')),
      draft(lab, lab.from + 2),
      draft(lab, lab.from + 3, { customerId: customer.id, customerName: 'x' }),
      draft(lab, lab.from + 4, { customerId: customer.id, customerName: 'x' }),
    ]);
    // Another lab's packets by the same names are never found or counted.
    const stranger = await newLab();
    await add(stranger, [draft(stranger, stranger.from + 1, otherOwner('رهگذر', '09121231235'))]);
    const names = async (value: string) => {
      const data = (await get('/Tests/AllTests', lab.h, { filterType: '1', filterValue: value })).json().data;
      return { docs: data.list.map((r: { docNumber: number }) => r.docNumber), total: data.totalCount };
    };
    expect(await names('رهگذر')).toEqual({ docs: [lab.from + 4, lab.from + 3, lab.from + 1], total: 3 });
    // Persian letters find the Arabic-typed owner name; spaces and case do not matter.
    expect(await names('کاظمی')).toEqual({ docs: [lab.from + 1], total: 1 });
    expect(await names('رهگذر کاظمی')).toEqual({ docs: [lab.from + 1], total: 1 });
    expect(await names('كامران')).toEqual({ docs: [lab.from + 4, lab.from + 3], total: 2 });
    expect(await names('هیچ‌کس')).toEqual({ docs: [], total: 0 });
    const page2 = (
      await get('/Tests/AllTests', lab.h, {
        filterType: '1',
        filterValue: 'رهگذر',
        pageSize: '2',
        pageNumber: '2',
      })
    ).json().data;
    expect(page2).toMatchObject({ totalCount: 3, list: [{ docNumber: lab.from + 1 }] });
    // A page past the end is empty and still counts the matches (the total rides on a page's rows).
    const pastEnd = async (query: Record<string, string>) =>
      (await get('/Tests/AllTests', lab.h, { pageSize: '2', pageNumber: '3', ...query })).json().data;
    expect(await pastEnd({ filterType: '1', filterValue: 'رهگذر' })).toMatchObject({
      totalCount: 3,
      list: [],
    });
    expect(await pastEnd({})).toMatchObject({ totalCount: 4, list: [] });
  });

  it('AllTests pages from either end give the same newest-first order, also for one registration’s packets', async () => {
    const lab = await newLab();
    // One registration: the packets share their created_at, so the number breaks the tie. With one
    // packet a page, pages 11-30 are deep: 11-15 read from the newest end, 16-30 from the oldest.
    await add(
      lab,
      Array.from({ length: 30 }, (_, i) => draft(lab, lab.from + 1 + i)),
    );
    const pages: number[][] = [];
    for (let pageNumber = 1; pageNumber <= 31; pageNumber++) {
      const data = (
        await get('/Tests/AllTests', lab.h, { pageSize: '1', pageNumber: String(pageNumber) })
      ).json().data;
      expect(data.totalCount).toBe(30);
      pages.push(data.list.map((r: { docNumber: number }) => r.docNumber - lab.from));
    }
    expect(pages).toEqual([...Array.from({ length: 30 }, (_, i) => [30 - i]), []]);
  });

  it('AllTests pages, filters and never shows another workshop', async () => {
    const all = (await get('/Tests/AllTests', l.h)).json().data;
    expect(all).toMatchObject({ totalCount: 3, currPage: 1, pageSize: 100 });
    expect(all.list.map((r: { docNumber: number }) => r.docNumber)).toEqual([
      l.from + 3,
      l.from + 2,
      l.from + 1,
    ]);
    const q = async (query: Record<string, string>) =>
      (await get('/Tests/AllTests', l.h, query))
        .json()
        .data.list.map((r: { docNumber: number }) => r.docNumber);
    expect(await q({ waitFor: 'true' })).toEqual([l.from + 1]);
    expect(await q({ filterType: '1', filterValue: 'محمدرضا' })).toEqual([l.from + 3]);
    expect(await q({ filterType: '2', filterValue: '۷' })).toEqual([l.from + 3]);
    expect(await q({ filterType: '3', filterValue: String(l.from + 2) })).toEqual([l.from + 2]);
    expect(await q({ filterType: '4', filterValue: '750' })).toEqual([l.from + 3]);
    expect(await q({ filterType: '3', filterValue: String(other.from) })).toEqual([]);
    expect(await q({ pageSize: '2', pageNumber: '2' })).toEqual([l.from + 1]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
    expect(await q({ fromDate: today, toDate: today })).toHaveLength(3);
    expect(await q({ toDate: '2020-01-01' })).toEqual([]);
    const totalOf = async (query: Record<string, string>) =>
      (await get('/Tests/AllTests', l.h, query)).json().data.totalCount;
    expect(await totalOf({ fromDate: today, toDate: today })).toBe(3);
    expect(await totalOf({ fromDate: today })).toBe(3);
    expect(await totalOf({ toDate: '2020-01-01' })).toBe(0);
    expect(await totalOf({ fromDate: '2099-01-01' })).toBe(0);
    const bad = await get('/Tests/AllTests', l.h, { filterType: '3', filterValue: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect((await get('/Tests/AllTests')).statusCode).toBe(401);
    expect((await get('/Tests/AllTests', admin)).statusCode).toBe(403);
  });

  it("GetTest: another workshop's packet and unknown ids → 404", async () => {
    expect((await get('/Tests/GetTest', other.h, { testId: ids[0]! })).statusCode).toBe(404);
    expect((await get('/Tests/GetTest', l.h, { testId: randomUUID() })).statusCode).toBe(404);
    expect((await get('/Tests/GetTest', l.h, { testId: 'x' })).statusCode).toBe(400);
  });

  it('Manage/AllTests: tester filter, no mobiles, justForDelete; Manage/GetTest', async () => {
    const res = await get('/Manage/AllTests', admin, { tester: l.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalCount).toBe(3);
    expect(res.json().data.list[0]).toMatchObject({ customerMobile: null, labName: 'آزمایشگاه طلا' });
    await post('/Tests/RequestToDeleteTest', l.h, { id: ids[1] });
    const forDelete = (await get('/Manage/AllTests', admin, { tester: l.id, justForDelete: 'true' })).json()
      .data;
    expect(forDelete.list.map((r: { id: string; forDelete: boolean }) => [r.id, r.forDelete])).toEqual([
      [ids[1], true],
    ]);
    expect((await get('/Manage/AllTests', l.h)).statusCode).toBe(403);
    expect((await get('/Manage/GetTest', admin, { testId: ids[0]! })).json().data.docNumber).toBe(l.from + 1);
    expect((await get('/Manage/GetTest', admin, { testId: randomUUID() })).statusCode).toBe(404);
  });
});

describe('the result on the lab rows (the slip prints its version)', () => {
  it('AllTests, GetTest, Manage/AllTests and Manage/GetTest carry the current version, its time and status', async () => {
    const l = await newLab();
    const [waiting, published, corrected, withdrawn, deleted] = await add(l, [
      draft(l, l.from + 1),
      draft(l, l.from + 2, { cutting: 800 }),
      draft(l, l.from + 3, { cutting: 750 }),
      draft(l, l.from + 4, { cutting: 760 }),
      draft(l, l.from + 5, { cutting: 770 }),
    ]);
    await post('/Tests/EditTest', l.h, { testId: corrected!.id, cutting: 755, reason: 'خطای ثبت عدد' });
    await post('/Manage/WithdrawResult', admin, { id: withdrawn!.id, reason: 'نمونه اشتباه بود' });
    await post('/Manage/DeleteTest', admin, { id: deleted!.id });
    const versions = await ctx.db
      .selectFrom('resultVersions')
      .select(['assayId', 'version', 'createdAt'])
      .where('assayId', 'in', [published!.id, corrected!.id, withdrawn!.id, deleted!.id])
      .execute();
    const signedAt = (id: string, version: number) =>
      versions.find((v) => v.assayId === id && v.version === version)!.createdAt.toISOString();
    const expected = {
      [waiting!.id]: { resultVersion: null, resultAt: null, resultStatus: null },
      [published!.id]: { resultVersion: 1, resultAt: signedAt(published!.id, 1), resultStatus: 'published' },
      [corrected!.id]: { resultVersion: 2, resultAt: signedAt(corrected!.id, 2), resultStatus: 'published' },
      [withdrawn!.id]: { resultVersion: 2, resultAt: signedAt(withdrawn!.id, 2), resultStatus: 'withdrawn' },
    };
    type Row = { id: string; resultVersion: unknown; resultAt: unknown; resultStatus: unknown };
    const pick = ({ resultVersion, resultAt, resultStatus }: Row) => ({
      resultVersion,
      resultAt,
      resultStatus,
    });
    for (const [url, headers, query] of [
      ['/Tests/AllTests', l.h, {}],
      ['/Manage/AllTests', admin, { tester: l.id }],
    ] as const) {
      const list = (await get(url, headers, query)).json().data.list as Row[];
      expect(Object.fromEntries(list.map((r) => [r.id, pick(r)]))).toEqual(expected);
    }
    for (const [id, fields] of Object.entries(expected)) {
      expect(pick((await get('/Tests/GetTest', l.h, { testId: id })).json().data)).toEqual(fields);
      expect(pick((await get('/Manage/GetTest', admin, { testId: id })).json().data)).toEqual(fields);
    }
    // A deleted packet: its signed deletion is the current version; the public sees nothing.
    expect(pick((await get('/Manage/GetTest', admin, { testId: deleted!.id })).json().data)).toEqual({
      resultVersion: 2,
      resultAt: signedAt(deleted!.id, 2),
      resultStatus: null,
    });
  });
});
