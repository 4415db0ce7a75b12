import { sql, type Kysely } from 'kysely';
import { searchKeySql } from './0002_customers.ts';

/**
 * The lab list's name filter (filter type 1) matches a packet by its customer's name or, for «مشتری
 * متفرقه», by the owner name typed on the packet. Its total count was the one list query over budget
 * (80 ms p95 at 1,000,000 packets): the OR of the two made PostgreSQL read every packet of the lab and
 * case-fold each owner name. Now the count adds two disjoint counts, each index-only (~4 ms):
 * - customers' packets: (workshop_id, customer_id) for the few matching customers;
 * - other owners' packets: a partial index of the lab's packets without a customer, carrying
 *   `other_owner_key`, the owner name normalised exactly as customers' `search_key` (0002), so both
 *   halves match «علي» and «علی», «كاظم» and «کاظم», with or without spaces, alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assays add column other_owner_key text generated always as (${searchKeySql('other_owner_name')}) stored
  `.execute(db);
  await sql`
    create index assays_workshop_customer_idx on assays (workshop_id, customer_id) where deleted_at is null
  `.execute(db);
  await sql`
    create index assays_other_owner_idx on assays (workshop_id, created_at desc, doc_number desc)
      include (id, other_owner_key) where customer_id is null and deleted_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists assays_other_owner_idx;
    drop index if exists assays_workshop_customer_idx;
    alter table assays drop column if exists other_owner_key;
  `.execute(db);
}
