import type { Database } from '../../db/database.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function insertFile(
  db: Kysely<DB>,
  file: {
    kind: 'audio' | 'photo';
    storageKey: string;
    mime: string;
    sizeBytes: number;
    ownerId: string;
    thumbnailKey?: string;
    width?: number;
    height?: number;
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
