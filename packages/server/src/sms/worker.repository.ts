import { sql } from 'kysely';
import type { MessageKind } from '@ayar/contract';
import type { Database } from '../db/database.ts';

export interface ClaimedMessage {
  id: string;
  toNumber: string;
  kind: MessageKind;
  text: string;
  purpose: 'notify' | 'otp';
  /** Claims so far, this one included: the fencing token of every later update. */
  attempts: number;
}

/**
 * Claims up to `batch` due messages at once, atomically across processes (SKIP LOCKED): each becomes
 * 'sending' with one more attempt and a lease. A row still 'sending' after its lease ran out was
 * interrupted (a crash, a lost connection) and is claimed again like a pending one.
 */
export async function claimDueMessages(
  db: Database,
  batch: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  const result = await sql<ClaimedMessage>`
    update messages m
       set status = 'sending',
           attempts = m.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     where m.id in (
       select id from messages
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by created_at
        limit ${batch}
        for update skip locked)
    returning m.id, m.to_number as "toNumber", m.kind, m.text, m.purpose, m.attempts
  `.execute(db);
  return result.rows;
}

/** Updates only a claim still held: the row is 'sending' and no later claim raised its attempts. */
function ownClaim(db: Database, claim: { id: string; attempts: number }) {
  return db
    .updateTable('messages')
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts);
}

export async function markSent(
  db: Database,
  claim: { id: string; attempts: number },
  provider: string,
  providerId: string | null,
): Promise<boolean> {
  const result = await ownClaim(db, claim)
    .set({ status: 'sent', provider, providerId, error: null, sentAt: sql<Date>`now()` })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markRetry(
  db: Database,
  claim: { id: string; attempts: number },
  provider: string,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const result = await ownClaim(db, claim)
    .set({
      status: 'pending',
      provider,
      error,
      nextAttemptAt: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markFailed(
  db: Database,
  claim: { id: string; attempts: number },
  provider: string,
  error: string,
): Promise<boolean> {
  const result = await ownClaim(db, claim).set({ status: 'failed', provider, error }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
