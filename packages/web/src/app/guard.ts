import type { Role, StaffRole } from '@ayar/contract';
import { homeFor, mayOpen } from '../lib/roles.ts';
import { allScreens, fillPath, href } from '../lib/screens.ts';
import type { Access } from '../lib/screens.ts';
import { findScreen } from './screens.ts';

export const DASHBOARD_PATH = href('dashboard');
export const ROOT_PATH = href('landing');

export interface GuardInput {
  pathname: string;
  /** The stored token (any non-empty value counts as logged in). */
  token: string | null;
  role: Role | null;
  /** A lab person's roles (ADR 0049); null or absent for the admin, or a lab account of old (the owner). */
  roles?: readonly StaffRole[] | null;
}

/** Said to a lab's person sent home from a screen their roles do not open (ADR 0049). */
export const NOT_YOUR_SCREEN = 'این صفحه برای نقش شما در آزمایشگاه نیست؛ به صفحه کار خودتان برگشتید.';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; notice?: string };

/** The screens with `access` in the table (lib/screens.ts) and no params: the others are matched below. */
function pathsWith(access: Access): Set<string> {
  return new Set(
    allScreens()
      .filter((s) => s.access === access && !s.path.includes(':'))
      .map((s) => fillPath(s.path)),
  );
}

const PUBLIC_PATHS = pathsWith('public');
/** Besides manage/: the screens of both roles (ADR 0025: the admin changes their password too). */
const ADMIN_PATHS = pathsWith('signed-in');

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** `:product` + Embedded (for example /ayarEmbedded): the public lookup page without chrome. */
export function isEmbeddedPath(pathname: string): boolean {
  return /^\/[^/]+Embedded$/.test(normalize(pathname));
}

/** `/r/<token>`: the public result a printed slip's QR code points at. */
export function isPublicResultPath(pathname: string): boolean {
  return /^\/r\/[^/]+$/.test(normalize(pathname));
}

export function isPublicPath(pathname: string): boolean {
  const path = normalize(pathname);
  return path === ROOT_PATH || PUBLIC_PATHS.has(path) || isEmbeddedPath(path) || isPublicResultPath(path);
}

export function isManagePath(pathname: string): boolean {
  const path = normalize(pathname);
  return path === '/manage' || path.startsWith('/manage/');
}

/**
 * The navigation guard of docs/product.md §2.1, as a pure function:
 * - '/' while logged in → the dashboard;
 * - the other public pages (register, about, lab-owners, …Embedded, r/<token>) are open to everyone;
 * - every other path needs a stored token, else → '/';
 * - an admin may open only manage/ pages, the dashboard, profile and logout, else → the dashboard;
 * - a non-admin on a manage/ page → the dashboard;
 * - a lab's person (ADR 0049) starts at their home (`homeFor`), and on a screen their roles do not open is
 *   sent there with a notice (silently from the dashboard: every «home» link and the sign-in lead there).
 */
export function decideNavigation({ pathname, token, role, roles = null }: GuardInput): GuardDecision {
  const path = normalize(pathname);
  const loggedIn = Boolean(token);
  const lab = role === 'admin' ? null : roles;

  if (path === ROOT_PATH) return loggedIn ? { kind: 'redirect', to: homeFor(lab) } : { kind: 'allow' };
  if (isPublicPath(path)) return { kind: 'allow' };
  if (!loggedIn) return { kind: 'redirect', to: ROOT_PATH };

  const manage = isManagePath(path);
  if (role === 'admin') {
    return manage || ADMIN_PATHS.has(path) ? { kind: 'allow' } : { kind: 'redirect', to: DASHBOARD_PATH };
  }
  if (manage) return { kind: 'redirect', to: homeFor(lab) };
  return byRoles(path, lab);
}

/** A lab person's way through the table's `staffRoles` (lib/screens.ts). */
function byRoles(path: string, roles: readonly StaffRole[] | null): GuardDecision {
  const screen = findScreen(path);
  if (!screen || mayOpen(screen.id, roles)) return { kind: 'allow' };
  const to = homeFor(roles);
  return screen.id === 'dashboard'
    ? { kind: 'redirect', to }
    : { kind: 'redirect', to, notice: NOT_YOUR_SCREEN };
}
