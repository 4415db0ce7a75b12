import type { Database } from '../../db/database.ts';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { SITE_INFO_KEYS } from '@ayar/contract';

export async function insertFile(
  db: Kysely<DB>,
  file: {
    kind: 'audio' | 'photo' | 'import';
    storageKey: string;
    mime: string;
    sizeBytes: number;
    ownerId: string;
    thumbnailKey?: string;
    width?: number;
    height?: number;
    /** The stored original's SHA-256 (hex), signed into results (ADR 0041). */
    sha256?: string;
  },
): Promise<string> {
  const row = await db.insertInto('files').values(file).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findFile(db: Database, id: string) {
  return db
    .selectFrom('files')
    .select(['id', 'kind', 'storageKey', 'thumbnailKey', 'mime', 'sizeBytes', 'ownerId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Photos' storage keys and recorded hashes (null: stored before hashes were kept). */
export function photoHashes(db: Database, ids: readonly string[]) {
  return db
    .selectFrom('files')
    .select(['id', 'storageKey', 'sha256'])
    .where('id', 'in', ids)
    .where('kind', '=', 'photo')
    .execute();
}

/** Records a photo's hash once it is computed; a hash already recorded is kept. */
export async function recordSha256(db: Database, id: string, sha256: string): Promise<void> {
  await db.updateTable('files').set({ sha256 }).where('id', '=', id).where('sha256', 'is', null).execute();
}

/**
 * No row points at the file: no packet photo (assay_images), no workshop audio (users) and not the
 * trust seal (system_settings). These are every reference to `files` there is; a new one must be added
 * here, or the sweep deletes what it points at (ADR 17).
 */
function unreferenced(eb: ExpressionBuilder<DB, 'files'>) {
  return eb.and([
    eb.not(
      eb.exists(
        eb.selectFrom('assayImages').select('fileId').whereRef('assayImages.fileId', '=', 'files.id'),
      ),
    ),
    eb.not(eb.exists(eb.selectFrom('users').select('id').whereRef('users.audioFileId', '=', 'files.id'))),
    // The trust seal of the public site information (ADR 0028), kept as text in system_settings.
    eb.not(
      eb.exists(
        eb
          .selectFrom('systemSettings')
          .select('key')
          .where('systemSettings.key', '=', SITE_INFO_KEYS.trustSealImage)
          .where('systemSettings.value', '=', sql<string>`files.id::text`),
      ),
    ),
  ]);
}

export interface RemovedFile {
  id: string;
  kind: 'audio' | 'photo';
  storageKey: string;
  thumbnailKey: string | null;
}

/**
 * One batch of the unused-file sweep (ADR 17), inside the caller's transaction: deletes up to `limit`
 * files older than `graceSeconds` that nothing references, and answers them (to remove from disk once
 * the transaction has committed) with how many were locked (a full batch: there may be more).
 *
 * Two statements, so a file is either attached or deleted, never both. The first locks candidates
 * FOR UPDATE SKIP LOCKED: attaching a file (a packet's photo, a workshop's audio) holds its row FOR KEY
 * SHARE (the foreign key's check) until that transaction commits, so such a file is skipped; one that
 * attaches later waits for this transaction and then finds the file gone. The second, with a fresh
 * snapshot (READ COMMITTED), checks the locked files again before deleting them: an attachment that
 * committed between the first statement's snapshot and its lock is seen there.
 */
export async function deleteUnusedFiles(
  trx: Transaction<DB>,
  options: { graceSeconds: number; limit: number },
): Promise<{ locked: number; removed: RemovedFile[] }> {
  const candidates = await trx
    .selectFrom('files')
    .select('id')
    .where('kind', 'in', ['photo', 'audio'])
    .where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${options.graceSeconds})`)
    .where(unreferenced)
    .limit(options.limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (candidates.length === 0) return { locked: 0, removed: [] };
  const ids = candidates.map((c) => c.id);
  const removed = await trx
    .deleteFrom('files')
    .where('id', 'in', ids)
    .where(unreferenced)
    .returning(['id', 'kind', 'storageKey', 'thumbnailKey'])
    // The candidates above are photos and audio only: an import's file is evidence, never swept.
    .$narrowType<{ kind: RemovedFile['kind'] }>()
    .execute();
  return { locked: candidates.length, removed };
}
