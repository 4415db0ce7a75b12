import { expect } from 'vitest';
import type { StaffMember, StaffRole } from '@ayar/contract';
import { bearer, createUser, login, type NewUser, type TestContext } from '../../../test/helpers.ts';

// Shared by the staff test files and role-matrix.test.ts (ADR 0049): a lab, its people added by the
// owner through the API and signed in, and calls made as each of them.

const API = '/api/v1.0';

/** Whoever signs in: a lab account or one of its people, with a standing session. */
export interface SignedIn {
  id: string;
  userName: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

/** One of a lab's people as the owner added them, signed in. */
export interface StaffPerson extends SignedIn {
  mobile: string;
  staffCode: number;
  roles: StaffRole[];
}

export type Headers = Record<string, string> | undefined;

/**
 * The helpers of one test file, on its app (a getter: test files build it in `beforeAll`). `prefix`
 * keeps the file's user names, mobiles (`0915…` + 7 digits) and addresses (`10.<n>.…`) its own.
 */
export function staffKit(ctx: () => TestContext, prefix: { ip: number; mobile: string }) {
  let people = 0;
  let address = 0;

  /** Each sign-in comes from its own address, so the per-address limits never couple two tests. */
  const nextIp = () => {
    address += 1;
    return `10.${prefix.ip}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
  };
  const post = (path: string, headers: Headers, payload: unknown = {}) =>
    ctx().app.inject({ method: 'POST', url: `${API}${path}`, headers, payload: payload as object });
  const get = (path: string, headers: Headers, query: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url: `${API}${path}`, headers, query });
  /** A raw sign-in, for tests that look at the refusal. */
  const signIn = (userName: string, password: string, from = nextIp()) =>
    ctx().app.inject({
      method: 'POST',
      url: `${API}/Account/login`,
      payload: { userName, password },
      remoteAddress: from,
    });

  /** An active lab account (or `input`'s), signed in. */
  async function newLab(input: NewUser = {}): Promise<SignedIn> {
    const user = await createUser(ctx().db, input);
    const token = await login(ctx().app, user.username, user.password);
    return { id: user.id, userName: user.username, password: user.password, token, headers: bearer(token) };
  }

  /** A valid /Staff/Add body with a fresh user name and mobile; `over` overrides any field. */
  function staffInput(roles: readonly StaffRole[], over: Record<string, unknown> = {}) {
    people += 1;
    const password = `a-long-secret-${people}`;
    return {
      fullName: `کارمند ${people}`,
      mobile: `${prefix.mobile}${String(people).padStart(7, '0')}`,
      userName: `staff${prefix.ip}.${people}`,
      password,
      confirmPassword: password,
      roles: [...roles],
      ...over,
    };
  }

  /** A person the lab's owner (`by`) adds with `roles`, then signs in with their own user name. */
  async function addStaff(
    by: { headers: Record<string, string> },
    roles: readonly StaffRole[],
    over: Record<string, unknown> = {},
  ): Promise<StaffPerson> {
    const input = staffInput(roles, over);
    const res = await post('/Staff/Add', by.headers, input);
    expect(res.statusCode, res.body).toBe(200);
    const member = res.json().data as StaffMember;
    const token = await login(ctx().app, input.userName, input.password);
    return {
      id: member.id,
      userName: input.userName,
      password: input.password,
      mobile: member.mobile!,
      staffCode: member.staffCode,
      roles: member.roles,
      token,
      headers: bearer(token),
    };
  }

  /** The lab's people as its owner's list shows them. */
  async function listOf(owner: { headers: Record<string, string> }): Promise<StaffMember[]> {
    const res = await get('/Staff/List', owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list as StaffMember[];
  }

  return { nextIp, post, get, signIn, newLab, staffInput, addStaff, listOf };
}
