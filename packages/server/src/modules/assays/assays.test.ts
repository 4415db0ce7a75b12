import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSAY_MSG, OTHER_CUSTOMER_ID, TEST_TYPES } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import { TYPE, assayHelpers, draft, type Lab } from './assays.test-kit.ts';

// Packets (docs/product.md §5.1): numbers, registering, the lists. Their purities, edits, deletion and
// history: assay-changes.test.ts.

let ctx: TestContext;
const { post, get, newLab, add, messagesOf, auditOf, assay } = assayHelpers(() => ctx);

let admin: Record<string, string>;
let lab: Lab;
let other: Lab;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  admin = await signIn(ctx.app, a.username, a.password);
  lab = await newLab();
  other = await newLab({ fName: 'آزمایشگاه دیگر' });
});
afterAll(() => ctx.close());

describe('packet numbers', () => {
  it('GetCode gives the lowest free number, then the next after a registration', async () => {
    const l = await newLab();
    const first = await post('/Tests/GetCode', l.h, {});
    expect(first.json().data).toBe(l.from);
    await add(l, [draft(l, l.from + 5)]);
    expect((await post('/Tests/GetCode', l.h, {})).json().data).toBe(l.from + 6);
    // A number below next_code that is unused stays usable through CheckCode.
    expect((await post('/Tests/CheckCode', l.h, { code: String(l.from + 2) })).statusCode).toBe(200);
  });

  it('GetCode without numbers → 400 telling the user to buy numbers; inactive → 400', async () => {
    const u = await createUser(ctx.db);
    const h = await signIn(ctx.app, u.username, u.password);
    const res = await post('/Tests/GetCode', h, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ASSAY_MSG.noCode);
    const inactive = await newLab({ status: 5 });
    expect((await post('/Tests/GetCode', inactive.h, {})).statusCode).toBe(400);
  });

  it('CheckCode: not yours, used (deleted too), bad input, 401, 403', async () => {
    const notMine = await post('/Tests/CheckCode', lab.h, { code: other.from });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toContain(ASSAY_MSG.codeNotYours);
    const [p] = await add(lab, [draft(lab, lab.from + 900)]);
    await post('/Tests/DeleteTest', lab.h, { id: p!.id });
    const usedRes = await post('/Tests/CheckCode', lab.h, { code: '۱' + String(lab.from + 900).slice(1) });
    expect(usedRes.statusCode).toBe(409);
    expect(usedRes.json().message).toContain(ASSAY_MSG.codeUsed);
    const bad = await post('/Tests/CheckCode', lab.h, { code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('code');
    expect((await post('/Tests/CheckCode', undefined, { code: 1 })).statusCode).toBe(401);
    expect((await post('/Tests/CheckCode', admin, { code: 1 })).statusCode).toBe(403);
  });
});

describe('AddTest', () => {
  it('registers a list with fees, tokens, ranges, images, notifications and audit', async () => {
    const l = await newLab();
    const photo = await ctx.db
      .insertInto('files')
      .values({ kind: 'photo', storageKey: 'k', mime: 'image/jpeg', sizeBytes: 10, ownerId: l.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await add(l, [
      draft(l, l.from + 1, { images: [`/api/v1.0/Files/${photo.id}`] }),
      draft(l, l.from + 2, { cutting: '۷۵۰', sendCall: false }),
    ]);
    expect(list.map((x) => x.docNumber)).toEqual([l.from + 1, l.from + 2]);
    expect(list[0]!.publicToken).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const a = await assay(list[0]!.id);
    expect(a).toMatchObject({
      goldWeightMg: 12_500,
      sampleWeightMg: 250,
      feeType: 1,
      feeToman: 50_000,
      testTypeId: TYPE,
    });
    expect(a.purity).toBeNull();
    const b = await assay(list[1]!.id);
    expect(b.purity).toBe(750);
    expect(b.purityAt).not.toBeNull();
    const range = await ctx.db
      .selectFrom('codeRanges')
      .select('nextCode')
      .where('workshopId', '=', l.id)
      .executeTakeFirstOrThrow();
    expect(range.nextCode).toBe(l.from + 3);

    const wait = await messagesOf(list[0]!.id);
    expect(wait.map((m) => [m.kind, m.toNumber])).toEqual([
      ['call', '09121234567'],
      ['sms', '09121234567'],
    ]);
    expect(wait[0]!.text).toBe(
      `بسته ${l.from + 1} ثبت شد؛ نتیجه حدود 30 دقیقه دیگر اعلام می‌شود.\nآزمایشگاه طلا`,
    );
    const ready = await messagesOf(list[1]!.id);
    expect(ready.map((m) => m.kind)).toEqual(['sms']);
    expect(ready[0]!.text).toBe(`نتیجه بسته ${l.from + 2}: عیار 750\nآزمایشگاه طلا`);

    const detail = await get('/Tests/GetTest', l.h, { testId: list[0]!.id });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      docNumber: l.from + 1,
      customerName: 'علی رضایی',
      customerMobile: '09121234567',
      weight: 12.5,
      sampleWeight: 0.25,
      vage: 50_000,
      waitFor: true,
      canUpdate: false,
      canDelete: true,
      images: [`/api/v1.0/Files/${photo.id}`],
      typeName: TEST_TYPES[0].name,
    });
    expect((await auditOf(list[0]!.id)).map((r) => r.action)).toEqual(['assay.add']);
  });

  it('percentage fee: gold fee = gold weight × vage / 100, customer settings over the workshop', async () => {
    const l = await newLab();
    await ctx.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ testType: TYPE, vageType: 0, vage: 1.5 }) })
      .where('id', '=', l.id)
      .execute();
    const c = await ctx.db
      .insertInto('customers')
      .values({
        workshopId: l.id,
        code: 2,
        name: 'حسن',
        mobile1: '09350000000',
        settings: JSON.stringify({ vage: 2 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [p1, p2] = await add(l, [
      draft(l, l.from + 1, { weight: '10' }),
      draft(l, l.from + 2, { weight: '10', customerId: c.id, customerName: 'حسن' }),
    ]);
    expect((await assay(p1!.id)).feeGoldMg).toBe(150);
    expect((await assay(p2!.id)).feeGoldMg).toBe(200);
  });

  it('the other customer: owner name and mobile required; saveInCustomer creates the customer', async () => {
    const l = await newLab();
    const missing = await post('/Tests/AddTest', l.h, [draft(l, l.from, { customerId: OTHER_CUSTOMER_ID })]);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['0.testFullName', '0.testMobile']);
    const [kept, saved] = await add(l, [
      draft(l, l.from, { customerId: OTHER_CUSTOMER_ID, testFullName: 'رضا', testMobile: '۰۹۱۹۱۱۱۲۲۳۳' }),
      draft(l, l.from + 1, {
        customerId: OTHER_CUSTOMER_ID,
        testFullName: 'مریم',
        testMobile: '+989190000000',
        saveInCustomer: true,
      }),
    ]);
    expect(await assay(kept!.id)).toMatchObject({
      customerId: null,
      otherOwnerName: 'رضا',
      otherOwnerMobile: '09191112233',
    });
    expect((await messagesOf(kept!.id))[0]!.toNumber).toBe('09191112233');
    const s = await assay(saved!.id);
    const customer = await ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', s.customerId!)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: 'مریم', mobile1: '09190000000', code: 2, workshopId: l.id });
    const row = (await get('/Tests/GetTest', l.h, { testId: kept!.id })).json().data;
    expect(row).toMatchObject({ customerId: OTHER_CUSTOMER_ID, customerName: 'رضا', testFullName: 'رضا' });
  });

  it('all or none: one bad packet registers none', async () => {
    const l = await newLab();
    const cases: [unknown[], number][] = [
      [[draft(l, l.from), draft(l, other.from)], 400], // not ours
      [[draft(l, l.from), draft(l, l.from)], 400], // duplicate in the list
      [[draft(l, l.from), draft(l, l.from + 1, { customerId: other.customerId })], 404], // another workshop's customer
      [[draft(l, l.from), draft(l, l.from + 1, { images: [`/api/v1.0/Files/${randomUUID()}`] })], 400],
      [[draft(l, l.from), draft(l, l.from + 1, { cutting: '1000' })], 400],
    ];
    for (const [list, status] of cases) {
      const res = await post('/Tests/AddTest', l.h, list);
      expect(res.statusCode, res.body).toBe(status);
    }
    const dup = await post('/Tests/AddTest', l.h, [draft(l, l.from), draft(l, l.from)]);
    expect(dup.json().errors[0]).toEqual({
      field: '1.docNumber',
      message: `${ASSAY_MSG.duplicate}: ${l.from}`,
    });
    await add(l, [draft(l, l.from + 10)]);
    const used = await post('/Tests/AddTest', l.h, [draft(l, l.from + 11), draft(l, l.from + 10)]);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain(String(l.from + 10));
    const count = await ctx.db
      .selectFrom('assays')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workshopId', '=', l.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
    const msgs = await ctx.db
      .selectFrom('messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('workshopId', '=', l.id)
      .executeTakeFirstOrThrow();
    expect(msgs.n).toBe(2);
  });

  it('the test type is required only without a preset; bad input; 401; 403; inactive lab', async () => {
    const l = await newLab();
    await ctx.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ labType: 1 }) })
      .where('id', '=', l.id)
      .execute();
    const res = await post('/Tests/AddTest', l.h, [draft(l, l.from, { readyTime: '' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: '0.type', message: ASSAY_MSG.typeRequired },
      { field: '0.readyTime', message: ASSAY_MSG.readyTimeRequired },
    ]);
    expect((await post('/Tests/AddTest', l.h, [])).statusCode).toBe(400);
    expect((await post('/Tests/AddTest', undefined, [draft(l, l.from)])).statusCode).toBe(401);
    expect((await post('/Tests/AddTest', admin, [draft(l, l.from)])).statusCode).toBe(403);
    const inactive = await newLab({ status: 5 });
    const r5 = await post('/Tests/AddTest', inactive.h, [draft(inactive, inactive.from)]);
    expect(r5.statusCode).toBe(400);
    expect(r5.json().message).toBe(ASSAY_MSG.notActive);
  });

  it('50 concurrent registrations racing for the same numbers register each number exactly once', async () => {
    const l = await newLab();
    const numbers = [l.from + 100, l.from + 101, l.from + 102];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/Tests/AddTest', l.h, [draft(l, numbers[i % 3]!), draft(l, numbers[(i + 1) % 3]!)]),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    const rows = await ctx.db
      .selectFrom('assays')
      .select('docNumber')
      .where('workshopId', '=', l.id)
      .execute();
    const registered = rows.map((r) => r.docNumber).sort();
    expect(new Set(registered).size).toBe(registered.length);
    // Two lists at most can succeed (three numbers, two per list, no overlap possible beyond that).
    expect(statuses.filter((s) => s === 200).length).toBe(registered.length / 2);
  });
});
