import {
  USERS_BY_NAME_LIMIT,
  WORKSHOP_MSG,
  WORKSHOP_STATUS,
  fileAddress,
  toPersianDigits,
  type ActiveUserRequest,
  type AddPublicUserRequest,
  type AddUserRequest,
  type DeleteUserRequest,
  type DeleteUserResponse,
  type EditUserRequest,
  type LabOwnersQuery,
  type ManageLabOwner,
  type ManageLabOwnersQuery,
  type Paged,
  type PublicLabOwner,
  type UsersByNameItem,
  type UsersByNameQuery,
  type WorkshopDetail,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { AppError, businessRule, conflict, notFound, validation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { workshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/auth.service.ts';
import type { FileStore } from '../files/files.storage.ts';
import * as repo from './workshops.repository.ts';
import type { Dependencies, WorkshopStatusValue } from './workshops.repository.ts';
import { personOf, type Actor } from '../../lib/actor.ts';

const usernameTaken = () =>
  new AppError(409, 'CONFLICT', WORKSHOP_MSG.userNameTaken, [
    { field: 'userName', message: WORKSHOP_MSG.userNameTaken },
  ]);

/** A user name already taken: a cheap answer for the common case (`guardUsername` decides races). */
export async function refuseTakenUserName(db: Database, userName: string): Promise<void> {
  if (await repo.findUserByUsername(db, userName)) throw usernameTaken();
}

/**
 * Runs an insert or update that may hit the unique index on lower(username): that index decides races.
 * A user name is one across Ayar: labs, the administrator and labs' staff (ADR 0049) share it.
 */
export async function guardUsername<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUsernameTaken(error)) throw usernameTaken();
    throw error;
  }
}

// ————— Public —————

/** Public registration: a new (status 0) workshop that waits for the admin (docs/product.md §2.3, §5.8). */
export async function registerPublic(db: Database, input: AddPublicUserRequest): Promise<void> {
  await refuseTakenUserName(db, input.userName);
  const passwordHash = await hashPassword(input.password);
  await guardUsername(() =>
    repo.insertWorkshop(db, {
      username: input.userName,
      passwordHash,
      role: 'workshop',
      status: WORKSHOP_STATUS.new,
      fName: input.fName,
      fullName: input.fullName,
      cellPhone: input.cellPhone,
      phone: input.phone,
    }),
  );
}

/** The public list (docs/product.md §2.4): status 1 then 5, never a user name, code or secret. */
export async function publicLabOwners(db: Database, query: LabOwnersQuery): Promise<Paged<PublicLabOwner>> {
  const { rows, total } = await repo.listWorkshops(db, {
    name: query.name,
    statuses: [WORKSHOP_STATUS.active, WORKSHOP_STATUS.inactive],
    statusOrder: [WORKSHOP_STATUS.active, WORKSHOP_STATUS.inactive],
    sortName: query.sortName,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    withUsername: false,
  });
  return {
    list: rows.map((r) => ({ fName: r.fName, fullName: r.fullName, phone: r.phone, cellPhone: r.cellPhone })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

// ————— Admin —————

/**
 * The admin's list: new registrations first (they wait for a decision), then suspended, inactive and
 * active labs (ADR 0044).
 */
export async function manageLabOwners(
  db: Database,
  query: ManageLabOwnersQuery,
): Promise<Paged<ManageLabOwner>> {
  const { rows, total } = await repo.listWorkshops(db, {
    name: query.name,
    statuses: query.status === undefined ? [0, 1, 5, 9] : [query.status],
    statusOrder: [
      WORKSHOP_STATUS.new,
      WORKSHOP_STATUS.suspended,
      WORKSHOP_STATUS.inactive,
      WORKSHOP_STATUS.active,
    ],
    sortName: query.sortName,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    withUsername: true,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      fName: r.fName,
      fullName: r.fullName,
      userName: r.username,
      code: r.workshopCode,
      status: r.status,
      cellPhone: r.cellPhone,
      phone: r.phone,
      createdAt: r.createdAt.toISOString(),
    })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function usersByName(db: Database, query: UsersByNameQuery): Promise<UsersByNameItem[]> {
  const rows = await repo.usersByName(db, query.name, query.status, USERS_BY_NAME_LIMIT);
  return rows.map((r) => ({ id: r.id, name: r.fName || r.fullName || r.username }));
}

/**
 * One step each way (ADR 0044): activating leaves the lab able to work (0, 5 or 9 → 1); suspending
 * stops it at once (1 or 5 → 9). A new registration is activated or deleted; it has nothing to suspend.
 */
const NEXT: Record<'up' | 'down', Record<WorkshopStatusValue, WorkshopStatusValue | string>> = {
  up: { 0: 1, 5: 1, 9: 1, 1: WORKSHOP_MSG.alreadyActive },
  down: { 1: 9, 5: 9, 9: WORKSHOP_MSG.alreadySuspended, 0: WORKSHOP_MSG.newNotSuspendable },
};

/** Activates or suspends a workshop (docs/product.md §4.6, ADR 0044); suspending ends every session it has. */
export async function setActive(
  db: Database,
  actor: Actor,
  input: ActiveUserRequest,
): Promise<{ status: WorkshopStatusValue; message: string }> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, input.userId);
    if (!user || user.role !== 'workshop') throw notFound();
    if (input.fromStatus !== undefined && input.fromStatus !== user.status)
      throw conflict(WORKSHOP_MSG.statusChanged);
    const next = NEXT[input.active ? 'up' : 'down'][user.status];
    if (typeof next === 'string') throw businessRule(next);
    await repo.setStatus(trx, user.id, next);
    const suspended = next === WORKSHOP_STATUS.suspended;
    const sessionsRevoked = suspended ? await revokeUserSessions(trx, user.id) : 0;
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'workshop.status',
      entity: 'user',
      entityId: user.id,
      before: { status: user.status },
      after: { status: next, sessionsRevoked },
      ip: actor.ip,
    });
    return { status: next, message: suspended ? WORKSHOP_MSG.suspended : WORKSHOP_MSG.activated };
  });
}

