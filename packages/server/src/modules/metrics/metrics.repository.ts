import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The messages waiting to be sent (pending, or claimed and being sent) and the oldest one's age in
 * seconds: on the sender's partial index of due rows (messages_due_idx), so a scrape stays cheap.
 */
export async function outboxState(db: Database): Promise<{ waiting: number; oldestAgeS: number }> {
  const { rows } = await sql<{ waiting: number; oldestAgeS: number | null }>`
    select count(*)::int as waiting,
           extract(epoch from now() - min(created_at))::float8 as "oldestAgeS"
      from messages
     where status in ('pending', 'sending')
  `.execute(db);
  const row = rows[0];
  return { waiting: row?.waiting ?? 0, oldestAgeS: Math.max(0, row?.oldestAgeS ?? 0) };
}

/** When the last backup that succeeded finished, or null when none has. */
export async function lastGoodBackupAt(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('backupRuns')
    .select((eb) => eb.fn.max('finishedAt').as('at'))
    .where('ok', '=', true)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** When the last off-site copy was complete in its bucket (ADR 0053), or null when none is. */
export async function lastOffsiteCopyAt(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('backupRuns')
    .select((eb) => eb.fn.max('offsiteAt').as('at'))
    .where('offsiteState', '=', 'ok')
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}
