import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface OutgoingMessage {
  to: string;
  kind: 'sms' | 'call';
  text: string;
  workshopId?: string | null;
  assayId?: string | null;
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
