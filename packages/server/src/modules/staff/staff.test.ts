import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PASSWORD_MSG, STAFF_LIMIT, STAFF_MSG, WORKSHOP_MSG, type StaffMember } from '@ayar/contract';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, createUser, errorFields, type TestContext } from '../../../test/helpers.ts';
import { staffKit, type SignedIn } from './staff.test-kit.ts';

// The owner's staff screen through HTTP (ADR 0049): adding people, the list, editing and the rules of
// the lab account, bad input field by field, and the 100-people limit on both edges. Who may call
// these routes and whose ids they reach: staff-access.test.ts; sessions and suspension:
// staff-sessions.test.ts.

let ctx: TestContext;
const kit = staffKit(() => ctx, { ip: 61, mobile: '0915' });
const { post, get, signIn, newLab, staffInput, addStaff, listOf } = kit;

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
});
afterAll(() => ctx.close());

const persian = /[\u0600-\u06FF]/;
const profileOf = async (headers: Record<string, string>) => (await get('/Account/Profile', headers)).json();

describe('POST /Staff/Add', () => {
  it('adds people with staff codes 2 then 3, their roles in the matrix order and their mobile normalised', async () => {
    const lab = await newLab();
    const input = staffInput(['accountant', 'counter'], {
      mobile: '۰۹۱۵ ۹۰۰ ۰۰۰۱',
      fullName: '  زهرا کریمی ',
    });
    const res = await post('/Staff/Add', lab.headers, input);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ successful: true, message: STAFF_MSG.added });
    expect(res.json().data).toMatchObject({
      fullName: 'زهرا کریمی',
      mobile: '09159000001',
      userName: input.userName,
      roles: ['counter', 'accountant'],
      staffCode: 2,
      suspended: false,
      isLabAccount: false,
    });
    const second = await addStaff(lab, ['assayer']);
    expect(second.staffCode).toBe(3);
  });

  it('lets the new person sign in with their own user name, acting for the lab as themselves', async () => {
    const lab = await newLab({ fName: 'آزمایشگاه مهر' });
    const person = await addStaff(lab, ['assayer', 'owner']);
    const res = await signIn(person.userName.toUpperCase(), person.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      userUsername: person.userName,
      userId: lab.id,
      role: 'workshop',
      userFname: 'آزمایشگاه مهر',
      person: {
        id: person.id,
        fullName: expect.stringMatching(/^کارمند/),
        staffCode: 2,
        roles: ['owner', 'assayer'],
      },
    });
    const profile = await profileOf(person.headers);
    expect(profile.data).toMatchObject({
      userName: person.userName,
      companyName: 'آزمایشگاه مهر',
      role: 'workshop',
      person: { id: person.id, staffCode: 2, roles: ['owner', 'assayer'] },
    });
    expect(profile.data.fullName).toBe(profile.data.person.fullName);
    // The lab account is the owner, staff code 1.
    expect((await profileOf(lab.headers)).data.person).toEqual({
      id: lab.id,
      fullName: 'مدیر نمونه',
      staffCode: 1,
      roles: ['owner'],
    });
  });
});

