import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_USER_SETTINGS,
  MSG,
  OTP,
  ROLE_IDS,
  WORKSHOP_STATUS,
  fileAddress,
  normalizeMobile,
  toPersianDigits,
  userSettingsSchema,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type OtpRequest,
  type OtpRequestResponse,
  type OtpVerify,
  type Profile,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { addressKey } from '../../lib/client-address.ts';
import { AppError, notFound, rateLimited, unauthorized, validation } from '../../lib/errors.ts';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { enqueueOtp } from '../../sms/outbox.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './auth.repository.ts';

const SESSION_DAYS = 30;
/** «فقط نمایش در لیست» (ADR 0027): the lab is in the public list and has no sign-in. */
const LISTING_ONLY = 'این آزمایشگاه فقط در فهرست آزمایشگاه‌ها نمایش داده می‌شود و ورود به سامانه ندارد';

export type AuthDeps = Pick<AppDeps, 'db' | 'signer' | 'loginLimiter'>;

interface Client {
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
  if (user.role === 'workshop' && user.isPublicUser) throw new AppError(403, 'FORBIDDEN', LISTING_ONLY);
  return issueSession(deps, user, client);
}

/** A 429 that says how long to wait, when the limiter refuses this account from this address. */
async function refuseWhileThrottled(deps: AuthDeps, account: string, address: string): Promise<void> {
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
async function issueSession(deps: AuthDeps, user: User, client: Client): Promise<LoginResponse> {
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

const OTP_SENT = 'اگر حسابی با این مشخصات وجود داشته باشد، کد ورود به شماره همراه ثبت‌شده آن پیامک شد.';
const OTP_INVALID = 'کد ورود نادرست یا منقضی شده است';
const OTP_EXHAUSTED = 'تعداد تلاش‌های نادرست بیش از حد مجاز بود؛ کد جدیدی درخواست کنید';

/** The account a one-time-code request means, if exactly one can receive a code. */
async function otpAccount(db: Database, identifier: string) {
  const users = await repo.findUsersByLoginOrMobile(db, identifier, normalizeMobile(identifier));
  const user = users.length === 1 ? users[0] : undefined;
  if (!user?.cellPhone) return undefined;
  if (user.role === 'workshop' && user.status === WORKSHOP_STATUS.new) return undefined;
  // A listing-only lab has no sign-in (ADR 0027): no code is sent, and the answer is the same.
  if (user.role === 'workshop' && user.isPublicUser) return undefined;
  return user;
}

/**
 * One-time-code login, step 1 (docs/product.md §7.2): a 6-digit code from crypto.randomInt, stored as a keyed
 * digest, valid 5 minutes, at most one every 60 seconds. The answer is the same whether or not the
 * account exists, can receive SMS, or was just sent a code.
 */
export async function requestOtp(deps: AuthDeps, input: OtpRequest): Promise<OtpRequestResponse> {
  const answer = { resendAfterSeconds: OTP.resendSeconds, expiresInSeconds: OTP.ttlSeconds };
  const user = await otpAccount(deps.db, input.userName);
  if (!user) return answer;
  const latest = await repo.latestOtp(deps.db, user.id);
  if (latest && Date.now() - latest.createdAt.getTime() < OTP.resendSeconds * 1000) return answer;

  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertOtp(trx, {
      userId: user.id,
      codeHash: deps.signer.digest(code),
      expiresAt: new Date(Date.now() + OTP.ttlSeconds * 1000),
    });
    await enqueueOtp(trx, {
      to: user.cellPhone!,
      code,
      validMinutes: toPersianDigits(OTP.ttlSeconds / 60),
      workshopId: user.role === 'workshop' ? user.id : null,
    });
  });
  return answer;
}

export function otpSentMessage(): string {
  return OTP_SENT;
}

/** Step 2: single use, five wrong tries kill the code, then a session exactly as a password login. */
export async function verifyOtp(deps: AuthDeps, input: OtpVerify, client: Client): Promise<LoginResponse> {
  const account = await otpAccount(deps.db, input.userName);
  const otp = account ? await repo.latestOtp(deps.db, account.id) : undefined;
  if (!account || !otp || otp.usedAt || otp.expiresAt.getTime() <= Date.now())
    throw unauthorized(OTP_INVALID);
  if (otp.attempts >= OTP.maxAttempts) throw unauthorized(OTP_EXHAUSTED);

  const expected = Buffer.from(otp.codeHash);
  const actual = Buffer.from(deps.signer.digest(input.password));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const attempts = await repo.countOtpFailure(deps.db, otp.id, OTP.maxAttempts);
    throw unauthorized(attempts === undefined || attempts >= OTP.maxAttempts ? OTP_EXHAUSTED : OTP_INVALID);
  }
  if (!(await repo.consumeOtp(deps.db, otp.id, OTP.maxAttempts))) throw unauthorized(OTP_INVALID);
  const user = await repo.findUserById(deps.db, account.id);
  if (!user) throw unauthorized(OTP_INVALID);
  return issueSession(deps, user, client);
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
