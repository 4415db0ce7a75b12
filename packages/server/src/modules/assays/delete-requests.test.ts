import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSAY_MSG, DELETE_REQUEST_MSG, TEST_TYPES } from '@ayar/contract';
import { createTestApp, createUser, errorFields, signIn, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';

const P = '/api/v1.0';
const DECLINE = '/Manage/DeclineDeleteTest';

let ctx: TestContext;
let admin: Record<string, string>;
let adminId: string;

type Lab = TestLab;
/** An active workshop with numbers and one customer. */
const newLab = (fName = 'آزمایشگاه رد') =>
  createLab(ctx, {
    fName,
    settings: { testType: TEST_TYPES[0].id, vageType: 1, vage: 0 },
    customer: { name: 'رضا زرگر', mobile1: '09121230000' },
  });

const post = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: P + url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>, query: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: P + url, headers, query });

/** A packet with a purity, registered 20 minutes ago: the lab can only ask for its deletion. */
async function requested(l: Lab, n: number): Promise<string> {
  const res = await post('/Tests/AddTest', l.h, [
    {
      customerId: l.customerId,
      customerName: 'رضا زرگر',
      docNumber: l.from + n,
      cutting: 750,
      sampleWeight: '0.2',
    },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.list[0].id as string;
  await sql`update assays set created_at = now() - interval '20 minutes' where id = ${id}`.execute(ctx.db);
  expect((await post('/Tests/RequestToDeleteTest', l.h, { id })).statusCode).toBe(200);
  return id;
}
const requestList = async (l: Lab) =>
  (await get('/Manage/AllTests', admin, { tester: l.id, justForDelete: 'true' }))
    .json()
    .data.list.map((r: { id: string }) => r.id);
const actionsOf = async (id: string) =>
  (
    await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'after'])
      .where('entityId', '=', id)
      .orderBy('id')
      .execute()
  ).map((r) => ({ action: r.action, actorId: r.actorId, after: r.after }));

let lab: Lab;
let other: Lab;
beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const a = await createUser(ctx.db, { role: 'admin' });
  adminId = a.id;
  admin = await signIn(ctx.app, a.username, a.password);
  lab = await newLab();
  other = await newLab('آزمایشگاه همسایه');
});
afterAll(() => ctx.close());

