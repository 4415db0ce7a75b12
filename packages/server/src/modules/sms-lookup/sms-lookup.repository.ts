import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One sender's lookups are decided one at a time: the daily limit holds under concurrent webhooks. */
export async function lockSender(db: Database, sender: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`sms-lookup:${sender}`}))`.execute(db);
}

/** Lookups answered for `sender` since `since`. */
export async function answeredSince(db: Database, sender: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('smsLookups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender', '=', sender)
    .where('answered', '=', true)
    .where('receivedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a delivered message once; false when its provider id was seen before. */
export async function recordLookup(
  db: Database,
  lookup: { messageId: string; sender: string; docNumber: number | null; answered: boolean },
): Promise<boolean> {
  const row = await db
    .insertInto('smsLookups')
    .values(lookup)
    .onConflict((oc) => oc.column('messageId').doNothing())
    .returning('messageId')
    .executeTakeFirst();
  return row !== undefined;
}
