import { sql, type Kysely } from 'kysely';

/**
 * Indexes of the lab lists (docs/product.md §2.11, §2.14): 100 rows a page, newest first, at a million
 * packets.
 * - a workshop's list: (workshop_id, created_at desc, doc_number desc), replacing the index without the tie-break
 *   (the number breaks ties (one registration shares one instant), so pages never overlap);
 * - the admin's list across workshops: (created_at desc, doc_number desc);
 * - the admin's purity filter across workshops: (purity, created_at desc).
 * All partial on live packets: deleted ones never appear in a list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assays_workshop_created_idx`.execute(db);
  await sql`
    create index assays_workshop_list_idx on assays (workshop_id, created_at desc, doc_number desc)
      where deleted_at is null
  `.execute(db);
  await sql`create index assays_list_idx on assays (created_at desc, doc_number desc) where deleted_at is null`.execute(
    db,
  );
  await sql`
    create index assays_purity_idx on assays (purity, created_at desc) where deleted_at is null and purity is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assays_purity_idx`.execute(db);
  await sql`drop index if exists assays_list_idx`.execute(db);
  await sql`drop index if exists assays_workshop_list_idx`.execute(db);
  await sql`
    create index assays_workshop_created_idx on assays (workshop_id, created_at desc) where deleted_at is null
  `.execute(db);
}
