import type { Database } from '../../db/database.ts';
import * as repo from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/**
 * Records who changed what, from what, to what (docs/product.md §5.13), in the caller's transaction:
 * what every other module calls to audit a change.
 */
export async function writeAudit(db: Database, entry: repo.AuditEntry): Promise<void> {
  await repo.writeAudit(db, entry);
}