describe('POST /Staff/Add: bad input', () => {
  it('refuses each bad field in Persian and saves nothing', async () => {
    const lab = await newLab();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ fullName: undefined }, 'fullName', persian],
      [{ fullName: '   ' }, 'fullName', STAFF_MSG.fullNameRequired],
      [{ mobile: undefined }, 'mobile', STAFF_MSG.mobileRequired],
      [{ mobile: '' }, 'mobile', STAFF_MSG.mobileRequired],
      [{ mobile: '0915123' }, 'mobile', WORKSHOP_MSG.mobileInvalid],
      [{ userName: 'ab' }, 'userName', WORKSHOP_MSG.userNameLength],
      [{ userName: 'bad name!' }, 'userName', WORKSHOP_MSG.userNameChars],
      [{ password: 'short-1', confirmPassword: 'short-1' }, 'password', PASSWORD_MSG.short],
      [{ password: '1234567890', confirmPassword: '1234567890' }, 'password', PASSWORD_MSG.digits],
      [{ password: 'password', confirmPassword: 'password' }, 'password', PASSWORD_MSG.common],
      [{ password: 'abababab', confirmPassword: 'abababab' }, 'password', PASSWORD_MSG.repeated],
      [{ confirmPassword: 'another-secret-1' }, 'confirmPassword', WORKSHOP_MSG.confirmMismatch],
      [{ roles: [] }, 'roles', STAFF_MSG.rolesRequired],
      [{ roles: undefined }, 'roles', STAFF_MSG.rolesRequired],
      [{ roles: ['boss'] }, 'roles.0', STAFF_MSG.rolesInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/Staff/Add', lab.headers, staffInput(['counter'], over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
      const said = typeof message === 'string' ? message : expect.stringMatching(message);
      expect(res.json().errors, JSON.stringify(over)).toEqual([{ field, message: said }]);
    }
    // The password may be neither the user name nor the user name backwards.
    for (const password of ['goldsmith.ali', 'ila.htimsdlog']) {
      const res = await post('/Staff/Add', lab.headers, {
        ...staffInput(['counter'], { userName: 'goldsmith.ali' }),
        password,
        confirmPassword: password,
      });
      expect(res.json().errors).toEqual([{ field: 'password', message: PASSWORD_MSG.userName }]);
    }
    expect(await listOf(lab)).toHaveLength(1);
  });

  it('accepts duplicate roles, kept once each in the matrix order', async () => {
    const lab = await newLab();
    const res = await post('/Staff/Add', lab.headers, staffInput(['assayer', 'counter', 'assayer']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.roles).toEqual(['counter', 'assayer']);
  });

  it('refuses a user name taken anywhere in Ayar, whatever its case, with 409 on userName', async () => {
    const lab = await newLab();
    const other = await newLab({ username: 'Other.Lab' });
    const admin = await createUser(ctx.db, { role: 'admin', username: 'ayar.admin' });
    const mine = await addStaff(lab, ['counter']);
    for (const userName of [mine.userName.toUpperCase(), 'other.lab', 'AYAR.Admin', lab.userName]) {
      const res = await post('/Staff/Add', lab.headers, staffInput(['counter'], { userName }));
      expect(res.statusCode, userName).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: WORKSHOP_MSG.userNameTaken });
      expect(res.json().errors).toEqual([{ field: 'userName', message: WORKSHOP_MSG.userNameTaken }]);
    }
    expect(other.id).not.toBe(admin.id);
    expect(await listOf(lab)).toHaveLength(2);
  });
});

describe('GET /Staff/List', () => {
  it('lists the lab account first (the owner, code 1), then its people by staff code, suspended too', async () => {
    const lab = await newLab();
    const a = await addStaff(lab, ['counter']);
    const b = await addStaff(lab, ['assayer']);
    await post('/Staff/Suspend', lab.headers, { id: a.id, suspended: true });
    const list = await listOf(lab);
    expect(list.map((m) => [m.id, m.staffCode, m.isLabAccount, m.suspended, m.roles])).toEqual([
      [lab.id, 1, true, false, ['owner']],
      [a.id, 2, false, true, ['counter']],
      [b.id, 3, false, false, ['assayer']],
    ]);
    expect(list[0]).toMatchObject({ userName: lab.userName, fullName: 'مدیر نمونه' });
  });
});

const edit = (owner: SignedIn, body: Record<string, unknown>) => post('/Staff/Edit', owner.headers, body);

