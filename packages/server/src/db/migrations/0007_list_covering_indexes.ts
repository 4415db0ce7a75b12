import { sql, type Kysely } from 'kysely';

/**
 * The lab lists page with OFFSET over the list order and then join only the page's 100 rows
 * (assays.repository `listAssays`). With the packet id inside the index, skipping rows and counting
 * them are index-only scans: a deep page of a large lab no longer reads a heap row per skipped packet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index assays_workshop_list_cover_idx on assays (workshop_id, created_at desc, doc_number desc)
      include (id) where deleted_at is null
  `.execute(db);
  await sql`drop index if exists assays_workshop_list_idx`.execute(db);
  await sql`
    create index assays_list_cover_idx on assays (created_at desc, doc_number desc)
      include (id, workshop_id) where deleted_at is null
  `.execute(db);
  await sql`drop index if exists assays_list_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index assays_workshop_list_idx on assays (workshop_id, created_at desc, doc_number desc)
      where deleted_at is null
  `.execute(db);
  await sql`drop index if exists assays_workshop_list_cover_idx`.execute(db);
  await sql`create index assays_list_idx on assays (created_at desc, doc_number desc) where deleted_at is null`.execute(
    db,
  );
  await sql`drop index if exists assays_list_cover_idx`.execute(db);
}
