import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WORKSHOP_MSG } from '@ayar/contract';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { otpHelpers } from '../../../test/otp.ts';
import * as m0021 from '../../db/migrations/0021_workshop_suspended.ts';
import { workshopHelpers } from './workshops.test-kit.ts';

// A lab's state in one step each way (docs/product.md §4.6, §5.8, ADR 0044): activating leaves it able
// to work, suspending ends its sessions at once and gives it a state of its own (9).

let ctx: TestContext;
let adminToken: string;
let workshopToken: string;
const { post, get, statusOf } = workshopHelpers(
  () => ctx,
  () => adminToken,
);
const setActive = (body: Record<string, unknown>, token: string | undefined = adminToken) =>
  post('/Manage/ActiveUser', body, token);
const otp = otpHelpers(() => ctx, { ipPrefix: '10.44.', phonePrefix: '0914' });
const profile = (token: string) => get('/Account/Profile', {}, token);
const signIn = (userName: string, password: string) => post('/Account/login', { userName, password });

/** A lab of `status`; status 9 is set directly, as a lab suspended earlier. */
async function lab(status: 0 | 1 | 5 | 9) {
  const user = await createUser(ctx.db, { status: status === 9 ? 1 : status });
  if (status === 9) await ctx.db.updateTable('users').set({ status: 9 }).where('id', '=', user.id).execute();
  return user;
}

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = await login(ctx.app, admin.username, admin.password);
  const workshop = await createUser(ctx.db);
  workshopToken = await login(ctx.app, workshop.username, workshop.password);
  await ctx.db.updateTable('systemSettings').set({ value: '1000' }).where('key', '=', 'NumPrice').execute();
});
afterAll(() => ctx.close());

describe('POST /Manage/ActiveUser: activation', () => {
  it('activates a new registration in one call: it signs in and buys numbers at once', async () => {
    const w = await lab(0);
    expect((await signIn(w.username, w.password)).json().message).toBe(MSG.notActivated);
    const res = await setActive({ userId: w.id, active: true, fromStatus: 0 });
    expect(res.json()).toEqual({ successful: true, data: { status: 1 }, message: WORKSHOP_MSG.activated });
    expect(await statusOf(w.id)).toBe(1);

    const token = await login(ctx.app, w.username, w.password);
    await ctx.db
      .insertInto('credits')
      .values({ workshopId: w.id, amount: 100_000, trackingCode: randomUUID(), account: 'x', status: 1 })
      .execute();
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Account/GetAllCode',
      headers: bearer(token),
    });
    expect(mine.json().data).toMatchObject({ canBuy: true });
    const buy = await post('/Account/GetCode', { count: 10 }, token);
    expect(buy.statusCode).toBe(200);
    expect(buy.json().data.toCode - buy.json().data.fromCode).toBe(9);
  });

  it('activates an inactive (5) and a suspended (9) lab in one call each', async () => {
    for (const status of [5, 9] as const) {
      const w = await lab(status);
      const res = await setActive({ userId: w.id, active: true });
      expect(res.json()).toMatchObject({ data: { status: 1 }, message: WORKSHOP_MSG.activated });
      expect((await profile(await login(ctx.app, w.username, w.password))).statusCode).toBe(200);
    }
  });

  it('refuses activating an active lab and leaves it as it was', async () => {
    const w = await lab(1);
    const res = await setActive({ userId: w.id, active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: WORKSHOP_MSG.alreadyActive });
    expect(await statusOf(w.id)).toBe(1);
  });

  it('of 50 clicks at once with the status they saw, one activates and 49 are told it changed', async () => {
    const w = await lab(0);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => setActive({ userId: w.id, active: true, fromStatus: 0 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(refused[0]!.json().message).toBe(WORKSHOP_MSG.statusChanged);
    expect(await statusOf(w.id)).toBe(1);
  });
});