describe('POST /Staff/Edit', () => {
  it("changes a person's name and mobile without ending their session", async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const res = await edit(lab, {
      id: p.id,
      fullName: 'رضا احمدی',
      mobile: '۰۹۱۵۸۸۸۷۷۶۶',
      roles: ['counter'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: STAFF_MSG.edited,
      data: { id: p.id, fullName: 'رضا احمدی', mobile: '09158887766', roles: ['counter'], staffCode: 2 },
    });
    expect((await profileOf(p.headers)).data.fullName).toBe('رضا احمدی');
  });

  it('changes their roles and ends their sessions: the old token gets 401, a new sign-in has the new roles', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const res = await edit(lab, {
      id: p.id,
      fullName: 'کارمند',
      mobile: p.mobile,
      roles: ['accountant', 'assayer'],
    });
    expect(res.json().data.roles).toEqual(['assayer', 'accountant']);
    const old = await get('/Account/Profile', p.headers);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(MSG.unauthorized);
    const again = await signIn(p.userName, p.password);
    expect(again.json().data.person.roles).toEqual(['assayer', 'accountant']);
  });

  it('resets their password: sessions end, the old password fails, the new one works', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const res = await edit(lab, {
      id: p.id,
      fullName: 'کارمند',
      mobile: p.mobile,
      roles: ['counter'],
      password: 'a-brand-new-secret',
      confirmPassword: 'a-brand-new-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/Account/Profile', p.headers)).statusCode).toBe(401);
    const old = await signIn(p.userName, p.password);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(MSG.badCredentials);
    expect((await signIn(p.userName, 'a-brand-new-secret')).statusCode).toBe(200);
  });
});

