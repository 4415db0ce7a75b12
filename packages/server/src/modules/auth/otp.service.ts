import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP,
  normalizeMobile,
  toPersianDigits,
  type LoginResponse,
  type OtpRequest,
  type OtpRequestResponse,
  type OtpVerify,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { addressKey } from '../../lib/client-address.ts';
import { unauthorized } from '../../lib/errors.ts';
import { signInFailures } from '../../lib/metrics.ts';
import { enqueueOtp } from '../../sms/outbox.ts';
import {
  issueSession,
  refuseWhileThrottled,
  signInAccount,
  type AuthDeps,
  type Client,
} from './auth.service.ts';
import * as repo from './auth.repository.ts';

const OTP_SENT = 'اگر حسابی با این مشخصات وجود داشته باشد، کد ورود به شماره همراه ثبت‌شده آن پیامک شد.';
const OTP_INVALID = 'کد ورود نادرست یا منقضی شده است';
const OTP_EXHAUSTED = 'تعداد تلاش‌های نادرست بیش از حد مجاز بود؛ کد جدیدی درخواست کنید';

/** The one answer to every code request, whoever is asked for and whatever is sent. */
const ANSWER: OtpRequestResponse = {
  resendAfterSeconds: OTP.resendSeconds,
  expiresInSeconds: OTP.ttlSeconds,
};

/**
 * Deliveries answered but still at work. The route's per-address limit (10 a minute) bounds how many
 * a client can start; this bounds the process's share whatever the number of clients.
 */
const deliveries = new Set<Promise<void>>();
const MAX_DELIVERIES = 500;

/** The account a one-time-code request means, if exactly one can receive a code and may sign in. */
async function otpAccount(db: Database, identifier: string) {
  const users = await repo.findUsersByLoginOrMobile(db, identifier, normalizeMobile(identifier));
  const user = users.length === 1 ? users[0] : undefined;
  if (!user?.cellPhone) return undefined;
  // No code for whom a password would not let in either: a new, suspended or listing-only lab, a
  // suspended staff member or the staff of such a lab (docs/product.md §5.8, ADR 0044, ADR 0027, ADR 0049).
  const full = await repo.findUserById(db, user.id);
  if (!full || 'refusal' in (await signInAccount(db, full))) return undefined;
  return user;
}

/**
 * One-time-code login, step 1 (docs/product.md §7.2, ADR 0043): answers at once, the same bytes for
 * every request, and only then looks the account up and queues its code. Nothing the answer waits for
 * depends on the account, so neither its words nor its timing say whether the account exists, can
 * receive SMS, was just sent a code or is over its caps.
 */
export function requestOtp(
  deps: AuthDeps,
  input: OtpRequest,
  onError: (err: unknown) => void,
): OtpRequestResponse {
  if (deliveries.size >= MAX_DELIVERIES) {
    onError(new Error('too many one-time codes at work; this request sent nothing'));
    return ANSWER;
  }
  const delivery = deliverOtp(deps, input)
    .catch(onError)
    .finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
  return ANSWER;
}

export function otpSentMessage(): string {
  return OTP_SENT;
}

/** Resolves once every code already answered for has been queued or refused (tests, app close). */
export async function otpDeliveriesSettled(): Promise<void> {
  while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
}

/**
 * A 6-digit code from crypto.randomInt, stored as a keyed digest, living OTP.ttlSeconds, at most one
 * every OTP.resendSeconds and OTP.perHour / OTP.perDay per account. The counts are the database's
 * rows, under the account's row lock, so they hold across processes and concurrent requests.
 */
async function deliverOtp(deps: AuthDeps, input: OtpRequest): Promise<void> {
  const user = await otpAccount(deps.db, input.userName);
  if (!user) return;
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, user.id);
    const sent = await repo.otpCounts(trx, user.id, OTP.resendSeconds);
    if (sent.recent || sent.lastHour >= OTP.perHour || sent.lastDay >= OTP.perDay) return;
    await repo.insertOtp(trx, {
      userId: user.id,
      codeHash: deps.signer.digest(code),
      ttlSeconds: OTP.ttlSeconds,
    });
    await enqueueOtp(trx, {
      to: user.cellPhone!,
      code,
      validMinutes: toPersianDigits(OTP.ttlSeconds / 60),
      workshopId: user.role === 'workshop' ? user.id : user.labId,
    });
  });
}

/** Whether the code typed is the one whose keyed digest is stored, in constant time. */
function sameCode(deps: AuthDeps, codeHash: string, typed: string): boolean {
  const expected = Buffer.from(codeHash);
  const actual = Buffer.from(deps.signer.digest(typed));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Step 2: single use, five wrong tries kill the code, then a session exactly as a password login. A
 * wrong code (or one typed where no code is alive) counts toward the account's sign-in limits through
 * the limiter passwords use (ADR 0023, 0043), keyed by the account's user name, so wrong codes and wrong
 * passwords add up. The right code arriving late or twice (a double tap, a race) is refused but not
 * counted: it is no guess.
 */
export async function verifyOtp(deps: AuthDeps, input: OtpVerify, client: Client): Promise<LoginResponse> {
  const address = addressKey(client.ip);
  const account = await otpAccount(deps.db, input.userName);
  const key = (account?.username ?? input.userName).toLowerCase();
  await refuseWhileThrottled(deps, key, address);
  const refuse = async (message: string) => {
    await deps.loginLimiter.recordFailure(key, address);
    signInFailures.inc({ method: 'otp' });
    return unauthorized(message);
  };

  const otp = account ? await repo.latestOtp(deps.db, account.id) : undefined;
  const right = otp !== undefined && sameCode(deps, otp.codeHash, input.password);
  if (!account || !otp || otp.usedAt || !otp.live) {
    throw right ? unauthorized(OTP_INVALID) : await refuse(OTP_INVALID);
  }
  if (otp.attempts >= OTP.maxAttempts)
    throw right ? unauthorized(OTP_EXHAUSTED) : await refuse(OTP_EXHAUSTED);
  if (!right) {
    const attempts = await repo.countOtpFailure(deps.db, otp.id, OTP.maxAttempts);
    throw await refuse(attempts === undefined || attempts >= OTP.maxAttempts ? OTP_EXHAUSTED : OTP_INVALID);
  }
  if (!(await repo.consumeOtp(deps.db, otp.id, OTP.maxAttempts))) throw unauthorized(OTP_INVALID);
  const user = await repo.findUserById(deps.db, account.id);
  const signIn = user ? await signInAccount(deps.db, user) : undefined;
  if (!signIn || 'refusal' in signIn) throw unauthorized(OTP_INVALID);
  await deps.loginLimiter.recordSuccess(key, address);
  return issueSession(deps, signIn, client);
}
