import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One round trip: the database answers. */
export async function databaseAnswers(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The newest migration applied to the database (Kysely's own table), null before the first. */
export async function newestAppliedMigration(db: Database): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1
  `.execute(db);
  return rows[0]?.name ?? null;
}