describe('POST /Manage/DeclineDeleteTest', () => {
  it('keeps the packet, takes it off the list, tells the lab why, records who; the lab may ask again', async () => {
    const id = await requested(lab, 1);
    expect(await requestList(lab)).toEqual([id]);

    const reason = '  عیار بسته ۷۵۰ در برگه چاپ شده است؛ بسته حذف نمی‌شود  ';
    const res = await post(DECLINE, admin, { id, reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DELETE_REQUEST_MSG.declined);

    expect(await requestList(lab)).toEqual([]);
    // The lab sees the reason (digits as typed) on the packet, in its list and on the edit screen.
    const detail = (await get('/Tests/GetTest', lab.h, { testId: id })).json().data;
    expect(detail).toMatchObject({
      forDelete: false,
      deleted: false,
      cutting: 750,
      deleteDecline: { reason: 'عیار بسته ۷۵۰ در برگه چاپ شده است؛ بسته حذف نمی‌شود' },
    });
    expect(Date.parse(detail.deleteDecline.at)).toBeGreaterThan(Date.now() - 60_000);
    const row = (await get('/Tests/AllTests', lab.h, {}))
      .json()
      .data.list.find((r: { id: string }) => r.id === id);
    expect(row.deleteDecline.reason).toBe(detail.deleteDecline.reason);

    // The history: who declined and why.
    const history = (await get('/Manage/TestHistory', admin, { testId: id })).json().data.list;
    expect(history.at(-1)).toMatchObject({
      action: 'assay.delete.decline',
      actionLabel: 'رد درخواست حذف',
      actorId: adminId,
      after: { deleteRequested: false, reason: detail.deleteDecline.reason },
    });

    // Asking again is a new request; the decline's note leaves the packet, its history stays.
    expect((await post('/Tests/RequestToDeleteTest', lab.h, { id })).statusCode).toBe(200);
    const again = (await get('/Tests/GetTest', lab.h, { testId: id })).json().data;
    expect(again).toMatchObject({ forDelete: true, deleteDecline: null });
    expect(await requestList(lab)).toEqual([id]);
    expect((await actionsOf(id)).map((r) => r.action)).toEqual([
      'assay.add',
      'assay.delete.request',
      'assay.delete.decline',
      'assay.delete.request',
    ]);
    // And this time the admin deletes it: the note would not show on a deleted packet either.
    expect((await post('/Manage/DeleteTest', admin, { id })).statusCode).toBe(200);
    expect((await get('/Manage/GetTest', admin, { testId: id })).json().data).toMatchObject({
      deleted: true,
      deleteDecline: null,
    });
  });

  it('needs a reason and a packet id (400 naming the field)', async () => {
    const id = await requested(lab, 2);
    for (const [payload, fields, message] of [
      [{ id }, ['reason'], DELETE_REQUEST_MSG.reasonRequired],
      [{ id, reason: '   ' }, ['reason'], DELETE_REQUEST_MSG.reasonRequired],
      [{ id, reason: 'نه' }, ['reason'], DELETE_REQUEST_MSG.reasonShort],
      [{ id, reason: 'ا'.repeat(501) }, ['reason'], DELETE_REQUEST_MSG.reasonLong],
      [{ id, reason: 'دلیل\u0000' }, ['reason'], undefined],
      [{ id: 'x', reason: 'دلیل کافی' }, ['id'], DELETE_REQUEST_MSG.idInvalid],
    ] as const) {
      const res = await post(DECLINE, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorFields(res)).toEqual(fields);
      if (message) expect(res.json().errors[0].message).toBe(message);
    }
    expect(await requestList(lab)).toContain(id);
  });

  it('401 without a token, 403 for a lab, 404 for an unknown packet', async () => {
    const id = await requested(lab, 3);
    expect((await post(DECLINE, undefined, { id, reason: 'دلیل کافی' })).statusCode).toBe(401);
    expect((await post(DECLINE, lab.h, { id, reason: 'دلیل کافی' })).statusCode).toBe(403);
    expect((await post(DECLINE, admin, { id: randomUUID(), reason: 'دلیل کافی' })).statusCode).toBe(404);
    expect(await requestList(lab)).toContain(id);
  });

  it('refuses a packet with no pending request, and a deleted one', async () => {
    const add = await post('/Tests/AddTest', lab.h, [
      {
        customerId: lab.customerId,
        customerName: 'رضا زرگر',
        docNumber: lab.from + 4,
        cutting: 800,
        sampleWeight: '0.2',
      },
    ]);
    const plain = add.json().data.list[0].id as string;
    const res = await post(DECLINE, admin, { id: plain, reason: 'دلیل کافی' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DELETE_REQUEST_MSG.noRequest);

    const gone = await requested(lab, 5);
    expect((await post('/Manage/DeleteTest', admin, { id: gone })).statusCode).toBe(200);
    const late = await post(DECLINE, admin, { id: gone, reason: 'دلیل کافی' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(ASSAY_MSG.alreadyDeleted);
  });

  it('another workshop never sees the packet or its reason (404)', async () => {
    const id = await requested(lab, 6);
    expect((await post(DECLINE, admin, { id, reason: 'دلیل کافی' })).statusCode).toBe(200);
    expect((await get('/Tests/GetTest', other.h, { testId: id })).statusCode).toBe(404);
    expect((await post('/Tests/RequestToDeleteTest', other.h, { id })).statusCode).toBe(404);
    const list = (await get('/Tests/AllTests', other.h, {})).json().data.list;
    expect(list.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('50 declines at once: one is taken, the others are told it was decided, one audit row', async () => {
    const id = await requested(lab, 7);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(DECLINE, admin, { id, reason: `دلیل شماره ${i + 1}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    const declines = (await actionsOf(id)).filter((r) => r.action === 'assay.delete.decline');
    expect(declines).toHaveLength(1);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(declines[0]!.after).toMatchObject({ reason: `دلیل شماره ${winner + 1}` });
  });
});
