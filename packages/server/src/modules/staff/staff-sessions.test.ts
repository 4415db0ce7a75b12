import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, STAFF_MSG } from '@ayar/contract';
import { LOGIN_LIMITS } from '../../lib/login-limiter.ts';
import { createTestApp, login, type TestContext } from '../../../test/helpers.ts';
import { otpHelpers } from '../../../test/otp.ts';
import { staffKit, type SignedIn } from './staff.test-kit.ts';

// A person's sessions (ADR 0049): a suspension ends them at once and keeps them out (no password, no
// one-time code) until they are resumed; a suspended or listing-only lab takes its people with it;
// a person's password and sign-in limits are their own, not their lab's.

let ctx: TestContext;
const kit = staffKit(() => ctx, { ip: 63, mobile: '0917' });
const { post, get, signIn, newLab, addStaff } = kit;
const otp = otpHelpers(() => ctx, { ipPrefix: '10.64.', phonePrefix: '0918' });
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  admin = await newLab({ role: 'admin' });
});
afterAll(() => ctx.close());

const profile = (headers: Record<string, string>) => get('/Account/Profile', headers);
const suspend = (lab: SignedIn, id: string, suspended: boolean) =>
  post('/Staff/Suspend', lab.headers, { id, suspended });
const setLabActive = (labId: string, active: boolean) =>
  post('/Manage/ActiveUser', admin.headers, { userId: labId, active });

/** The one-time code the person's own mobile was sent for a request by their user name, if any. */
async function codeFor(person: { userName: string; mobile: string }): Promise<string | undefined> {
  const before = (await otp.sentCodes(person.mobile)).length;
  expect((await otp.requestCode(person.userName)).statusCode).toBe(200);
  const codes = await otp.sentCodes(person.mobile);
  return codes.length > before ? codes.at(-1) : undefined;
}

describe('POST /Staff/Suspend', () => {
  it('ends their open sessions at once and keeps them out, by password and by one-time code', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const desk = await login(ctx.app, p.userName, p.password);
    const res = await suspend(lab, p.id, true);
    expect(res.json()).toMatchObject({
      successful: true,
      message: STAFF_MSG.suspended,
      data: { suspended: true },
    });
    for (const token of [p.token, desk]) {
      const after = await profile({ authorization: `Bearer ${token}` });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MSG.unauthorized);
    }
    const refused = await signIn(p.userName, p.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      successful: false,
      code: 'FORBIDDEN',
      message: STAFF_MSG.staffSuspended,
    });
    // A wrong password still says only that the credentials are wrong.
    expect((await signIn(p.userName, 'not-the-password')).json().message).toBe(MSG.badCredentials);
    expect(await codeFor(p)).toBeUndefined();
    // The lab and its other people carry on.
    expect((await profile(lab.headers)).statusCode).toBe(200);
  });

  it('lets them in again once resumed, by password and by a code sent to their own mobile', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['assayer']);
    await suspend(lab, p.id, true);
    const res = await suspend(lab, p.id, false);
    expect(res.json()).toMatchObject({
      message: STAFF_MSG.resumed,
      data: { suspended: false, staffCode: 2 },
    });
    // The sessions a suspension ended stay ended.
    expect((await profile(p.headers)).statusCode).toBe(401);
    expect((await signIn(p.userName, p.password)).statusCode).toBe(200);
    const code = await codeFor(p);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await otp.verify(p.userName, code!);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ userId: lab.id, person: { id: p.id, roles: ['assayer'] } });
  });

  it('refuses a bad id and an unknown person', async () => {
    const lab = await newLab();
    const bad = await post('/Staff/Suspend', lab.headers, { id: '12', suspended: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'id', message: STAFF_MSG.idInvalid }]);
    const missing = await post('/Staff/Suspend', lab.headers, { id: randomUUID(), suspended: true });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    const noFlag = await post('/Staff/Suspend', lab.headers, { id: lab.id });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().errors.map((e: { field: string }) => e.field)).toEqual(['suspended']);
  });
});

