import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BackupProgress } from '../../db/schema.ts';

export type RunOutcome =
  | { ok: true; file: string; bytes: number; method?: 'pg_dump' | 'copy'; sha256?: string }
  | { ok: false; error: string };

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
      progress: null,
      ...(outcome.ok && outcome.method ? { method: outcome.method } : {}),
      ...(outcome.ok && outcome.sha256 ? { sha256: outcome.sha256 } : {}),
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

/** One key for "a manual backup starts here": two Start requests at once see each other (ADR 0053). */
const MANUAL_START_LOCK = 0x6179_6172_6b75;

/**
 * A manual run, unless a backup is already running (a run not ended and not abandoned, on any node):
 * null then. The transaction's advisory lock makes the check and the insert one step.
 */
export async function startManualRunIfIdle(db: Database, host: string, now: Date): Promise<number | null> {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MANUAL_START_LOCK})`.execute(trx);
    const running = await trx
      .selectFrom('backupRuns')
      .select('id')
      .where('ok', 'is', null)
      .where('startedAt', '>=', abandonedBefore)
      .limit(1)
      .executeTakeFirst();
    if (running) return null;
    const row = await trx
      .insertInto('backupRuns')
      .values({ trigger: 'manual', host })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** How far a running backup is (null when it ended). */
export async function saveProgress(db: Database, id: number, progress: BackupProgress | null): Promise<void> {
  await db
    .updateTable('backupRuns')
    .set({ progress: progress ? JSON.stringify(progress) : null })
    .where('id', '=', id)
    .where('ok', 'is', null)
    .execute();
}

export type OffsiteOutcome =
  | { state: 'uploading'; encrypted: boolean }
  | { state: 'ok'; key: string; encrypted: boolean }
  | { state: 'failed'; encrypted: boolean; error: string };

/** The off-site copy's state; a failure is its own, the run stays as it ended (ADR 0053). */
export async function saveOffsite(db: Database, id: number, outcome: OffsiteOutcome): Promise<void> {
  await db
    .updateTable('backupRuns')
    .set({
      offsiteState: outcome.state,
      offsiteEncrypted: outcome.encrypted,
      offsiteKey: outcome.state === 'ok' ? outcome.key : null,
      offsiteAt: outcome.state === 'ok' ? sql<Date>`now()` : null,
      offsiteError: outcome.state === 'failed' ? outcome.error.slice(0, 2000) : null,
    })
    .where('id', '=', id)
    .execute();
}

/** The newest runs first, for the backups screen. */
export async function listRuns(db: Database, limit: number) {
  return db
    .selectFrom('backupRuns')
    .select([
      'id',
      'trigger',
      'host',
      'startedAt',
      'finishedAt',
      'ok',
      'file',
      'bytes',
      'error',
      'method',
      'sha256',
      'progress',
      'offsiteState',
      'offsiteKey',
      'offsiteAt',
      'offsiteEncrypted',
      'offsiteError',
    ])
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type RunRow = Awaited<ReturnType<typeof listRuns>>[number];

/** The newest copy that reached the bucket (the dashboard, the metrics). */
export async function lastOffsiteRow(db: Database) {
  return db
    .selectFrom('backupRuns')
    .select(['offsiteAt', 'offsiteKey', 'offsiteEncrypted'])
    .where('offsiteState', '=', 'ok')
    .orderBy('offsiteAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}
