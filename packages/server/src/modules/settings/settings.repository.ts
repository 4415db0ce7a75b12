import { sql } from 'kysely';
import type { UserSettings } from '@ayar/contract';
import type { Database } from '../../db/database.ts';

export async function saveSettings(
  db: Database,
  workshopId: string,
  settings: UserSettings,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings), updatedAt: sql`now()` })
    .where('id', '=', workshopId)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
