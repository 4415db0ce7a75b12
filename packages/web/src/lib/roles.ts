import { STAFF_ROLE_NAMES, hasRole } from '@ayar/contract';
import type { Person, StaffRole } from '@ayar/contract';
import { getAuthSnapshot, useAuth } from './auth.ts';
import type { StoredUser } from './auth.ts';
import { SCREENS, href } from './screens.ts';
import type { ScreenDef, ScreenId } from './screens.ts';

// A lab's people (ADR 0049): the roles of whoever is signed in decide which screens they see and what
// the shell runs for them in the background. The server refuses the rest with 403; the app does not
// offer it in the first place.

/** The roles of a lab's person; null for the administrator or nobody (not a lab person). */
export function rolesOf(user: StoredUser | null): readonly StaffRole[] | null {
  if (!user || user.role !== 'workshop') return null;
  return user.person?.roles ?? ['owner'];
}

/** The roles of the stored session (outside React). */
export function sessionRoles(): readonly StaffRole[] | null {
  return rolesOf(getAuthSnapshot().user);
}

/** The roles of the stored session, re-rendering when the login changes. */
export function useRoles(): readonly StaffRole[] | null {
  return rolesOf(useAuth().user);
}

/**
 * Whether the lab's person may do what one of `allowed` may (the route's `roles`, ADR 0049). The
 * administrator is no lab person: false.
 */
export function can(
  allowed: readonly StaffRole[],
  roles: readonly StaffRole[] | null = sessionRoles(),
): boolean {
  return roles !== null && hasRole(roles, allowed);
}

/** `can` for the signed-in session, re-rendering when the login changes. */
export function useCan(allowed: readonly StaffRole[]): boolean {
  return can(allowed, useRoles());
}

/** Whether a lab person with these roles may open a screen (its `staffRoles`; none means anyone). */
export function mayOpen(id: ScreenId, roles: readonly StaffRole[] | null): boolean {
  const { staffRoles } = SCREENS[id] as ScreenDef;
  if (roles === null || !staffRoles) return true;
  return hasRole(roles, staffRoles);
}

/**
 * Where a lab's person starts (ADR 0049): the owner and the accountant the dashboard (its statistics
 * are theirs), the counter registering, the assayer the waiting list. Anyone else the dashboard.
 */
export function homeFor(roles: readonly StaffRole[] | null): string {
  if (roles === null || mayOpen('dashboard', roles)) return href('dashboard');
  if (mayOpen('lab/add', roles)) return href('lab/add');
  return href('lab/list/search', { search: 'true' });
}

/** The roles' Persian names, joined: «پذیرش، حسابدار». */
export function roleNames(roles: readonly StaffRole[]): string {
  return roles.map((role) => STAFF_ROLE_NAMES[role]).join('، ');
}

/** A lab's person as the header and the menu name them: «زهرا کریمی · پذیرش» (ADR 0049). */
export function personLabel(person: Person): string {
  return [person.fullName, roleNames(person.roles)].filter(Boolean).join(' · ');
}
