import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ROUTES, STAFF_MSG, STAFF_ROLES, type RoutePath, type StaffRole } from '@ayar/contract';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { staffKit, type SignedIn } from './modules/staff/staff.test-kit.ts';

// The role matrix of ADR 0049, generated from `ROUTES`: every route a lab's people may reach
// (`workshop` and `any-user`), called by a person holding only one role and by the lab account. A
// role the route does not name gets 403 with `STAFF_MSG.forbiddenRole`; a role it names never does
// (its answer may be 400 or 404 for the plausible empty request sent here). Nothing is skipped: the
// number of calls is checked against the number of routes.

/** Requests in flight at once: enough to keep the test database's five connections busy. */
const IN_FLIGHT = 8;

const LAB_ROUTES: RoutePath[] = Object.values(ROUTES)
  .flatMap((group) => Object.values(group) as RoutePath[])
  .filter((route) => route.audience === 'workshop' || route.audience === 'any-user');

/** Signing out ends the session the other calls use, so those routes go last. */
const SIGN_OUT = new Set<RoutePath>(LAB_ROUTES.filter((r) => r.path === ROUTES.account.logout.path));

interface Call {
  route: RoutePath;
  caller: StaffRole | 'lab account';
  res: LightMyRequestResponse;
}

let ctx: TestContext;
const kit = staffKit(() => ctx, { ip: 65, mobile: '0919' });
let lab: SignedIn;
const people = new Map<StaffRole, SignedIn>();

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000 });
  lab = await kit.newLab();
  for (const role of STAFF_ROLES) people.set(role, await kit.addStaff(lab, [role]));
});
afterAll(() => ctx.close());

/** The route with an empty body (POST) or none (GET), path parameters as fresh uuids. */
function callAs(route: RoutePath, caller: Call['caller'], who: SignedIn): () => Promise<Call> {
  const url = API_PREFIX + route.path.replace(/:\w+/g, () => randomUUID());
  return async () => {
    const res = await ctx.app.inject({
      method: route.method,
      url,
      headers: who.headers,
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });
    return { route, caller, res };
  };
}

/** Runs the calls `size` at a time, in order of start, and answers them in the order given. */
async function inPool<T>(jobs: (() => Promise<T>)[], size: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
  return results;
}

/** Every lab route for every caller, the sign-out routes after all the others. */
async function callEveryRoute(callers: [Call['caller'], SignedIn][]): Promise<Call[]> {
  const jobs = (routes: RoutePath[]) =>
    routes.flatMap((route) => callers.map(([caller, who]) => callAs(route, caller, who)));
  const first = await inPool(jobs(LAB_ROUTES.filter((r) => !SIGN_OUT.has(r))), IN_FLIGHT);
  const last = await inPool(jobs([...SIGN_OUT]), IN_FLIGHT);
  return [...first, ...last];
}

const label = (c: Call) => `${c.caller} ${c.route.method} ${c.route.path}: ${c.res.statusCode} ${c.res.body}`;
const refusedForRole = (c: Call) =>
  c.res.statusCode === 403 && (c.res.json() as { message?: string }).message === STAFF_MSG.forbiddenRole;

describe('the role matrix on every lab route', () => {
  it('refuses exactly the roles a route does not name, and the lab account never', async () => {
    const callers: [Call['caller'], SignedIn][] = [
      ...STAFF_ROLES.map((role) => [role, people.get(role)!] as [StaffRole, SignedIn]),
      ['lab account', lab],
    ];
    const calls = await callEveryRoute(callers);
    const staffCalls = calls.filter((c) => c.caller !== 'lab account');
    expect(LAB_ROUTES.length).toBeGreaterThan(0);
    expect(staffCalls).toHaveLength(LAB_ROUTES.length * STAFF_ROLES.length);
    expect(calls).toHaveLength(LAB_ROUTES.length * (STAFF_ROLES.length + 1));

    for (const call of calls) {
      // Every session stood throughout, and nothing failed on the server's side.
      expect(call.res.statusCode, label(call)).not.toBe(401);
      expect(call.res.statusCode, label(call)).toBeLessThan(500);
      const allowed = call.caller === 'lab account' || (call.route.roles ?? []).includes(call.caller);
      expect(refusedForRole(call), label(call)).toBe(!allowed);
      if (!allowed)
        expect(call.res.json(), label(call)).toMatchObject({ successful: false, code: 'FORBIDDEN' });
    }

    // The matrix has teeth: each role but the owner is refused somewhere and let through somewhere.
    for (const role of STAFF_ROLES) {
      const mine = staffCalls.filter((c) => c.caller === role);
      const refused = mine.filter(refusedForRole).length;
      expect(refused, role).toBe(LAB_ROUTES.filter((r) => !(r.roles ?? []).includes(role)).length);
      expect(mine.length - refused, role).toBeGreaterThan(0);
      if (role !== 'owner') expect(refused, role).toBeGreaterThan(0);
    }
  });
});