describe('POST /Manage/ActiveUser: suspension', () => {
  it('suspends an active lab in one call, ending every open session at once', async () => {
    const w = await lab(1);
    const phone = await login(ctx.app, w.username, w.password);
    const desk = await login(ctx.app, w.username, w.password);
    expect((await profile(phone)).statusCode).toBe(200);

    const res = await setActive({ userId: w.id, active: false, fromStatus: 1 });
    expect(res.json()).toEqual({ successful: true, data: { status: 9 }, message: WORKSHOP_MSG.suspended });
    for (const token of [phone, desk]) {
      const after = await profile(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ successful: false, message: MSG.unauthorized });
    }
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('entityId', '=', w.id)
      .execute();
    expect(audit).toEqual([
      { action: 'workshop.status', before: { status: 1 }, after: { status: 9, sessionsRevoked: 2 } },
    ]);
  });

  it('tells a suspended lab that it is suspended when it signs in, not that it waits for activation', async () => {
    const w = await lab(5);
    await setActive({ userId: w.id, active: false, fromStatus: 5 });
    const res = await signIn(w.username, w.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ successful: false, message: MSG.suspended });
    // A wrong password still says only that the credentials are wrong.
    expect((await signIn(w.username, 'not-the-password')).json().message).toBe(MSG.badCredentials);
  });

  it('sends a suspended lab no one-time code, with the same answer as for anyone', async () => {
    const w = await otp.workshopWithPhone(1);
    await setActive({ userId: w.id, active: false });
    const res = await otp.requestCode(w.username);
    expect(res.statusCode).toBe(200);
    expect(await otp.sentCodes(w.cellPhone)).toEqual([]);
  });

  it('lists a suspended lab as its own status 9, filterable, and never in the public list', async () => {
    const name = `تعلیقی ${randomUUID().slice(0, 6)}`;
    const w = await createUser(ctx.db, { status: 1, fName: name });
    const fresh = await createUser(ctx.db, { status: 0, fName: `${name} تازه` });
    await setActive({ userId: w.id, active: false });
    const all = (await get('/Manage/LabOwners', { name }, adminToken)).json().data.list;
    expect(all.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([
      [fresh.id, 0],
      [w.id, 9],
    ]);
    const only = (await get('/Manage/LabOwners', { name, status: '۹' }, adminToken)).json().data.list;
    expect(only.map((r: { id: string }) => r.id)).toEqual([w.id]);
    expect((await get('/Manage/UserById', { id: w.id }, adminToken)).json().data[0].status).toBe(9);
    const publicList = await get('/Account/LabOwners', { name });
    expect(publicList.json().data.list).toEqual([]);
    const bad = await get('/Manage/LabOwners', { status: '8' }, adminToken);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses suspending a suspended lab or a new registration, changing nothing', async () => {
    const suspended = await lab(9);
    const again = await setActive({ userId: suspended.id, active: false });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WORKSHOP_MSG.alreadySuspended);
    const fresh = await lab(0);
    const res = await setActive({ userId: fresh.id, active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WORKSHOP_MSG.newNotSuspendable);
    expect([await statusOf(suspended.id), await statusOf(fresh.id)]).toEqual([9, 0]);
  });
});

describe('POST /Manage/ActiveUser: guards', () => {
  it('400 for bad input, 404 for unknown or admin ids, 401 without a token', async () => {
    const bad = await setActive({ userId: 'x', active: 'yes', fromStatus: 3 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['active', 'fromStatus', 'userId']);
    expect((await setActive({ userId: randomUUID(), active: true })).statusCode).toBe(404);
    const admin = await createUser(ctx.db, { role: 'admin' });
    expect((await setActive({ userId: admin.id, active: false })).statusCode).toBe(404);
    const w = await lab(1);
    expect((await post('/Manage/ActiveUser', { userId: w.id, active: false })).statusCode).toBe(401);
    expect(await statusOf(w.id)).toBe(1);
  });

  it("403 for a lab, whether it names another lab's id or its own", async () => {
    const other = await lab(1);
    const own = await createUser(ctx.db, { status: 1 });
    const ownToken = await login(ctx.app, own.username, own.password);
    for (const [id, token] of [
      [other.id, workshopToken],
      [own.id, ownToken],
      [other.id, ownToken],
    ] as const) {
      const res = await setActive({ userId: id, active: false }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    expect([await statusOf(other.id), await statusOf(own.id)]).toEqual([1, 1]);
    expect((await profile(ownToken)).statusCode).toBe(200);
  });
});

describe('migration 0021', () => {
  it('moves labs suspended under the old rule (down to 0) to 9 and leaves new registrations at 0', async () => {
    const audit = (entityId: string, before: number, after: number) =>
      ctx.db
        .insertInto('auditLog')
        .values({
          action: 'workshop.status',
          entity: 'user',
          entityId,
          before: JSON.stringify({ status: before }),
          after: JSON.stringify({ status: after }),
        })
        .execute();
    const suspendedNow = await lab(1);
    await setActive({ userId: suspendedNow.id, active: false });
    const db = ctx.db as unknown as Parameters<typeof m0021.down>[0];
    await m0021.down(db);
    expect(await statusOf(suspendedNow.id)).toBe(0);
    const suspendedBefore = await lab(0);
    await audit(suspendedBefore.id, 1, 5);
    await audit(suspendedBefore.id, 5, 0);
    const fresh = await lab(0);
    const backUp = await lab(5);
    await audit(backUp.id, 5, 0);
    await audit(backUp.id, 0, 5);

    await m0021.up(db);
    expect(
      await Promise.all([suspendedNow, suspendedBefore, fresh, backUp].map((u) => statusOf(u.id))),
    ).toEqual([9, 9, 0, 5]);
  });
});
