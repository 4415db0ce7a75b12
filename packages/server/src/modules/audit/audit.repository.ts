import type { Database } from '../../db/database.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

/** One row of the audit log: who changed what, from what, to what (docs/product.md §5.13). */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip,
    })
    .execute();
}
