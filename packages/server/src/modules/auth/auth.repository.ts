import { sql } from 'kysely';
import type { Role } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { NewUser } from '../../db/schema.ts';

export async function findActiveSession(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<{ id: string; userId: string; role: Role } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'users.role'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.userId', '=', userId)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export function findUserByUsername(db: Database, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function createSession(
  db: Database,
  input: { userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<string> {
  const row = await db.insertInto('sessions').values(input).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every session of a user (password change, deactivation). */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listTestTypes(db: Database) {
  return db.selectFrom('testTypes').select(['id', 'name']).orderBy('sort').execute();
}

export async function insertUser(db: Database, user: NewUser): Promise<string> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function adminExists(db: Database, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