const DEPENDENCY_WORDS: [keyof Dependencies, string][] = [
  ['assays', 'بسته'],
  ['customers', 'مشتری'],
  ['codeRanges', 'بازه کد'],
  ['credits', 'درخواست شارژ'],
  ['payments', 'پرداخت'],
];

/** «این آزمایشگاه ۳ مشتری و ۲ بازه کد دارد» — what stands in the way of a plain delete. */
export function dependenciesMessage(deps: Dependencies): string | null {
  const parts = DEPENDENCY_WORDS.filter(([key]) => deps[key] > 0).map(
    ([key, word]) => `${toPersianDigits(deps[key])} ${word}`,
  );
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join('، ')} و ${parts.at(-1)}`;
  return `این آزمایشگاه ${list} دارد؛ برای حذف، حذف وابستگی‌ها را هم تأیید کنید.`;
}

/**
 * Deletes a workshop (docs/product.md §6.2: asked twice). Without `force` a workshop with any data is
 * refused, naming what remains; with it, the workshop and all its rows go in one transaction, audit-logged.
 */
export async function deleteWorkshop(
  deps: { db: Database; files: FileStore },
  actor: Actor,
  input: DeleteUserRequest,
): Promise<DeleteUserResponse> {
  const { result, storageKeys } = await deps.db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, input.id);
    // A lab's staff member is not a lab: they go with their lab, or are suspended by its owner (ADR 0049).
    if (!user || user.role === 'staff') throw notFound();
    if (user.role !== 'workshop') throw businessRule(WORKSHOP_MSG.adminNotDeletable);
    const counts = await repo.countDependencies(trx, workshopScope(user.id));
    const blocking = dependenciesMessage(counts);
    if (blocking && !input.force) throw businessRule(blocking);
    const removed = await repo.deleteWorkshopRows(trx, workshopScope(user.id));
    const result: DeleteUserResponse = { ...counts, files: removed.files };
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: input.force ? 'workshop.delete.force' : 'workshop.delete',
      entity: 'user',
      entityId: user.id,
      before: {
        username: user.username,
        fName: user.fName,
        fullName: user.fullName,
        status: user.status,
        workshopCode: user.workshopCode,
      },
      after: result,
      ip: actor.ip,
    });
    return { result, storageKeys: removed.storageKeys };
  });
  await deps.files.remove(storageKeys);
  return result;
}

/** A workshop the admin creates is active at once (docs/product.md §5.8). */
export async function addWorkshop(
  db: Database,
  actor: Actor,
  input: AddUserRequest,
): Promise<{ id: string; code: number | null }> {
  await refuseTakenUserName(db, input.userName);
  const passwordHash = await hashPassword(input.password);
  return guardUsername(() =>
    db.transaction().execute(async (trx) => {
      const row = await repo.insertWorkshop(trx, {
        username: input.userName,
        passwordHash,
        role: 'workshop',
        status: WORKSHOP_STATUS.active,
        fName: input.fName,
        fullName: input.fullName,
        cellPhone: input.cellPhone,
        phone: input.phone,
        rejeCode: input.rejeCode,
        address: input.address,
        isPublicUser: input.isPublicUser,
      });
      await writeAudit(trx, {
        actorId: personOf(actor),
        action: 'workshop.create',
        entity: 'user',
        entityId: row.id,
        after: { username: input.userName, fName: input.fName, fullName: input.fullName, status: 1 },
        ip: actor.ip,
      });
      return { id: row.id, code: row.workshopCode };
    }),
  );
}

/** Edits a workshop; a new password ends its sessions, a new audio file becomes the workshop's own. */
export async function editWorkshop(
  deps: { db: Database; files: FileStore },
  actor: Actor,
  input: EditUserRequest,
): Promise<void> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const orphaned = await guardUsername(() =>
    deps.db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, input.userId);
      if (!user || user.role !== 'workshop') throw notFound();
      const taken = await repo.findUserByUsername(trx, input.userName);
      if (taken && taken.id !== user.id) throw usernameTaken();

      const changes: UserUpdate = {
        username: input.userName,
        fName: input.fName,
        fullName: input.fullName,
        cellPhone: input.cellPhone,
        phone: input.phone,
        rejeCode: input.rejeCode,
        address: input.address,
        isPublicUser: input.isPublicUser,
        isLabOwner: input.isLabOwner,
      };
      let orphaned: string[] = [];
      if (input.file !== undefined && input.file !== user.audioFileId) {
        if (input.file !== null) {
          const file = await repo.findAudioFile(trx, input.file);
          if (!file) throw validation([{ field: 'file', message: WORKSHOP_MSG.audioInvalid }]);
          await repo.setFileOwner(trx, file.id, user.id);
        }
        changes.audioFileId = input.file;
      }
      if (passwordHash) {
        changes.passwordHash = passwordHash;
        changes.sessionVersion = user.sessionVersion + 1;
      }
      await repo.updateWorkshop(trx, user.id, changes);
      if (changes.audioFileId !== undefined && user.audioFileId) {
        orphaned = await repo.deleteUnusedFile(trx, user.audioFileId);
      }
      // A new password, or a lab made listing-only (which has no sign-in, ADR 0027), ends its sessions.
      const becomesListingOnly = input.isPublicUser && !user.isPublicUser;
      const sessionsRevoked = passwordHash || becomesListingOnly ? await revokeUserSessions(trx, user.id) : 0;

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const key of Object.keys(changes) as (keyof UserUpdate)[]) {
        if (key === 'passwordHash' || key === 'sessionVersion') continue;
        const old = user[key as keyof typeof user];
        if (old !== changes[key]) {
          before[key] = old;
          after[key] = changes[key];
        }
      }
      if (passwordHash) after.passwordChanged = true;
      if (sessionsRevoked) after.sessionsRevoked = sessionsRevoked;
      await writeAudit(trx, {
        actorId: personOf(actor),
        action: 'workshop.update',
        entity: 'user',
        entityId: user.id,
        before,
        after,
        ip: actor.ip,
      });
      return orphaned;
    }),
  );
  await deps.files.remove(orphaned);
}

/** GET /Manage/UserById: a list whose first item is the edit form (docs/product.md §8.2). Never the hash. */
export async function workshopById(db: Database, id: string): Promise<WorkshopDetail[]> {
  const user = await repo.findWorkshop(db, id);
  if (!user || user.role !== 'workshop') throw notFound();
  return [
    {
      id: user.id,
      userId: user.id,
      fName: user.fName,
      fullName: user.fullName,
      cellPhone: user.cellPhone,
      phone: user.phone,
      rejeCode: user.rejeCode,
      address: user.address,
      userName: user.username,
      isPublicUser: user.isPublicUser,
      isLabOwner: user.isLabOwner,
      status: user.status,
      code: user.workshopCode,
      file: user.audioFileId ? fileAddress(user.audioFileId) : null,
    },
  ];
}
