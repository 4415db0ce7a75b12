import {
  STAFF_LIMIT,
  STAFF_MSG,
  staffPasswordProblem,
  type AddStaffRequest,
  type EditStaffRequest,
  filterRange,
  type StaffMember,
  type StaffRole,
  type StaffStatisticsRow,
  type SuspendStaffRequest,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, notFound, validation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { workshopScope, type WorkshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/auth.service.ts';
import { guardUsername, refuseTakenUserName } from '../workshops/workshops.service.ts';
import * as repo from './staff.repository.ts';

// A lab's people (ADR 0049). The owner adds, edits and suspends them; the lab account is the owner
// itself, staff code 1, and its roles and state are not changed here.

/** The owner acting: the lab (the tenant), the person, and where from. */
export interface StaffActor {
  labId: string;
  personId: string;
  ip: string;
}

type PersonRow = NonNullable<Awaited<ReturnType<typeof repo.lockPerson>>>;

function memberOf(row: PersonRow): StaffMember {
  const isLabAccount = row.role === 'workshop';
  return {
    id: row.id,
    fullName: row.fullName,
    mobile: row.cellPhone,
    userName: row.username,
    roles: isLabAccount ? ['owner'] : (row.staffRoles ?? []),
    staffCode: isLabAccount ? 1 : (row.staffCode ?? 0),
    suspended: !isLabAccount && row.status !== 1,
    isLabAccount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(db: Database, labId: string): Promise<StaffMember[]> {
  return (await repo.listPeople(db, workshopScope(labId))).map(memberOf);
}

/** The administrator's view of a lab's people; another id (a staff member, the admin) is not a lab. */
export async function manageStaff(db: Database, labId: string): Promise<StaffMember[]> {
  if (!(await repo.isLab(db, labId))) throw notFound();
  return listStaff(db, labId);
}

export async function addStaff(
  db: Database,
  actor: StaffActor,
  input: AddStaffRequest,
): Promise<StaffMember> {
  const scope = workshopScope(actor.labId);
  await refuseTakenUserName(db, input.userName);
  const passwordHash = await hashPassword(input.password);
  return guardUsername(() =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.lockLab(trx, scope))) throw notFound();
      const { count, nextCode } = await repo.staffCount(trx, scope);
      // The lab account is one of the lab's people too.
      if (count + 1 >= STAFF_LIMIT) throw businessRule(STAFF_MSG.limit);
      const id = await repo.insertStaff(trx, scope, {
        fullName: input.fullName,
        mobile: input.mobile,
        userName: input.userName,
        passwordHash,
        roles: input.roles,
        staffCode: nextCode,
      });
      await audit(trx, actor, 'staff.add', id, undefined, {
        fullName: input.fullName,
        userName: input.userName,
        roles: input.roles,
        staffCode: nextCode,
      });
      return memberOf((await repo.lockPerson(trx, scope, id))!);
    }),
  );
}

