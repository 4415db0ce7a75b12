import { DEFAULT_USER_SETTINGS, TEST_TYPES } from '@ayar/contract';
import type { LoginResponse, Role, StaffRole, UserSettings } from '@ayar/contract';
import { saveLogin } from '../lib/auth.ts';

/** Who the tests sign in as: a workshop (a lab) or the network's administrator. */
const USERS: Record<Role, Omit<LoginResponse, 'token' | 'userSanapass'>> = {
  workshop: {
    userUsername: 'lab1',
    userId: 'w1',
    userRoleId: 2,
    userFname: 'آزمایشگاه',
    nationalId: null,
    role: 'workshop',
    testTypes: TEST_TYPES.map((t) => ({ ...t })),
    // The lab's own account: its owner (ADR 0049).
    person: { id: 'w1', fullName: 'مدیر آزمایشگاه', staffCode: 1, roles: ['owner'] },
  },
  admin: {
    userUsername: 'admin',
    userId: 'a1',
    userRoleId: 1,
    userFname: 'مدیر',
    nationalId: null,
    role: 'admin',
    testTypes: [],
    person: null,
  },
};

/**
 * Stores a login as the app does after sign-in (token, user, settings), so a rendered screen finds
 * itself signed in. `settings` are merged over the defaults; anything of the login may be overridden.
 */
export function signInAs(
  role: Role,
  {
    settings,
    ...over
  }: { settings?: Partial<UserSettings> } & Partial<Omit<LoginResponse, 'userSanapass'>> = {},
): void {
  saveLogin({
    token: 't',
    ...USERS[role],
    ...over,
    userSanapass: JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...settings }),
  });
}

/** Signs in as one of a lab's staff (ADR 0049): the lab's session, in a person's name with these roles. */
export function signInAsStaff(
  roles: StaffRole[],
  over: { settings?: Partial<UserSettings> } & Partial<Omit<LoginResponse, 'userSanapass'>> = {},
): void {
  signInAs('workshop', {
    userUsername: 'zahra.k',
    person: { id: 's1', fullName: 'زهرا کریمی', staffCode: 2, roles },
    ...over,
  });
}
