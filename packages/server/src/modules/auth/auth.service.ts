import {
  DEFAULT_USER_SETTINGS,
  MSG,
  PASSWORD_MSG,
  ROLE_IDS,
  WORKSHOP_STATUS,
  fileAddress,
  passwordIsUserName,
  toPersianDigits,
  userSettingsSchema,
  STAFF_MSG,
  type Person,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type Profile,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { addressKey } from '../../lib/client-address.ts';
import { AppError, notFound, rateLimited, unauthorized, validation } from '../../lib/errors.ts';
import { signInFailures, signInLockouts } from '../../lib/metrics.ts';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './auth.repository.ts';

const SESSION_DAYS = 30;
/** «فقط نمایش در لیست» (ADR 0027): the lab is in the public list and has no sign-in. */
const LISTING_ONLY = 'این آزمایشگاه فقط در فهرست آزمایشگاه‌ها نمایش داده می‌شود و ورود به سامانه ندارد';

export type AuthDeps = Pick<AppDeps, 'db' | 'signer' | 'loginLimiter'>;

export interface Client {
  ip: string;
  userAgent: string | null;
}

/** Stored settings merged over the defaults of docs/product.md §3.2, so old rows gain new keys. */
export function effectiveSettings(stored: unknown) {
  const parsed = userSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_USER_SETTINGS;
}

export async function login(deps: AuthDeps, input: LoginRequest, client: Client): Promise<LoginResponse> {
  const key = input.userName.toLowerCase();
  const address = addressKey(client.ip);
  await refuseWhileThrottled(deps, key, address);

  const user = await repo.findUserByUsername(deps.db, input.userName);
  // Unknown user and wrong password take the same time and get the same answer.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await deps.loginLimiter.recordFailure(key, address);
    signInFailures.inc({ method: 'password' });
    throw unauthorized(MSG.badCredentials);
  }
  await deps.loginLimiter.recordSuccess(key, address);
  const signIn = await signInAccount(deps.db, user);
  if ('refusal' in signIn) throw new AppError(403, 'FORBIDDEN', signIn.refusal);
  return issueSession(deps, signIn, client);
}

/** Who signs in and for which lab: the account itself, or a staff member with their lab (ADR 0049). */
export interface SignInAccount {
  person: User;
  /** The account the session acts for: the person, or a staff member's lab. */
  account: User;
}

/**
 * Whether this user may sign in, and for which account: new, suspended and listing-only labs have no
 * sign-in (docs/product.md §5.8, ADR 0044, ADR 0027), nor a suspended staff member or the staff of such a
 * lab (ADR 0049). Shared by both logins.
 */
export async function signInAccount(db: Database, user: User): Promise<SignInAccount | { refusal: string }> {
  let account = user;
  if (user.role === 'staff') {
    const lab = user.labId ? await repo.findUserById(db, user.labId) : undefined;
    if (!lab) return { refusal: MSG.notActivated };
    if (user.status !== WORKSHOP_STATUS.active) return { refusal: STAFF_MSG.staffSuspended };
    account = lab;
  }
  if (account.role === 'workshop') {
    if (account.status === WORKSHOP_STATUS.new) return { refusal: MSG.notActivated };
    // A suspended lab is told so, not that it waits for activation (ADR 0044).
    if (account.status === WORKSHOP_STATUS.suspended) return { refusal: MSG.suspended };
    if (account.isPublicUser) return { refusal: LISTING_ONLY };
  }
  return { person: user, account };
}

/** The person as the login answer and the profile name them (ADR 0049); null for the administrator. */
function personOf(person: User): Person | null {
  if (person.role === 'admin') return null;
  if (person.role === 'workshop') {
    return { id: person.id, fullName: person.fullName, staffCode: 1, roles: ['owner'] };
  }
  return {
    id: person.id,
    fullName: person.fullName,
    staffCode: person.staffCode ?? 0,
    roles: person.staffRoles ?? [],
  };
}

/** A 429 that says how long to wait, when the limiter refuses this account from this address. */
export async function refuseWhileThrottled(deps: AuthDeps, account: string, address: string): Promise<void> {
  const verdict = await deps.loginLimiter.check(account, address);
  if (verdict.allowed) return;
  signInLockouts.inc();
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  const wait =
    seconds < 120 ? `${toPersianDigits(seconds)} ثانیه` : `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه`;
  throw rateLimited(
    `تلاش‌های ناموفق زیادی برای این حساب ثبت شده است؛ لطفاً ${wait} دیگر دوباره تلاش کنید.`,
    seconds,
  );
}