describe('POST /Staff/Edit: bad input', () => {
  it('refuses a bad id, a bad reset password and an unknown person', async () => {
    const lab = await newLab();
    const p = await addStaff(lab, ['counter']);
    const body = { id: p.id, fullName: 'کارمند', mobile: p.mobile, roles: ['counter'] };
    const bad = await edit(lab, { ...body, id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'id', message: STAFF_MSG.idInvalid }]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short-1', confirmPassword: 'short-1' }, 'password', PASSWORD_MSG.short],
      [
        { password: 'a-brand-new-secret', confirmPassword: 'x' },
        'confirmPassword',
        WORKSHOP_MSG.confirmMismatch,
      ],
      [{ password: p.userName, confirmPassword: p.userName }, 'password', PASSWORD_MSG.userName],
      [{ roles: [] }, 'roles', STAFF_MSG.rolesRequired],
      [{ mobile: '' }, 'mobile', STAFF_MSG.mobileRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await edit(lab, { ...body, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
    const unknown = await edit(lab, { ...body, id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: STAFF_MSG.notFound });
    // Nothing was changed: their session and password stand.
    expect((await get('/Account/Profile', p.headers)).statusCode).toBe(200);
  });
});

describe('the rules of the lab account and of oneself', () => {
  it("keeps the lab account's roles, state and password out of reach, but lets its name change", async () => {
    const lab = await newLab();
    const body = { id: lab.id, fullName: 'مدیر تازه', mobile: '09150000099', roles: ['owner'] };
    const refusals = [
      await post('/Staff/Edit', lab.headers, { ...body, roles: ['owner', 'counter'] }),
      await post('/Staff/Edit', lab.headers, { ...body, roles: ['counter'] }),
      await post('/Staff/Edit', lab.headers, {
        ...body,
        password: 'a-brand-new-secret',
        confirmPassword: 'a-brand-new-secret',
      }),
      await post('/Staff/Suspend', lab.headers, { id: lab.id, suspended: true }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: STAFF_MSG.ownerAccount });
    }
    expect((await signIn(lab.userName, lab.password)).statusCode).toBe(200);
    const renamed = await post('/Staff/Edit', lab.headers, body);
    expect(renamed.json().data).toMatchObject({
      fullName: 'مدیر تازه',
      roles: ['owner'],
      isLabAccount: true,
    });
    expect((await get('/Account/Profile', lab.headers)).statusCode).toBe(200);
  });

  it('a person with the owner role manages staff, but not their own roles or state', async () => {
    const lab = await newLab();
    const boss = await addStaff(lab, ['owner']);
    const clerk = await addStaff(boss, ['counter']);
    expect(clerk.staffCode).toBe(3);
    const body = { id: boss.id, fullName: 'مدیر دوم', mobile: boss.mobile, roles: ['owner'] };
    for (const res of [
      await post('/Staff/Edit', boss.headers, { ...body, roles: ['owner', 'assayer'] }),
      await post('/Staff/Suspend', boss.headers, { id: boss.id, suspended: true }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: STAFF_MSG.ownSelf });
    }
    expect((await post('/Staff/Edit', boss.headers, body)).statusCode).toBe(200);
    const moved = await post('/Staff/Edit', boss.headers, {
      id: clerk.id,
      fullName: 'x',
      mobile: clerk.mobile,
      roles: ['assayer'],
    });
    expect(moved.json().data.roles).toEqual(['assayer']);
    expect((await post('/Staff/Suspend', boss.headers, { id: clerk.id, suspended: true })).statusCode).toBe(
      200,
    );
    // The lab account can still change the other owner's roles.
    const demoted = await post('/Staff/Edit', lab.headers, { ...body, roles: ['counter'] });
    expect(demoted.json().data.roles).toEqual(['counter']);
  });

  it('never gives a staff code again, even the last one after a suspension', async () => {
    const lab = await newLab();
    await addStaff(lab, ['counter']);
    const last = await addStaff(lab, ['counter']);
    expect((await post('/Staff/Suspend', lab.headers, { id: last.id, suspended: true })).statusCode).toBe(
      200,
    );
    expect((await addStaff(lab, ['counter'])).staffCode).toBe(4);
    expect((await listOf(lab)).map((m) => m.staffCode)).toEqual([1, 2, 3, 4]);
  });
});

describe('at most STAFF_LIMIT people a lab, its own account included', () => {
  it('adds the 99th and the 100th person, refuses the 101st, and a suspension frees no place', async () => {
    const lab = await newLab();
    const passwordHash = await hashPassword('a-long-secret-0');
    // 98 people: the lab account and 97 staff written straight in (codes 2..98).
    await ctx.db
      .insertInto('users')
      .values(
        Array.from({ length: STAFF_LIMIT - 3 }, (_, i) => ({
          username: `bulk${i}.${lab.id.slice(0, 8)}`,
          passwordHash,
          role: 'staff' as const,
          labId: lab.id,
          fullName: `کارمند ${i}`,
          staffRoles: ['counter' as const],
          staffCode: i + 2,
          status: 1,
          workshopCode: null,
        })),
      )
      .execute();
    const ninetyNinth = await post('/Staff/Add', lab.headers, staffInput(['counter']));
    expect(ninetyNinth.statusCode, ninetyNinth.body).toBe(200);
    expect(ninetyNinth.json().data.staffCode).toBe(STAFF_LIMIT - 1);
    const hundredth = await post('/Staff/Add', lab.headers, staffInput(['counter']));
    expect(hundredth.statusCode, hundredth.body).toBe(200);
    expect(hundredth.json().data.staffCode).toBe(STAFF_LIMIT);
    expect(await listOf(lab)).toHaveLength(STAFF_LIMIT);

    const over = await post('/Staff/Add', lab.headers, staffInput(['counter']));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'BUSINESS_RULE', message: STAFF_MSG.limit });
    await post('/Staff/Suspend', lab.headers, { id: hundredth.json().data.id, suspended: true });
    const still = await post('/Staff/Add', lab.headers, staffInput(['counter']));
    expect(still.json().message).toBe(STAFF_MSG.limit);
    expect(await listOf(lab)).toHaveLength(STAFF_LIMIT);
    // Another lab is not affected.
    expect((await post('/Staff/Add', (await newLab()).headers, staffInput(['counter']))).statusCode).toBe(
      200,
    );
  });
});

describe('GET /Manage/Staff', () => {
  it("shows the administrator a lab's people as its owner sees them", async () => {
    const lab = await newLab();
    await addStaff(lab, ['counter']);
    const admin = await newLab({ role: 'admin' });
    const res = await get('/Manage/Staff', admin.headers, { userId: lab.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list as StaffMember[]).toEqual(await listOf(lab));
    const bad = await get('/Manage/Staff', admin.headers, { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['userId']);
  });
});
