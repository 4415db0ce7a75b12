import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export type RunOutcome = { ok: true; file: string; bytes: number } | { ok: false; error: string };

/**
 * Claims a scheduled slot for this node: the unique slot lets exactly one node of several make it, and
 * keeps a node that comes late (its clock, a restart) from making it again. Null: already claimed.
 */
export async function claimSlot(db: Database, slot: Date, host: string): Promise<number | null> {
  const row = await db
    .insertInto('backupRuns')
    .values({ trigger: 'schedule', slot, host })
    .onConflict((oc) => oc.column('slot').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A run of `npm run backup`; null when the database predates the table (a backup taken before the
 * upgrade that adds it), which is then simply not recorded.
 */
export async function startManualRun(db: Database, host: string): Promise<number | null> {
  const { rows } = await sql<{
    present: string | null;
  }>`select to_regclass('backup_runs') as present`.execute(db);
  if (!rows[0]?.present) return null;
  const row = await db
    .insertInto('backupRuns')
    .values({ trigger: 'manual', host })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(db: Database, id: number, outcome: RunOutcome): Promise<void> {
  await db
    .updateTable('backupRuns')
    .set({
      finishedAt: sql<Date>`now()`,
      ok: outcome.ok,
      file: outcome.ok ? outcome.file : null,
      bytes: outcome.ok ? outcome.bytes : null,
      error: outcome.ok ? null : outcome.error.slice(0, 2000),
    })
    .where('id', '=', id)
    .execute();
}

export async function saveSchedule(
  db: Database,
  schedule: { every: string; keep: number; dir: string; nextAt: Date | null },
): Promise<void> {
  await db
    .insertInto('backupSchedule')
    .values({ id: true, ...schedule })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...schedule, updatedAt: sql<Date>`now()` }))
    .execute();
}

/** A run that has not finished after this long was cut off (its process stopped) and counts as failed. */
export const ABANDONED_AFTER_MS = 6 * 3_600_000;

export async function statusRows(db: Database, now: Date) {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const [lastGood, lastEnded, running, schedule] = await Promise.all([
    db
      .selectFrom('backupRuns')
      .select(['finishedAt', 'file', 'bytes'])
      .where('ok', '=', true)
      .orderBy('finishedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('backupRuns')
      .select(['startedAt', 'finishedAt', 'ok', 'error'])
      .where((eb) => eb.or([eb('ok', 'is not', null), eb('startedAt', '<', abandonedBefore)]))
      .orderBy('startedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('backupRuns')
      .select('startedAt')
      .where('ok', 'is', null)
      .where('startedAt', '>=', abandonedBefore)
      .orderBy('startedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('backupSchedule').select(['every', 'keep', 'dir', 'nextAt']).executeTakeFirst(),
  ]);
  return { lastGood, lastEnded, running, schedule };
}