describe("a lab's state takes its people with it", () => {
  it('a lab suspended by the administrator ends its people’s sessions at once; they cannot sign in', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const res = await setLabActive(lab.id, false);
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(p.headers)).statusCode).toBe(401);
    const refused = await signIn(p.userName, p.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.suspended);
    expect(await codeFor(p)).toBeUndefined();

    // Activated again: they sign in anew, but the sessions the suspension ended stay ended.
    expect((await setLabActive(lab.id, true)).statusCode).toBe(200);
    expect((await profile(p.headers)).statusCode).toBe(401);
    expect((await profile(lab.headers)).statusCode).toBe(401);
    const again = await signIn(p.userName, p.password);
    expect(again.statusCode).toBe(200);
  });

  it('a lab made new (0) has no standing sessions for its people; an inactive lab (5) keeps them', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const setStatus = (status: 0 | 5) =>
      ctx.db.updateTable('users').set({ status }).where('id', '=', lab.id).execute();
    await setStatus(5);
    expect((await profile(p.headers)).statusCode).toBe(200);
    await setStatus(0);
    expect((await profile(p.headers)).statusCode).toBe(401);
    expect((await signIn(p.userName, p.password)).json().message).toBe(MSG.notActivated);
  });

  it('a lab made listing-only by the administrator ends its people’s sessions and keeps them out', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const res = await post('/Manage/EditUser', admin.headers, {
      userId: lab.id,
      fName: 'آزمایشگاه فهرستی',
      fullName: 'مدیر نمونه',
      userName: lab.userName,
      isPublicUser: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(p.headers)).statusCode).toBe(401);
    expect((await signIn(p.userName, p.password)).statusCode).toBe(403);
    expect(await codeFor(p)).toBeUndefined();
    // The session lookup itself refuses them, whatever ended (or did not end) the sessions.
    const other = await newLab();
    const q = await addStaff(other, ['counter']);
    await ctx.db.updateTable('users').set({ isPublicUser: true }).where('id', '=', other.id).execute();
    expect((await profile(q.headers)).statusCode).toBe(401);
  });
});

describe("a person's password and sign-in limits are their own", () => {
  it('POST /Account/ChangePassword by a person changes only theirs and ends only their other sessions', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['assayer']);
    const other = await login(ctx.app, p.userName, p.password);
    const res = await post('/Account/ChangePassword', p.headers, {
      oldPassword: p.password,
      newPassword: 'my-own-new-secret',
      confirmPassword: 'my-own-new-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(p.headers)).statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await signIn(p.userName, p.password)).statusCode).toBe(401);
    expect((await signIn(p.userName, 'my-own-new-secret')).statusCode).toBe(200);
    // The lab account's password and session are untouched.
    expect((await profile(lab.headers)).statusCode).toBe(200);
    expect((await signIn(lab.userName, lab.password)).statusCode).toBe(200);
    // A lab account's own change leaves its people's sessions standing.
    const own = await post('/Account/ChangePassword', lab.headers, {
      oldPassword: lab.password,
      newPassword: 'the-lab-new-secret',
      confirmPassword: 'the-lab-new-secret',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await profile(p.headers)).statusCode).toBe(200);
  });

  it('ten wrong passwords for a person lock that person from that address, not the lab account', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const from = kit.nextIp();
    for (let i = 0; i < LOGIN_LIMITS.pairMax; i++) {
      expect((await signIn(p.userName, `wrong-${i}`, from)).statusCode).toBe(401);
    }
    const locked = await signIn(p.userName, p.password, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect((await signIn(lab.userName, lab.password, from)).statusCode).toBe(200);
    // And the other way round: the lab account's failures do not lock its people.
    const labFrom = kit.nextIp();
    for (let i = 0; i < LOGIN_LIMITS.pairMax; i++) {
      expect((await signIn(lab.userName, `wrong-${i}`, labFrom)).statusCode).toBe(401);
    }
    expect((await signIn(lab.userName, lab.password, labFrom)).statusCode).toBe(429);
    const other = await addStaff(lab, ['assayer']);
    expect((await signIn(other.userName, other.password, labFrom)).statusCode).toBe(200);
  });

  it('nine wrong passwords for a person leave them their right one (the edge below the lock)', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const from = kit.nextIp();
    for (let i = 0; i < LOGIN_LIMITS.pairMax - 1; i++) {
      expect((await signIn(p.userName, `wrong-${i}`, from)).statusCode).toBe(401);
    }
    expect((await signIn(p.userName, p.password, from)).statusCode).toBe(200);
  });
});
