import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSAY_MSG, OTHER_CUSTOMER_ID, TEST_TYPES } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import { assayHelpers, draft, type Lab } from './assays.test-kit.ts';

// Changing packets: purities, the lab's and the admin's edits, deleting, the history. Numbers,
// registering and the lists: assays.test.ts.

let ctx: TestContext;
const { post, get, newLab, add, messagesOf, auditOf, assay, age } = assayHelpers(() => ctx);

let admin: Record<string, string>;
let adminId: string;
let lab: Lab;
let other: Lab;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  adminId = a.id;
  admin = await signIn(ctx.app, a.username, a.password);
  lab = await newLab();
  other = await newLab({ fName: 'آزمایشگاه دیگر' });
});
afterAll(() => ctx.close());

describe('purity', () => {
  it('AddCutting: first purity, a correction within 60 minutes, locked after; notifications once', async () => {
    const l = await newLab();
    const [a, b] = await add(l, [draft(l, l.from + 1, { sendCall: false }), draft(l, l.from + 2)]);
    const first = await post('/Tests/AddCutting', l.h, [
      { id: a!.id, cutting: '۷۵۰' },
      { id: b!.id, cutting: 900 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect((await assay(a!.id)).purity).toBe(750);
    const texts = (await messagesOf(a!.id)).map((m) => m.text);
    expect(texts).toEqual([
      `بسته ${l.from + 1} ثبت شد؛ نتیجه حدود 30 دقیقه دیگر اعلام می‌شود.\nآزمایشگاه طلا`,
      `نتیجه بسته ${l.from + 1}: عیار 750\nآزمایشگاه طلا`,
    ]);
    // The same value again changes nothing and sends nothing.
    await post('/Tests/AddCutting', l.h, [{ id: a!.id, cutting: 750 }]);
    expect(await messagesOf(a!.id)).toHaveLength(2);
    // A correction 59 minutes later: sent once, audited.
    await age(a!.id, 'purity_at', 59);
    expect((await get('/Tests/GetTest', l.h, { testId: a!.id })).json().data.canUpdate).toBe(true);
    const corrected = await post('/Tests/AddCutting', l.h, [{ id: a!.id, cutting: 760, reason: 'خطای ثبت' }]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    const after = await assay(a!.id);
    expect(after.purity).toBe(760);
    expect(after.purityUpdatedAt).not.toBeNull();
    expect((await messagesOf(a!.id)).map((m) => m.text).at(-1)).toBe(
      `نتیجه بسته ${l.from + 1}: عیار 760\nآزمایشگاه طلا`,
    );
    expect(await messagesOf(a!.id)).toHaveLength(3);
    // 61 minutes after the first recording: locked, and the whole call fails.
    await age(a!.id, 'purity_at', 61);
    const locked = await post('/Tests/AddCutting', l.h, [
      { id: b!.id, cutting: 901 },
      { id: a!.id, cutting: 770 },
    ]);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toContain(ASSAY_MSG.purityLocked);
    expect((await assay(b!.id)).purity).toBe(900);
    const audit = (await auditOf(a!.id)).map((r) => [r.action, r.before, r.after]);
    expect(audit).toEqual([
      ['assay.add', null, expect.anything()],
      [
        'assay.purity',
        { purity: null },
        { purity: 750, purityBy: l.id, verifiedBy: null, method: 'typed', instrument: null },
      ],
      [
        'assay.purity.correct',
        { purity: 750 },
        { purity: 760, purityBy: l.id, verifiedBy: null, method: 'typed', instrument: null },
      ],
    ]);
  });

  it("AddCutting: bad input, another workshop's packet → 404, 401, 403", async () => {
    const [p] = await add(lab, [draft(lab, lab.from + 50)]);
    expect((await post('/Tests/AddCutting', lab.h, [{ id: p!.id, cutting: '599' }])).statusCode).toBe(400);
    expect((await post('/Tests/AddCutting', lab.h, [])).statusCode).toBe(400);
    expect((await post('/Tests/AddCutting', other.h, [{ id: p!.id, cutting: 750 }])).statusCode).toBe(404);
    expect((await post('/Tests/AddCutting', undefined, [{ id: p!.id, cutting: 750 }])).statusCode).toBe(401);
    expect((await post('/Tests/AddCutting', admin, [{ id: p!.id, cutting: 750 }])).statusCode).toBe(403);
    expect((await assay(p!.id)).purity).toBeNull();
  });
});

describe('EditTest (workshop)', () => {
  it('edits weights, type, customer; recomputes the fee; audits; never the number', async () => {
    const l = await newLab();
    const [p] = await add(l, [draft(l, l.from + 1)]);
    const res = await post('/Tests/EditTest', l.h, {
      testId: p!.id,
      weight: '۲۰٫۱',
      sampleWeight: '0.3',
      type: TEST_TYPES[2].id,
      desc: 'توضیح',
      docNumber: 1,
      customerId: OTHER_CUSTOMER_ID,
      testFullName: 'رضا',
      testMobile: '09191112233',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await assay(p!.id)).toMatchObject({
      docNumber: l.from + 1,
      goldWeightMg: 20_100,
      sampleWeightMg: 300,
      testTypeId: TEST_TYPES[2].id,
      description: 'توضیح',
      customerId: null,
      otherOwnerName: 'رضا',
    });
    const [edit] = (await auditOf(p!.id)).filter((r) => r.action === 'assay.edit');
    expect(edit!.before).toMatchObject({ goldWeightMg: 12_500, sampleWeightMg: 250 });
    expect(edit!.after).toMatchObject({ goldWeightMg: 20_100, sampleWeightMg: 300 });
    // Purity through EditTest while waiting: recorded and notified.
    expect((await post('/Tests/EditTest', l.h, { testId: p!.id, cutting: '۸۰۰' })).statusCode).toBe(200);
    expect((await assay(p!.id)).purity).toBe(800);
    expect((await messagesOf(p!.id)).at(-1)!.toNumber).toBe('09191112233');
    await age(p!.id, 'purity_at', 61);
    const locked = await post('/Tests/EditTest', l.h, { testId: p!.id, cutting: 810 });
    expect(locked.statusCode).toBe(400);
    expect((await assay(p!.id)).purity).toBe(800);
  });

  it("bad input, another workshop's packet or customer → 404, 401, 403", async () => {
    const [p] = await add(lab, [draft(lab, lab.from + 60)]);
    expect((await post('/Tests/EditTest', lab.h, { testId: p!.id, weight: '1.2345' })).statusCode).toBe(400);
    expect((await post('/Tests/EditTest', other.h, { testId: p!.id, weight: '1' })).statusCode).toBe(404);
    expect(
      (await post('/Tests/EditTest', lab.h, { testId: p!.id, customerId: other.customerId })).statusCode,
    ).toBe(404);
    expect((await post('/Tests/EditTest', undefined, { testId: p!.id })).statusCode).toBe(401);
    expect((await post('/Tests/EditTest', admin, { testId: p!.id })).statusCode).toBe(403);
  });
});

describe('deleting', () => {
  it('DeleteTest within 15 minutes without purity; otherwise 400 asking for a request', async () => {
    const l = await newLab();
    const [fresh, old, withPurity] = await add(l, [
      draft(l, l.from + 1),
      draft(l, l.from + 2),
      draft(l, l.from + 3, { cutting: 750 }),
    ]);
    await age(old!.id, 'created_at', 16);
    expect((await post('/Tests/DeleteTest', other.h, { id: fresh!.id })).statusCode).toBe(404);
    expect((await post('/Tests/DeleteTest', l.h, { id: fresh!.id })).statusCode).toBe(200);
    expect((await assay(fresh!.id)).deletedAt).not.toBeNull();
    expect((await get('/Tests/GetTest', l.h, { testId: fresh!.id })).statusCode).toBe(404);
    // The list and its total (kept per day by triggers) no longer count it.
    const list = (await get('/Tests/AllTests', l.h)).json().data;
    expect(list.totalCount).toBe(2);
    expect(list.list.map((r: { id: string }) => r.id).sort()).toEqual([old!.id, withPurity!.id].sort());
    for (const p of [old!, withPurity!]) {
      const res = await post('/Tests/DeleteTest', l.h, { id: p.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ASSAY_MSG.deleteWindowPassed);
    }
    expect((await auditOf(fresh!.id)).map((r) => r.action)).toEqual(['assay.add', 'assay.delete']);
    // The number of a deleted packet is never reused.
    expect((await post('/Tests/AddTest', l.h, [draft(l, l.from + 1)])).statusCode).toBe(409);

    // A request, twice: idempotent, audited once.
    expect((await post('/Tests/RequestToDeleteTest', l.h, { id: old!.id })).statusCode).toBe(200);
    expect((await post('/Tests/RequestToDeleteTest', l.h, { id: old!.id })).statusCode).toBe(200);
    const row = await assay(old!.id);
    expect(row.deleteRequestedAt).not.toBeNull();
    expect(row.deleteRequestedBy).toBe(l.id);
    expect((await auditOf(old!.id)).filter((r) => r.action === 'assay.delete.request')).toHaveLength(1);
    expect((await post('/Tests/RequestToDeleteTest', other.h, { id: old!.id })).statusCode).toBe(404);
    expect((await post('/Tests/RequestToDeleteTest', l.h, { id: 'x' })).statusCode).toBe(400);
    expect((await post('/Tests/DeleteTest', undefined, { id: old!.id })).statusCode).toBe(401);
    expect((await post('/Tests/DeleteTest', admin, { id: old!.id })).statusCode).toBe(403);

    // The admin decides.
    expect((await post('/Manage/DeleteTest', l.h, { id: old!.id })).statusCode).toBe(403);
    expect((await post('/Manage/DeleteTest', admin, { id: old!.id })).statusCode).toBe(200);
    expect((await assay(old!.id)).deletedBy).toBe(adminId);
    expect((await post('/Manage/DeleteTest', admin, { id: old!.id })).statusCode).toBe(400);
    expect((await post('/Manage/DeleteTest', admin, { id: randomUUID() })).statusCode).toBe(404);
    const forDelete = (await get('/Manage/AllTests', admin, { tester: l.id, justForDelete: 'true' })).json()
      .data;
    expect(forDelete.totalCount).toBe(0);
  });

  it('RemoveTest soft-deletes packets registered before the Tehran day', async () => {
    const l = await newLab();
    const [a, b] = await add(l, [draft(l, l.from + 1), draft(l, l.from + 2)]);
    await sql`update assays set created_at = '2024-03-19T20:29:00Z' where id = ${a!.id}`.execute(ctx.db); // 23:59 Tehran, 03-19
    await sql`update assays set created_at = '2024-03-19T20:31:00Z' where id = ${b!.id}`.execute(ctx.db); // 00:01 Tehran, 03-20
    expect((await post('/Manage/RemoveTest', admin, { startDate: '' })).statusCode).toBe(400);
    // A start date after today would remove today's packets too: refused, on its field.
    const future = await post('/Manage/RemoveTest', admin, { startDate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([
      { field: 'startDate', message: 'تاریخ شروع نمی‌تواند بعد از امروز باشد' },
    ]);
    expect((await post('/Manage/RemoveTest', l.h, { startDate: '2024-03-20' })).statusCode).toBe(403);
    const res = await post('/Manage/RemoveTest', admin, { startDate: '۲۰۲۴-۰۳-۲۰' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.removed).toBeGreaterThanOrEqual(1);
    expect((await assay(a!.id)).deletedAt).not.toBeNull();
    expect((await assay(b!.id)).deletedAt).toBeNull();
    const audit = await ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'assay.remove')
      .execute();
    expect(audit.at(-1)!.after).toMatchObject({ startDate: '2024-03-20' });
  });
});

describe('Manage/EditTest and history', () => {
  it('changes any field and the purity at any time; the corrected result is sent once; history lists it', async () => {
    const l = await newLab();
    const [p] = await add(l, [draft(l, l.from + 1, { cutting: 750 })]);
    await age(p!.id, 'purity_at', 600);
    const body = {
      testId: p!.id,
      customerId: l.customerId,
      cutting: '۷۸۰',
      sampleWeight: '0.5',
      weight: '15',
      vage: '70000',
      desc: 'اصلاح مدیر',
      reason: 'برش دوباره نمونه',
    };
    const res = await post('/Manage/EditTest', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await assay(p!.id)).toMatchObject({
      purity: 780,
      sampleWeightMg: 500,
      goldWeightMg: 15_000,
      feeToman: 70_000,
    });
    const msgs = await messagesOf(p!.id);
    expect(msgs.filter((m) => m.text.includes('780'))).toHaveLength(2); // sms + call, once
    // Saving again with the same values sends nothing more.
    expect((await post('/Manage/EditTest', admin, body)).statusCode).toBe(200);
    expect(await messagesOf(p!.id)).toHaveLength(msgs.length);

    const missing = await post('/Manage/EditTest', admin, { testId: p!.id, customerId: l.customerId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'sampleWeight', message: ASSAY_MSG.sampleWeightRequired },
    ]);
    expect((await post('/Manage/EditTest', l.h, body)).statusCode).toBe(403);
    expect((await post('/Manage/EditTest', admin, { ...body, testId: randomUUID() })).statusCode).toBe(404);
    expect(
      (await post('/Manage/EditTest', admin, { ...body, customerId: other.customerId })).statusCode,
    ).toBe(404);

    const history = await get('/Manage/TestHistory', admin, { testId: p!.id });
    expect(history.statusCode).toBe(200);
    const list = history.json().data.list as {
      action: string;
      actorName: string;
      before: unknown;
      after: unknown;
    }[];
    expect(list.map((h) => h.action)).toEqual(['assay.add', 'assay.edit', 'assay.purity.correct']);
    expect(list[0], JSON.stringify(list)).toMatchObject({ actorName: 'آزمایشگاه طلا' });
    expect(list[2]).toMatchObject({
      before: { purity: 750 },
      after: { purity: 780 },
      actionLabel: 'اصلاح عیار',
    });
    expect((await get('/Manage/TestHistory', l.h, { testId: p!.id })).statusCode).toBe(403);
    expect((await get('/Manage/TestHistory', admin, { testId: randomUUID() })).statusCode).toBe(404);
  });
});
