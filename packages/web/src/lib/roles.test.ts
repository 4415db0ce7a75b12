import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '@ayar/contract';
import { STORAGE_KEYS, getAuthSnapshot } from './auth.ts';
import { can, homeFor, mayOpen, roleNames, sessionRoles } from './roles.ts';
import { signInAs, signInAsStaff } from '../test/session.ts';

// ADR 0049: the stored session knows the person signed in and their roles.

describe('the session’s person', () => {
  it('keeps the person of the login answer', () => {
    signInAsStaff(['counter', 'accountant']);
    expect(getAuthSnapshot().user?.person).toEqual({
      id: 's1',
      fullName: 'زهرا کریمی',
      staffCode: 2,
      roles: ['counter', 'accountant'],
    });
    expect(sessionRoles()).toEqual(['counter', 'accountant']);
  });

  it('reads a lab session stored before staff accounts as the lab’s owner, never signing it out', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer old');
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({
        userUsername: 'lab1',
        userId: 'w9',
        userRoleId: 2,
        userFname: 'آزمایشگاه نور',
        role: 'workshop',
      }),
    );
    const { token, user } = getAuthSnapshot();
    expect(token).toBe('bearer old');
    expect(user?.person).toEqual({ id: 'w9', fullName: 'آزمایشگاه نور', staffCode: 1, roles: ['owner'] });
    expect(sessionRoles()).toEqual(['owner']);
    expect(can(ROUTE_PATHS.staff.list.roles)).toBe(true);
  });

  it('gives the administrator no lab roles: `can` is false for every lab route', () => {
    signInAs('admin');
    expect(getAuthSnapshot().user?.person).toBeNull();
    expect(sessionRoles()).toBeNull();
    expect(can(ROUTE_PATHS.tests.allTests.roles)).toBe(false);
  });
});

describe('what a role may', () => {
  it('follows the route’s roles', () => {
    signInAsStaff(['counter']);
    expect(can(ROUTE_PATHS.tests.addTest.roles)).toBe(true);
    expect(can(ROUTE_PATHS.tests.addCutting.roles)).toBe(false);
    expect(can(ROUTE_PATHS.tests.getStatistics.roles)).toBe(false);
    expect(mayOpen('lab/add', ['counter'])).toBe(true);
    expect(mayOpen('staff', ['counter'])).toBe(false);
    expect(mayOpen('staff', null)).toBe(true);
  });

  it('sends each home and names the roles in Persian', () => {
    expect(homeFor(['accountant'])).toBe('/dashboard');
    expect(homeFor(['counter'])).toBe('/lab/add');
    expect(homeFor(['assayer'])).toBe('/lab/list/true');
    expect(homeFor(null)).toBe('/dashboard');
    expect(roleNames(['counter', 'accountant'])).toBe('پذیرش، حسابدار');
  });
});
