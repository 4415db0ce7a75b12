import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, STAFF_LIMIT, STAFF_MSG, WORKSHOP_MSG, type StaffRole } from '@ayar/contract';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { staffKit, type Headers, type SignedIn } from './staff.test-kit.ts';

// Who may call the staff routes and whose people they reach (ADR 0049): the owner role only, the
// administrator only on /Manage/Staff, never another lab's people (404, as for a missing id); and
// many requests at once.

let ctx: TestContext;
const kit = staffKit(() => ctx, { ip: 62, mobile: '0916' });
const { post, get, newLab, staffInput, addStaff, listOf } = kit;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  admin = await newLab({ role: 'admin' });
});
afterAll(() => ctx.close());

/** Every staff route with a body that would otherwise succeed for the lab's owner. */
function staffCalls(target: { id: string; mobile: string }) {
  return [
    (h: Headers) => get('/Staff/List', h),
    (h: Headers) => get('/Staff/Statistics', h),
    (h: Headers) => post('/Staff/Add', h, staffInput(['counter'])),
    (h: Headers) =>
      post('/Staff/Edit', h, { id: target.id, fullName: 'تغییر', mobile: target.mobile, roles: ['owner'] }),
    (h: Headers) => post('/Staff/Suspend', h, { id: target.id, suspended: true }),
  ];
}

describe('who may call the staff routes', () => {
  it('refuses the counter, the assayer and the accountant on every staff route, changing nothing', async () => {
    const lab = await newLab();
    const target = await addStaff(lab, ['counter']);
    const others: StaffRole[] = ['counter', 'assayer', 'accountant'];
    for (const role of others) {
      const person = await addStaff(lab, [role]);
      for (const call of staffCalls(target)) {
        const res = await call(person.headers);
        expect(res.statusCode, `${role} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({
          successful: false,
          code: 'FORBIDDEN',
          message: STAFF_MSG.forbiddenRole,
        });
      }
    }
    // Three roles at once are no better than each: only `owner` opens the door.
    const many = await addStaff(lab, ['counter', 'assayer', 'accountant']);
    expect((await get('/Staff/List', many.headers)).statusCode).toBe(403);
    const list = await listOf(lab);
    expect(list.map((m) => m.staffCode)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list[1]).toMatchObject({ id: target.id, suspended: false, roles: ['counter'] });
  });

  it('refuses the administrator on /Staff/*, a lab on /Manage/Staff, and anyone without a token', async () => {
    const lab = await newLab();
    const target = await addStaff(lab, ['counter']);
    for (const call of staffCalls(target)) {
      const res = await call(admin.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
      expect((await call(undefined)).statusCode).toBe(401);
    }
    for (const path of ['/Manage/Staff', '/Manage/StaffStatistics']) {
      const query = { userId: lab.id };
      expect((await get(path, lab.headers, query)).statusCode).toBe(403);
      expect((await get(path, target.headers, query)).statusCode).toBe(403);
      const anonymous = await get(path, undefined, query);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(MSG.unauthorized);
    }
  });
});

describe("another lab's people", () => {
  it("are not found for lab B's owners (its account or a person with the owner role), and are untouched", async () => {
    const a = await newLab();
    const aPerson = await addStaff(a, ['counter']);
    const b = await newLab();
    const bOwner = await addStaff(b, ['owner']);
    const bPerson = await addStaff(b, ['assayer']);
    for (const owner of [b, bOwner]) {
      for (const target of [aPerson, { id: a.id, mobile: '09160000001' }]) {
        for (const res of [
          await post('/Staff/Edit', owner.headers, {
            id: target.id,
            fullName: 'ربوده',
            mobile: target.mobile,
            roles: ['owner'],
          }),
          await post('/Staff/Edit', owner.headers, {
            id: target.id,
            fullName: 'ربوده',
            mobile: target.mobile,
            roles: ['counter'],
            password: 'a-stolen-secret-1',
            confirmPassword: 'a-stolen-secret-1',
          }),
          await post('/Staff/Suspend', owner.headers, { id: target.id, suspended: true }),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: STAFF_MSG.notFound });
        }
      }
      const ids = (await listOf(owner)).map((m) => m.id);
      expect(ids).toEqual([b.id, bOwner.id, bPerson.id]);
    }
    expect((await listOf(a)).map((m) => [m.id, m.fullName, m.suspended])).toEqual([
      [a.id, 'مدیر نمونه', false],
      [aPerson.id, expect.stringMatching(/^کارمند/), false],
    ]);
    expect((await get('/Account/Profile', aPerson.headers)).statusCode).toBe(200);
    expect((await kit.signIn(aPerson.userName, aPerson.password)).statusCode).toBe(200);
  });

  it('/Manage/Staff answers 404 for a person, the administrator or an unknown id: none is a lab', async () => {
    const lab = await newLab();
    const person = await addStaff(lab, ['counter']);
    for (const userId of [person.id, admin.id, randomUUID()]) {
      const res = await get('/Manage/Staff', admin.headers, { userId });
      expect(res.statusCode, userId).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get('/Manage/Staff', admin.headers, { userId: lab.id })).json().data.list).toHaveLength(2);
  });
});

describe('at once', () => {
  it('of 50 adds at once with distinct user names, all succeed with 50 distinct codes', async () => {
    const lab = await newLab();
    const inputs = Array.from({ length: 50 }, () => staffInput(['counter']));
    const results = await Promise.all(inputs.map((input) => post('/Staff/Add', lab.headers, input)));
    expect(results.map((r) => r.statusCode)).toEqual(inputs.map(() => 200));
    const codes = results.map((r) => r.json().data.staffCode as number).sort((x, y) => x - y);
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
  });

  it('of 50 adds of one user name at once (any case), one succeeds and 49 are told it is taken', async () => {
    const lab = await newLab();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/Staff/Add',
          lab.headers,
          staffInput(['counter'], { userName: i % 2 ? 'Same.Name' : 'same.name' }),
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(refused[0]!.json().errors).toEqual([{ field: 'userName', message: WORKSHOP_MSG.userNameTaken }]);
    expect(await listOf(lab)).toHaveLength(2);
  });

  it('of 50 adds at once into a lab two short of the limit, exactly two succeed', async () => {
    const lab = await newLab();
    const passwordHash = await hashPassword('a-long-secret-0');
    await ctx.db
      .insertInto('users')
      .values(
        Array.from({ length: STAFF_LIMIT - 3 }, (_, i) => ({
          username: `race${i}.${lab.id.slice(0, 8)}`,
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
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/Staff/Add', lab.headers, staffInput(['assayer']))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(48);
    expect(refused[0]!.json().message).toBe(STAFF_MSG.limit);
    expect(await listOf(lab)).toHaveLength(STAFF_LIMIT);
  });
});
