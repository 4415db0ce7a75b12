import { sql, type SqlBool } from 'kysely';
import { TEHRAN_TZ } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

// Deleting packets and the requests to (ADR 0012, 0025). The rows are locked by the caller.

export async function softDelete(db: Database, id: string, by: string): Promise<void> {
  await db
    .updateTable('assays')
    .set({ deletedAt: sql<Date>`now()`, deletedBy: by, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}

/** A new request: an earlier decline is answered by it, so its note leaves the packet. */
export async function markDeleteRequested(db: Database, id: string, by: string): Promise<void> {
  await db
    .updateTable('assays')
    .set({
      deleteRequestedAt: sql<Date>`now()`,
      deleteRequestedBy: by,
      deleteDeclinedAt: null,
      deleteDeclinedBy: null,
      deleteDeclineReason: null,
    })
    .where('id', '=', id)
    .where('deleteRequestedAt', 'is', null)
    .execute();
}

/** Closes the pending request with the admin's reason; the packet stays as it is. */
export async function declineRequest(db: Database, id: string, by: string, reason: string): Promise<void> {
  await db
    .updateTable('assays')
    .set({
      deleteRequestedAt: null,
      deleteRequestedBy: null,
      deleteDeclinedAt: sql<Date>`now()`,
      deleteDeclinedBy: by,
      deleteDeclineReason: reason,
    })
    .where('id', '=', id)
    .where('deleteRequestedAt', 'is not', null)
    .execute();
}

/**
 * Soft-deletes every live packet of the scope (the whole network, for the admin's clean-up) registered
 * before the start of that Tehran day; the count.
 */
export async function removeBefore(
  db: Database,
  scope: Scope,
  startDate: string,
  by: string,
): Promise<number> {
  const result = await db
    .updateTable('assays')
    .set({ deletedAt: sql<Date>`now()`, deletedBy: by, updatedAt: sql<Date>`now()` })
    .where('deletedAt', 'is', null)
    .where((eb) => inScope(eb, 'workshopId', scope))
    .where(sql<SqlBool>`created_at < (${startDate}::date)::timestamp at time zone ${TEHRAN_TZ}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
