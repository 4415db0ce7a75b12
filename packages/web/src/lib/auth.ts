import { useSyncExternalStore } from 'react';
import { DEFAULT_USER_SETTINGS, STAFF_ROLES, readUserSettings } from '@ayar/contract';
import type { LoginResponse, Person, Role, StaffRole, TestType, UserSettings } from '@ayar/contract';

/**
 * The stored login (docs/product.md §3.1): the token as «bearer <token>», the user info and the user
 * settings, each under its own fixed localStorage key.
 */
export const STORAGE_KEYS = {
  token: 'ayar.token',
  user: 'ayar.user',
  settings: 'ayar.settings',
} as const;

export interface StoredUser {
  userUsername: string;
  userId: string;
  userRoleId: number;
  userFname: string;
  nationalId: string | null;
  role: Role;
  testTypes: TestType[];
  /** Who of the lab is signed in (ADR 0049); null for the administrator. */
  person: Person | null;
}

export interface AuthSnapshot {
  token: string | null;
  user: StoredUser | null;
}

const listeners = new Set<() => void>();
let snapshot: AuthSnapshot = { token: null, user: null };
let snapshotRaw: readonly [string | null, string | null] = [null, null];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The stored person of a lab's session. A session stored before ADR 0049 has none: it was the lab's own
 * account, which is its owner (staff code 1), so it carries on as the owner and nobody is signed out.
 */
function parsePerson(value: Partial<StoredUser>, role: Role, userId: string): Person | null {
  if (role === 'admin') return null;
  const person = value.person as Partial<Person> | null | undefined;
  const roles = Array.isArray(person?.roles)
    ? STAFF_ROLES.filter((r: StaffRole) => (person.roles as unknown[]).includes(r))
    : [];
  if (!person || typeof person !== 'object' || typeof person.id !== 'string' || roles.length === 0) {
    return { id: userId, fullName: String(value.userFname ?? ''), staffCode: 1, roles: ['owner'] };
  }
  return {
    id: person.id,
    fullName: String(person.fullName ?? ''),
    staffCode: Number(person.staffCode ?? 1),
    roles,
  };
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value !== 'object' || typeof value.userId !== 'string') return null;
    const role: Role = value.role === 'admin' ? 'admin' : 'workshop';
    return {
      userUsername: String(value.userUsername ?? ''),
      userId: value.userId,
      userRoleId: Number(value.userRoleId ?? 0),
      userFname: String(value.userFname ?? ''),
      nationalId: value.nationalId ?? null,
      role,
      testTypes: Array.isArray(value.testTypes) ? value.testTypes : [],
      person: parsePerson(value, role, value.userId),
    };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The stored login; the same object while the stored strings are unchanged (for useSyncExternalStore). */
export function getAuthSnapshot(): AuthSnapshot {
  const token = read(STORAGE_KEYS.token);
  const rawUser = read(STORAGE_KEYS.user);
  if (token !== snapshotRaw[0] || rawUser !== snapshotRaw[1]) {
    snapshotRaw = [token, rawUser];
    snapshot = { token: token || null, user: parseUser(rawUser) };
  }
  return snapshot;
}

/** The stored Authorization header value («bearer <token>»), or null when logged out. */
export function getAuthHeader(): string | null {
  return getAuthSnapshot().token;
}

export function isLoggedIn(): boolean {
  return getAuthSnapshot().token !== null;
}

/** Parses `userSanapass` (a JSON string of settings); anything missing or broken falls back to the defaults. */
export function parseUserSettings(raw: string | null | undefined): UserSettings {
  if (!raw) return { ...DEFAULT_USER_SETTINGS };
  try {
    return readUserSettings(JSON.parse(raw));
  } catch {
    return { ...DEFAULT_USER_SETTINGS };
  }
}

export function getUserSettings(): UserSettings {
  return parseUserSettings(read(STORAGE_KEYS.settings));
}

export function saveUserSettings(settings: UserSettings): void {
  localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
  emit();
}

/** Stores a successful login (docs/product.md §4.1): token as a bearer value, user info, settings. */
export function saveLogin(data: LoginResponse): void {
  const user: StoredUser = {
    userUsername: data.userUsername,
    userId: data.userId,
    userRoleId: data.userRoleId,
    userFname: data.userFname,
    nationalId: data.nationalId,
    role: data.role,
    testTypes: data.testTypes,
    person: data.role === 'admin' ? null : (data.person ?? null),
  };
  localStorage.setItem(STORAGE_KEYS.token, `bearer ${data.token}`);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(parseUserSettings(data.userSanapass)));
  emit();
}

/** Removes the token, user info and settings (logout and any 401). */
export function clearLogin(): void {
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  } finally {
    emit();
  }
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) emit();
  });
}

/** The stored login, re-rendering when it changes. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
}
