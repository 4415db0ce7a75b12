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
    throw unauthorized(MSG.badCredentials);
  }
  await deps.loginLimiter.recordSuccess(key, address);
  if (user.role === 'workshop' && user.status === WORKSHOP_STATUS.new) {
    throw new AppError(403, 'FORBIDDEN', MSG.notActivated);
  }
  // A suspended lab is told so, not that it waits for activation (ADR 0044).
  if (user.role === 'workshop' && user.status === WORKSHOP_STATUS.suspended) {
    throw new AppError(403, 'FORBIDDEN', MSG.suspended);
  }
  if (user.role === 'workshop' && user.isPublicUser) throw new AppError(403, 'FORBIDDEN', LISTING_ONLY);
  return issueSession(deps, user, client);
}

/** A 429 that says how long to wait, when the limiter refuses this account from this address. */
export async function refuseWhileThrottled(deps: AuthDeps, account: string, address: string): Promise<void> {
  const verdict = await deps.loginLimiter.check(account, address);
  if (verdict.allowed) return;
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
 * logins.
 */
export async function issueSession(deps: AuthDeps, user: User, client: Client): Promise<LoginResponse> {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600_000);
  const sessionId = await repo.createSession(deps.db, {
    userId: user.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const token = await deps.signer.sign({ sub: user.id, sid: sessionId, role: user.role }, expiresAt);
  const testTypes = await repo.listTestTypes(deps.db);
  return {
    token,
    userUsername: user.username,
    userId: user.id,
    userRoleId: ROLE_IDS[user.role],
    userFname: user.role === 'admin' ? user.fullName || 'مدیر سامانه' : user.fName,
    nationalId: user.nationalId,
    userSanapass: JSON.stringify(effectiveSettings(user.settings)),
    role: user.role,
    testTypes,
  };
}

export async function profile(db: Database, userId: string): Promise<Profile> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound();
  return {
    fullName: user.fullName,
    companyName: user.fName,
    workspaceId: user.workshopCode,
    userName: user.username,
    role: user.role,
    isLabOwner: user.role === 'workshop' && user.isLabOwner,
    alertSound: user.role === 'workshop' && user.audioFileId ? fileAddress(user.audioFileId) : null,
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

/** Ends every session of a user (the admin sends a lab back to new, or sets its password); how many. */
/**
 * The session a token names, while it stands (not revoked, not expired): asked on every signed-in
 * request by plugins/auth.ts, which app.ts hands this to (docs/product.md §7.1).
 */
export function activeSession(db: Database, sessionId: string, userId: string) {
  return repo.findActiveSession(db, sessionId, userId);
}

export function revokeUserSessions(db: Database, userId: string): Promise<number> {
  return repo.revokeUserSessions(db, userId);
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
