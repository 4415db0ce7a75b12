import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { normalizePersianName } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { DB, NewUser, UserUpdate } from '../../db/schema.ts';
import { inScope, type WorkshopScope } from '../../lib/scope.ts';

type Db = Kysely<DB>;
export type WorkshopStatusValue = 0 | 1 | 5 | 9;
export type WorkshopSort = 'fName' | 'fullName' | 'createdAt';

/** The Persian-normalised, lower-cased form of a column, as `normalizePersianName` makes the needle. */
function normalizedColumn(column: 'users.fName' | 'users.fullName' | 'users.username') {
  return sql<string>`translate(lower(${sql.ref(column)}), ${'\u064a\u0643\u200c'}, ${'\u06cc\u06a9'})`;
}

/** fName, fullName (and the user name, for the admin) contain the text, ignoring ي/ی, ك/ک and half-spaces. */
function nameMatches(text: string, withUsername: boolean): Expression<SqlBool> {
  const needle = normalizePersianName(text);
  const columns: ('users.fName' | 'users.fullName' | 'users.username')[] = ['users.fName', 'users.fullName'];
  if (withUsername) columns.push('users.username');
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`strpos(${normalizedColumn(c)}, ${needle}) > 0`),
    sql` or `,
  )})`;
}

export interface ListFilter {
  name?: string | undefined;
  statuses: readonly WorkshopStatusValue[];
  sortName: WorkshopSort;
  /** Status groups in this order first (the public list: 1 then 5; the admin: 0, 9, 5, 1). */
  statusOrder: readonly WorkshopStatusValue[];
  pageNumber: number;
  pageSize: number;
  withUsername: boolean;
}

function filtered(db: Db, filter: ListFilter) {
  let query = db
    .selectFrom('users')
    .where('users.role', '=', 'workshop')
    .where('users.status', 'in', [...filter.statuses]);
  if (filter.name) query = query.where(nameMatches(filter.name, filter.withUsername));
  return query;
}

/** One page of workshops and the total, ordered by status group, then by the chosen column. */
export async function listWorkshops(db: Database, filter: ListFilter) {
  const total = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const order = sql<number>`array_position(${sql.val(filter.statusOrder.map(Number))}::int[], ${sql.ref('users.status')}::int)`;
  let query = filtered(db, filter)
    .select([
      'users.id',
      'users.fName',
      'users.fullName',
      'users.username',
      'users.workshopCode',
      'users.status',
      'users.cellPhone',
      'users.phone',
      'users.createdAt',
    ])
    .orderBy(order);
  query =
    filter.sortName === 'createdAt'
      ? query.orderBy('users.createdAt', 'desc')
      : query.orderBy(filter.sortName === 'fullName' ? 'users.fullName' : 'users.fName');
  const rows = await query
    .orderBy('users.id')
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize)
    .execute();
  return { rows, total: Number(total.count) };
}

export async function usersByName(
  db: Database,
  name: string,
  status: WorkshopStatusValue | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.fName', 'users.fullName', 'users.username'])
    .where('users.role', '=', 'workshop');
  if (name) query = query.where(nameMatches(name, true));
  if (status !== undefined) query = query.where('users.status', '=', status);
  return query.orderBy('users.fName').orderBy('users.id').limit(limit).execute();
}

export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Postgres' unique-violation on the case-insensitive user name index. */
export function isUsernameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === 'users_username_lower_key');
}

export async function insertWorkshop(db: Db, user: NewUser) {
  return db.insertInto('users').values(user).returning(['id', 'workshopCode']).executeTakeFirstOrThrow();
}

export function findWorkshop(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user row locked for the rest of the transaction (status changes, deletion). */
export function lockUser(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setStatus(db: Db, id: string, status: WorkshopStatusValue): Promise<void> {
  await db
    .updateTable('users')
    .set({ status, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updateWorkshop(db: Db, id: string, values: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface Dependencies {
  assays: number;
  customers: number;
  codeRanges: number;
  credits: number;
  payments: number;
}

/** What a workshop still has: every row, soft-deleted ones included (they are the audit trail). */
export async function countDependencies(db: Db, scope: WorkshopScope): Promise<Dependencies> {
  const count = (table: 'assays' | 'customers' | 'codeRanges' | 'credits' | 'payments') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => inScope(eb, 'workshopId', scope))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [assays, customers, codeRanges, credits, payments] = await Promise.all([
    count('assays'),
    count('customers'),
    count('codeRanges'),
    count('credits'),
    count('payments'),
  ]);
  return { assays, customers, codeRanges, credits, payments };
}

/**
 * Deletes a workshop and everything that is its own, inside the caller's transaction. Messages keep
 * their text for the record with the workshop and packet references cleared. Returns the storage keys
 * of deleted files, to remove from disk once the transaction has committed.
 */
export async function deleteWorkshopRows(
  db: Db,
  scope: WorkshopScope,
): Promise<{ storageKeys: string[]; files: number }> {
  const workshopId = scope.id;
  const assayIds = db.selectFrom('assays').select('id').where('workshopId', '=', workshopId);
  const imageFiles = await db
    .selectFrom('assayImages')
    .select('fileId')
    .where('assayId', 'in', assayIds)
    .execute();

  await db.updateTable('messages').set({ assayId: null }).where('assayId', 'in', assayIds).execute();
  await db.updateTable('messages').set({ workshopId: null }).where('workshopId', '=', workshopId).execute();
  await db.deleteFrom('assayImages').where('assayId', 'in', assayIds).execute();
  await db.deleteFrom('assays').where('workshopId', '=', workshopId).execute();
  await db.deleteFrom('payments').where('workshopId', '=', workshopId).execute();
  await db.deleteFrom('customers').where('workshopId', '=', workshopId).execute();
  await db.deleteFrom('codeRanges').where('workshopId', '=', workshopId).execute();
  await db.deleteFrom('credits').where('workshopId', '=', workshopId).execute();

  // References to the user from rows that are not its own (none are expected; kept safe anyway).
  await db.updateTable('assays').set({ createdBy: null }).where('createdBy', '=', workshopId).execute();
  await db.updateTable('assays').set({ deletedBy: null }).where('deletedBy', '=', workshopId).execute();
  await db
    .updateTable('assays')
    .set({ deleteRequestedBy: null })
    .where('deleteRequestedBy', '=', workshopId)
    .execute();
  await db.updateTable('payments').set({ createdBy: null }).where('createdBy', '=', workshopId).execute();
  await db.updateTable('codeRanges').set({ createdBy: null }).where('createdBy', '=', workshopId).execute();
  await db.updateTable('credits').set({ decidedBy: null }).where('decidedBy', '=', workshopId).execute();
  await db
    .updateTable('systemSettings')
    .set({ updatedBy: null })
    .where('updatedBy', '=', workshopId)
    .execute();

  const user = await db
    .selectFrom('users')
    .select('audioFileId')
    .where('id', '=', workshopId)
    .executeTakeFirst();
  await db.updateTable('users').set({ audioFileId: null }).where('id', '=', workshopId).execute();
  const fileIds = [...imageFiles.map((f) => f.fileId), ...(user?.audioFileId ? [user.audioFileId] : [])];
  const deletedFiles = await db
    .deleteFrom('files')
    .where((eb) =>
      eb.and([
        fileIds.length > 0
          ? eb.or([eb('ownerId', '=', workshopId), eb('id', 'in', fileIds)])
          : eb('ownerId', '=', workshopId),
        eb.not(
          eb.exists(
            eb.selectFrom('assayImages').select('assayId').whereRef('assayImages.fileId', '=', 'files.id'),
          ),
        ),
      ]),
    )
    .returning(['storageKey', 'thumbnailKey'])
    .execute();

  await db.deleteFrom('otpCodes').where('userId', '=', workshopId).execute();
  await db.deleteFrom('sessions').where('userId', '=', workshopId).execute();
  await db.deleteFrom('users').where('id', '=', workshopId).execute();
  return {
    storageKeys: deletedFiles.flatMap((f) => [f.storageKey, ...(f.thumbnailKey ? [f.thumbnailKey] : [])]),
    files: deletedFiles.length,
  };
}

/** An audio file that may be linked to a workshop. */
export function findAudioFile(db: Db, fileId: string) {
  return (
    db
      .selectFrom('files')
      .select(['id', 'storageKey', 'ownerId'])
      .where('id', '=', fileId)
      .where('kind', '=', 'audio')
      // Held until the workshop is saved, so the unused-file sweep (ADR 17) cannot delete it meanwhile.
      .forKeyShare()
      .executeTakeFirst()
  );
}

export async function setFileOwner(db: Db, fileId: string, ownerId: string): Promise<void> {
  await db.updateTable('files').set({ ownerId }).where('id', '=', fileId).execute();
}

/** Removes a file row no longer used by anyone; returns its storage key, if it was deleted. */
export async function deleteUnusedFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('users').select('id').whereRef('users.audioFileId', '=', 'files.id'))),
        eb.not(
          eb.exists(
            eb.selectFrom('assayImages').select('assayId').whereRef('assayImages.fileId', '=', 'files.id'),
          ),
        ),
      ]),
    )
    .returning(['storageKey', 'thumbnailKey'])
    .execute();
  return rows.flatMap((f) => [f.storageKey, ...(f.thumbnailKey ? [f.thumbnailKey] : [])]);
}
