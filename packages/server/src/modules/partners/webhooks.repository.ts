import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

// Partner webhooks and their deliveries (ADR 0062): an outbox the jobs' node sends from.

export function liveWebhooks(db: Database, keyId: string) {
  return db
    .selectFrom('partnerWebhooks')
    .select(['id', 'url', 'createdAt'])
    .where('keyId', '=', keyId)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
}

export async function insertWebhook(db: Database, values: { keyId: string; url: string; secret: string }) {
  return db
    .insertInto('partnerWebhooks')
    .values(values)
    .returning(['id', 'url', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** Removes the key's own URL, and what was still to be sent to it; answers whether there was one. */
export async function deleteWebhook(db: Database, keyId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('partnerWebhooks')
    .set({ deletedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('keyId', '=', keyId)
    .where('deletedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('webhookDeliveries')
    .set({ failedAt: sql<Date>`now()`, lastError: REMOVED, claimedUntil: null })
    .where('webhookId', '=', id)
    .where('deliveredAt', 'is', null)
    .where('failedAt', 'is', null)
    .execute();
  return true;
}

/** Why a delivery stopped when its URL was removed. */
const REMOVED = 'نشانی حذف شد';

/**
 * One delivery per URL whose key may hear of results now (not revoked, not expired, with
 * `results:subscribe`), in the caller's transaction: a change that rolls back sends nothing.
 */
export async function enqueueEvent(db: Database, eventType: string, body: string): Promise<void> {
  await sql`
    insert into webhook_deliveries (webhook_id, event_type, body, give_up_at)
    select w.id, ${eventType}, ${body}, now() + interval '1 day'
      from partner_webhooks w join partner_keys k on k.id = w.key_id
     where w.deleted_at is null and k.revoked_at is null
       and (k.expires_at is null or k.expires_at > now())
       and 'results:subscribe' = any (k.scopes)
  `.execute(db);
}

export interface ClaimedDelivery {
  id: string;
  body: string;
  url: string;
  secret: string;
  attempts: number;
  giveUpAt: Date;
  createdAt: Date;
}

/** Claims due deliveries for `leaseMs` (SKIP LOCKED: two nodes never take the same one). */
export async function claimDue(db: Database, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    update webhook_deliveries d
       set claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = d.attempts + 1
      from partner_webhooks w
     where w.id = d.webhook_id and w.deleted_at is null
       and d.id in (
         select id from webhook_deliveries
          where delivered_at is null and failed_at is null and next_attempt_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
    returning d.id, d.body, w.url, w.secret, d.attempts, d.give_up_at as "giveUpAt", d.created_at as "createdAt"
  `.execute(db);
  // An UPDATE returns its rows in no set order: a URL hears of a result's versions as they were made.
  return result.rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markDelivered(db: Database, id: string, status: number): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ deliveredAt: sql<Date>`now()`, lastStatus: status, lastError: null, claimedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or given up when that is past its day. */
export async function markAttemptFailed(
  db: Database,
  id: string,
  outcome: { status: number | null; error: string; retryAt: Date; giveUp: boolean },
): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({
      lastStatus: outcome.status,
      lastError: outcome.error,
      claimedUntil: null,
      nextAttemptAt: outcome.retryAt,
      failedAt: outcome.giveUp ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}

const deliveryColumns = [
  'd.id',
  'k.name as partner',
  'w.url',
  'd.eventType',
  'd.body',
  'd.createdAt',
  'd.attempts',
  'd.lastStatus',
  'd.lastError',
  'd.nextAttemptAt',
  'd.deliveredAt',
  'd.failedAt',
] as const;

function deliveries(db: Database) {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('partnerWebhooks as w', 'w.id', 'd.webhookId')
    .innerJoin('partnerKeys as k', 'k.id', 'w.keyId')
    .select(deliveryColumns);
}

export type DeliveryRow = Awaited<ReturnType<typeof findDelivery>> & object;

export function listDeliveries(
  db: Database,
  state: 'waiting' | 'delivered' | 'failed' | undefined,
  limit: number,
) {
  let query = deliveries(db);
  if (state === 'delivered') query = query.where('d.deliveredAt', 'is not', null);
  if (state === 'failed') query = query.where('d.failedAt', 'is not', null);
  if (state === 'waiting') query = query.where('d.deliveredAt', 'is', null).where('d.failedAt', 'is', null);
  return query.orderBy('d.createdAt', 'desc').orderBy('d.id').limit(limit).execute();
}

export function findDelivery(db: Database, id: string) {
  return deliveries(db).where('d.id', '=', id).executeTakeFirst();
}

/** Back in the queue now, with a new day; only while its URL is still registered. */
export async function requeue(db: Database, id: string): Promise<boolean> {
  const row = await db
    .updateTable('webhookDeliveries')
    .set({
      failedAt: null,
      claimedUntil: null,
      nextAttemptAt: sql<Date>`now()`,
      giveUpAt: sql<Date>`now() + interval '1 day'`,
    })
    .where('id', '=', id)
    .where('deliveredAt', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('partnerWebhooks as w')
          .select('w.id')
          .whereRef('w.id', '=', 'webhookDeliveries.webhookId')
          .where('w.deletedAt', 'is', null),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