const sameRoles = (a: readonly StaffRole[], b: readonly StaffRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * Edits a person's name, mobile and roles, and resets their password when one is given. Changed roles
 * or a new password end their sessions, so their next sign-in shows what they may now do.
 */
export async function editStaff(
  db: Database,
  actor: StaffActor,
  input: EditStaffRequest,
): Promise<StaffMember> {
  const scope = workshopScope(actor.labId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction().execute(async (trx) => {
    const person = await found(trx, scope, input.id);
    const current = memberOf(person);
    const rolesChange = !sameRoles(current.roles, input.roles);
    if (current.isLabAccount && (rolesChange || passwordHash)) throw businessRule(STAFF_MSG.ownerAccount);
    if (person.id === actor.personId && rolesChange) throw businessRule(STAFF_MSG.ownSelf);
    const problem = staffPasswordProblem(input.password, person.username);
    if (problem) throw validation([{ field: 'password', message: problem }]);
    await repo.updatePerson(trx, person.id, {
      fullName: input.fullName,
      cellPhone: input.mobile,
      ...(current.isLabAccount ? {} : { staffRoles: input.roles }),
      ...(passwordHash ? { passwordHash } : {}),
    });
    const sessionsEnded = rolesChange || passwordHash ? await revokeUserSessions(trx, person.id) : 0;
    await audit(
      trx,
      actor,
      'staff.edit',
      person.id,
      { fullName: current.fullName, mobile: current.mobile, roles: current.roles },
      {
        fullName: input.fullName,
        mobile: input.mobile,
        roles: input.roles,
        password: !!passwordHash,
        sessionsEnded,
      },
    );
    return memberOf((await repo.lockPerson(trx, scope, person.id))!);
  });
}

/** Suspends a person (their sessions end at once) or lets them sign in again. */
export async function suspendStaff(
  db: Database,
  actor: StaffActor,
  input: SuspendStaffRequest,
): Promise<StaffMember> {
  const scope = workshopScope(actor.labId);
  return db.transaction().execute(async (trx) => {
    const person = await found(trx, scope, input.id);
    if (person.role === 'workshop') throw businessRule(STAFF_MSG.ownerAccount);
    if (person.id === actor.personId) throw businessRule(STAFF_MSG.ownSelf);
    await repo.updatePerson(trx, person.id, { status: input.suspended ? 9 : 1 });
    const sessionsEnded = input.suspended ? await revokeUserSessions(trx, person.id) : 0;
    await audit(
      trx,
      actor,
      input.suspended ? 'staff.suspend' : 'staff.resume',
      person.id,
      { status: person.status },
      { status: input.suspended ? 9 : 1, sessionsEnded },
    );
    return memberOf((await repo.lockPerson(trx, scope, person.id))!);
  });
}

async function found(db: Database, scope: WorkshopScope, id: string): Promise<PersonRow> {
  const person = await repo.lockPerson(db, scope, id);
  if (!person) throw notFound(STAFF_MSG.notFound);
  return person;
}

function audit(
  db: Database,
  actor: StaffActor,
  action: string,
  personId: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  return writeAudit(db, {
    actorId: actor.personId,
    action,
    entity: 'user',
    entityId: personId,
    before,
    after,
    ip: actor.ip,
  });
}

/** Each of the lab's people's purities in the period (ADR 0050); the administrator's for any lab. */
export async function staffStatistics(
  db: Database,
  labId: string,
  period: { fromDate?: string | undefined; toDate?: string | undefined },
): Promise<StaffStatisticsRow[]> {
  const scope = workshopScope(labId);
  const [people, counts] = await Promise.all([
    repo.listPeople(db, scope),
    repo.purityCounts(db, scope, filterRange(period.fromDate, period.toDate)),
  ]);
  const byPerson = new Map(counts.map((c) => [c.personId, c]));
  return people.map((row) => {
    const member = memberOf(row);
    const c = byPerson.get(row.id);
    const recorded = c?.recorded ?? 0;
    const correctedOfTheirs = c?.correctedOfTheirs ?? 0;
    return {
      id: member.id,
      fullName: member.fullName,
      staffCode: member.staffCode,
      roles: member.roles,
      suspended: member.suspended,
      recorded,
      verified: c?.verified ?? 0,
      corrected: c?.corrected ?? 0,
      correctedOfTheirs,
      withdrawn: c?.withdrawn ?? 0,
      correctionRate: recorded === 0 ? null : Math.round((correctedOfTheirs / recorded) * 1000) / 1000,
    };
  });
}

/** The administrator's per-person statistics of one lab; another id is not a lab. */
export async function manageStaffStatistics(
  db: Database,
  query: { userId: string; fromDate?: string | undefined; toDate?: string | undefined },
): Promise<StaffStatisticsRow[]> {
  if (!(await repo.isLab(db, query.userId))) throw notFound();
  return staffStatistics(db, query.userId, query);
}