/**
 * A new revocable session and its token, with the user info docs/product.md §3.1 lists; shared by both
 * logins. A staff member's session names them (its `sub`) and acts for their lab (ADR 0049).
 */
export async function issueSession(
  deps: AuthDeps,
  { person, account }: SignInAccount,
  client: Client,
): Promise<LoginResponse> {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600_000);
  const sessionId = await repo.createSession(deps.db, {
    userId: person.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const role = account.role === 'admin' ? 'admin' : 'workshop';
  const token = await deps.signer.sign({ sub: person.id, sid: sessionId, role }, expiresAt);
  const testTypes = await repo.listTestTypes(deps.db);
  return {
    token,
    userUsername: person.username,
    userId: account.id,
    userRoleId: ROLE_IDS[role],
    userFname: role === 'admin' ? account.fullName || 'مدیر سامانه' : account.fName,
    nationalId: account.nationalId,
    userSanapass: JSON.stringify(effectiveSettings(account.settings)),
    role,
    testTypes,
    person: personOf(person),
  };
}

/** Who is signed in: the person's names, and for a lab its flags and alert sound (ADR 0049). */
export async function profile(db: Database, session: { id: string; personId: string }): Promise<Profile> {
  const person = await repo.findUserById(db, session.personId);
  const account = session.id === session.personId ? person : await repo.findUserById(db, session.id);
  if (!person || !account) throw notFound();
  const lab = account.role === 'workshop';
  return {
    fullName: person.fullName,
    companyName: account.fName,
    workspaceId: account.workshopCode,
    userName: person.username,
    role: lab ? 'workshop' : 'admin',
    isLabOwner: lab && account.isLabOwner,
    alertSound: lab && account.audioFileId ? fileAddress(account.audioFileId) : null,
    person: personOf(person),
  };
}

/**
 * Changes the password after checking the current one, then ends every other session of the user, so
 * a stolen session dies with the old password (docs/product.md §7.2, ADR 0004). The session that made the
 * change has just proved the old password and stays (ADR 0025): the person is not thrown out mid-task.
 */
export async function changePassword(
  deps: AuthDeps,
  session: { userId: string; sessionId: string },
  input: ChangePasswordRequest,
  ip: string,
): Promise<{ sessionsEnded: number }> {
  const { userId } = session;
  const key = `password-change:${userId}`;
  const address = addressKey(ip);
  await refuseWhileThrottled(deps, key, address);
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    await deps.loginLimiter.recordFailure(key, address);
    throw validation([{ field: 'oldPassword', message: 'رمز عبور فعلی نادرست است' }]);
  }
  await deps.loginLimiter.recordSuccess(key, address);
  // The one rule the body's schema cannot check: it does not hold the user name (ADR 0043).
  if (passwordIsUserName(input.newPassword, user.username)) {
    throw validation([{ field: 'newPassword', message: PASSWORD_MSG.userName }]);
  }
  await repo.updatePasswordHash(deps.db, userId, await hashPassword(input.newPassword));
  const sessionsEnded = await repo.revokeUserSessions(deps.db, userId, session.sessionId);
  await writeAudit(deps.db, {
    actorId: userId,
    action: 'password.change',
    entity: 'user',
    entityId: userId,
    after: { sessionsEnded },
    ip,
  });
  return { sessionsEnded };
}

/**
 * The session a token names, while it stands (not revoked, not expired): asked on every signed-in
 * request by plugins/auth.ts, which app.ts hands this to (docs/product.md §7.1).
 */
export function activeSession(db: Database, sessionId: string, userId: string) {
  return repo.findActiveSession(db, sessionId, userId);
}

/**
 * Ends every session of a user, and of a lab's people with the lab's (ADR 0049): the administrator
 * suspends a lab, makes it listing-only or sets its password; the owner suspends a person, changes their
 * roles or resets their password. How many sessions ended.
 */
export function revokeUserSessions(db: Database, userId: string): Promise<number> {
  return repo.revokeAccountSessions(db, userId);
}

export async function logout(db: Database, sessionId: string): Promise<void> {
  await repo.revokeSession(db, sessionId);
}

/**
 * On first start, creates the administrator from ADMIN_USERNAME / ADMIN_PASSWORD. Without a password
 * a random one is generated and returned so the caller can print it once; it is never logged.
 */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await repo.adminExists(db, username)) return { created: false };
  const secret = password ?? generatePassword();
  await repo.insertUser(db, {
    username,
    passwordHash: await hashPassword(secret),
    role: 'admin',
    fullName: 'مدیر سامانه',
    status: WORKSHOP_STATUS.active,
    workshopCode: null,
  });
  return password ? { created: true } : { created: true, generatedPassword: secret };
}
