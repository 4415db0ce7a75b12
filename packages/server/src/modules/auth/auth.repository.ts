import { sql } from 'kysely';
import type { Role, StaffRole } from '@ayar/contract';
import type { ActiveSession } from '../../plugins/auth.ts';
import { CompiledOnce } from '../../db/compiled-query.ts';
import type { Database } from '../../db/database.ts';
import type { NewUser } from '../../db/schema.ts';

/**
 * Asked on every signed-in request: compiled once (ADR 0034). The session names a person; a staff
 * member acts for their lab (the tenant) with their roles, and only while they and their lab may sign in
 * (ADR 0049): a suspended person, or a lab suspended or not yet activated, ends their token at once.
 */
const activeSession = new CompiledOnce(['', ''] as [string, string], (db, sessionId, personId) =>
  db
    .selectFrom('sessions')
    .innerJoin('users as person', 'person.id', 'sessions.userId')
    .leftJoin('users as lab', 'lab.id', 'person.labId')
    .select([
      'sessions.id',
      sql<string>`coalesce(person.lab_id, person.id)`.as('userId'),
      sql<Role>`case when person.role = 'staff' then 'workshop' else person.role end`.as('role'),
      'person.id as personId',
      sql<StaffRole[]>`case when person.role = 'workshop' then array['owner']
        else coalesce(person.staff_roles, '{}') end`.as('roles'),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.userId', '=', personId)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', sql<Date>`now()`)
    // A listing-only lab has no sign-in (ADR 0027), nor have its people.
    .where(
      sql<boolean>`(person.role <> 'staff' or (person.status = 1 and lab.status in (1, 5) and not lab.is_public_user))`,
    ),
);

export async function findActiveSession(
  db: Database,
  sessionId: string,
  personId: string,
): Promise<ActiveSession | undefined> {
  return activeSession.first(db, sessionId, personId);
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

/** Ends every session of a user (deactivation), or every one but `keep` (their own password change). */
export async function revokeUserSessions(db: Database, userId: string, keep?: string): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends every session of an account and of its people (ADR 0049): a lab's suspension ends its staff's
 * sessions too, so activating it again does not bring their old tokens back. For a staff member or the
 * administrator, their own sessions only.
 */
export async function revokeAccountSessions(db: Database, accountId: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where((eb) =>
      eb.or([
        eb('userId', '=', accountId),
        eb('userId', 'in', eb.selectFrom('users').select('id').where('labId', '=', accountId)),
      ]),
    )
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

export function findUserById(db: Database, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Users a one-time-code request may mean: by user name, or by cell phone when it is a mobile. */
export function findUsersByLoginOrMobile(db: Database, identifier: string, mobile: string | null) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'cellPhone', 'isPublicUser', 'labId'])
    .where((eb) => {
      const byName = eb(sql`lower(username)`, '=', identifier.toLowerCase());
      return mobile ? eb.or([byName, eb('cellPhone', '=', mobile)]) : byName;
    })
    .limit(2)
    .execute();
}

/**
 * The account's latest code, with whether it is still alive by the database's clock: its life is set and
 * judged by one clock (ADR 0043), so a test can age a code to either side of its end.
 */
export function latestOtp(db: Database, userId: string) {
  return db
    .selectFrom('otpCodes')
    .selectAll()
    .select(sql<boolean>`expires_at > now()`.as('live'))
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Holds the account's row until the transaction ends: one code request of an account at a time. */
export async function lockUser(db: Database, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Codes the account was sent in the last hour and 24 hours, and whether one is under `resendSeconds` old. */
export async function otpCounts(db: Database, userId: string, resendSeconds: number) {
  const row = await db
    .selectFrom('otpCodes')
    .select([
      sql<number>`count(*) filter (where created_at > now() - interval '1 hour')::int`.as('lastHour'),
      sql<number>`count(*)::int`.as('lastDay'),
      sql<boolean>`coalesce(bool_or(created_at > now() - make_interval(secs => ${resendSeconds})), false)`.as(
        'recent',
      ),
    ])
    .where('userId', '=', userId)
    .where('createdAt', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return row;
}

/** A new code living `ttlSeconds` from now by the database's clock. */
export async function insertOtp(
  db: Database,
  input: { userId: string; codeHash: string; ttlSeconds: number },
) {
  await db
    .insertInto('otpCodes')
    .values({
      userId: input.userId,
      codeHash: input.codeHash,
      expiresAt: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
}

/** Counts a wrong try; answers the new count, or undefined when the code is already dead or used. */
export async function countOtpFailure(db: Database, otpId: string, maxAttempts: number) {
  const row = await db
    .updateTable('otpCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', otpId)
    .where('usedAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Single use: only one caller can consume a code, however many arrive at once. */
export async function consumeOtp(db: Database, otpId: string, maxAttempts: number): Promise<boolean> {
  const row = await db
    .updateTable('otpCodes')
    .set({ usedAt: sql`now()` })
    .where('id', '=', otpId)
    .where('usedAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwordHash, updatedAt: sql`now()`, sessionVersion: (eb) => eb('sessionVersion', '+', 1) })
    .where('id', '=', userId)
    .execute();
}
