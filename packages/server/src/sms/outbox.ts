import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface OutgoingMessage {
  to: string;
  kind: 'sms' | 'call';
  text: string;
  workshopId?: string | null;
  assayId?: string | null;
  purpose?: 'notify' | 'otp';
  /** Due this many seconds from now rather than at once (a follow-up goes after what it follows). */
  delaySeconds?: number;
}

/**
 * Queues an SMS or a call: a row in `messages`, written in the caller's transaction, so the message
 * exists exactly when the change that caused it does. The worker (sms/worker.ts) sends it later.
 */
export async function enqueueMessage(db: Kysely<DB>, message: OutgoingMessage): Promise<string> {
  const row = await db
    .insertInto('messages')
    .values({
      toNumber: message.to,
      kind: message.kind,
      text: message.text,
      workshopId: message.workshopId ?? null,
      assayId: message.assayId ?? null,
      purpose: message.purpose ?? 'notify',
      ...(message.delaySeconds
        ? { nextAttemptAt: sql<Date>`now() + make_interval(secs => ${message.delaySeconds})` }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const OTP_TEXT_PREFIX = 'کد ورود شما به عیار: ';

/** The text of a one-time-code SMS: the code on the first line, then how long it lives. */
export function otpMessageText(code: string, validMinutes: string): string {
  return `${OTP_TEXT_PREFIX}${code}\nاین کد تا ${validMinutes} دقیقه معتبر است.`;
}

/** The code in a text written by `otpMessageText`, or null for any other text. */
export function otpCodeOf(text: string): string | null {
  if (!text.startsWith(OTP_TEXT_PREFIX)) return null;
  const match = /^(\d{4,10})(?:\n|$)/.exec(text.slice(OTP_TEXT_PREFIX.length));
  return match ? match[1]! : null;
}

/** A one-time code's text as admins see it: the code itself is hidden. */
export function maskOtpText(text: string): string {
  return text.replace(/\d{4,10}/, (code) => '•'.repeat(code.length));
}

/**
 * Queues a one-time code (docs/product.md §7.2) as an SMS; with KAVENEGAR_OTP_TEMPLATE it goes by
 * verify/lookup.
 */
export function enqueueOtp(
  db: Kysely<DB>,
  input: { to: string; code: string; validMinutes: string; workshopId?: string | null },
): Promise<string> {
  return enqueueMessage(db, {
    to: input.to,
    kind: 'sms',
    text: otpMessageText(input.code, input.validMinutes),
    workshopId: input.workshopId ?? null,
    purpose: 'otp',
  });
}
