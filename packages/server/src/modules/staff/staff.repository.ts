import { sql, type SqlBool } from 'kysely';
import { TEHRAN_TZ, type StaffRole } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { WorkshopScope } from '../../lib/scope.ts';

// A lab's people (ADR 0049): its own account (`users.id` = the lab) and its staff (`users.lab_id` = the
// lab). Every query here takes the lab's scope: a person of another lab is never found.

type Db = Database;

const COLUMNS = [
  'id',
  'fullName',
  'cellPhone',
  'username',
  'role',
  'staffRoles',
  'staffCode',
  'status',
  'createdAt',
] as const;

/** The lab's people: its own account first, then its staff by staff code. */
export function listPeople(db: Db, scope: WorkshopScope) {
  return db
    .selectFrom('users')
    .select(COLUMNS)
    .where((eb) =>
      eb.or([eb.and([eb('id', '=', scope.id), eb('role', '=', 'workshop')]), eb('labId', '=', scope.id)]),
    )
    .orderBy(sql`lab_id is null`, 'desc')
    .orderBy('staffCode')
    .execute();
}

/** One of the lab's people, locked for the rest of the transaction; undefined for anyone else. */
export function lockPerson(db: Db, scope: WorkshopScope, id: string) {
  return db
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb.and([eb('id', '=', scope.id), eb('role', '=', 'workshop')]), eb('labId', '=', scope.id)]),
    )
    .forUpdate()
    .executeTakeFirst();
}

/** The lab's row locked: one change to a lab's staff at a time, so counts and codes stay true. */
export function lockLab(db: Db, scope: WorkshopScope) {
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', '=', scope.id)
    .where('role', '=', 'workshop')
    .forUpdate()
    .executeTakeFirst();
}

/** How many staff the lab has, and the next staff code (codes start at 2 and are never reused). */
export async function staffCount(db: Db, scope: WorkshopScope) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(max(staff_code), 1)::int + 1`.as('nextCode'),
    ])
    .where('labId', '=', scope.id)
    .executeTakeFirstOrThrow();
  return row;
}

export interface NewStaff {
  fullName: string;
  mobile: string;
  userName: string;
  passwordHash: string;
  roles: StaffRole[];
  staffCode: number;
}

export async function insertStaff(db: Db, scope: WorkshopScope, staff: NewStaff): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      username: staff.userName,
      passwordHash: staff.passwordHash,
      role: 'staff',
      labId: scope.id,
      fullName: staff.fullName,
      cellPhone: staff.mobile,
      staffRoles: staff.roles,
      staffCode: staff.staffCode,
      status: 1,
      workshopCode: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a person found through `lockPerson` in the same transaction. */
export async function updatePerson(
  db: Db,
  id: string,
  values: {
    fullName?: string;
    cellPhone?: string;
    staffRoles?: StaffRole[];
    status?: 1 | 9;
    passwordHash?: string;
  },
): Promise<void> {
  const bump = values.passwordHash !== undefined;
  await db
    .updateTable('users')
    .set({
      ...values,
      updatedAt: sql`now()`,
      ...(bump ? { sessionVersion: (eb) => eb('sessionVersion', '+', 1) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Whether the id is a lab (for the administrator's view of its staff). */
export async function isLab(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('role', '=', 'workshop')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Each of the lab's people's purities in the period [from, to) (Tehran days, open when null), from the
 * signed versions (ADR 0050). A correction is a published version after the first whose public result
 * changed (`changed_at` is its own time, ADR 0041); whose purity it corrected is the previous version's.
 */
export async function purityCounts(
  db: Db,
  scope: WorkshopScope,
  period: { from: string | null; to: string | null },
) {
  const inPeriod = sql<SqlBool>`(${period.from}::date is null
      or v.created_at >= (${period.from}::date)::timestamp at time zone ${TEHRAN_TZ})
    and (${period.to}::date is null or v.created_at < (${period.to}::date)::timestamp at time zone ${TEHRAN_TZ})`;
  const result = await sql<{
    personId: string;
    recorded: number;
    verified: number;
    corrected: number;
    correctedOfTheirs: number;
    withdrawn: number;
  }>`
    with v as (
      select rv.version, rv.status, rv.purity_by, rv.verified_by, rv.created_at,
        rv.changed_at is not null and rv.changed_at = rv.created_at as changes_result,
        lag(rv.purity_by) over (partition by rv.assay_id order by rv.version) as previous_by
      from result_versions rv join assays a on a.id = rv.assay_id
      where a.workshop_id = ${scope.id}
    )
    select p.person_id,
      count(*) filter (where v.version = 1 and v.status = 'published' and v.purity_by = p.person_id)::int as recorded,
      count(*) filter (where v.status = 'published' and v.verified_by = p.person_id
        and (v.version = 1 or v.changes_result))::int as verified,
      count(*) filter (where v.version > 1 and v.status = 'published' and v.changes_result
        and v.purity_by = p.person_id)::int as corrected,
      count(*) filter (where v.version > 1 and v.status = 'published' and v.changes_result
        and v.previous_by = p.person_id)::int as corrected_of_theirs,
      count(*) filter (where v.status = 'withdrawn' and v.previous_by = p.person_id)::int as withdrawn
    from (select id as person_id from users where id = ${scope.id} or lab_id = ${scope.id}) p
    left join v on ${inPeriod}
      and p.person_id in (v.purity_by, v.verified_by, v.previous_by)
    group by p.person_id
  `.execute(db);
  return result.rows;
}
