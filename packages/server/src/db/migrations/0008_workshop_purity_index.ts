import { sql, type Kysely } from 'kysely';

/**
 * The lab list's purity filter (filter type 4). The network-wide (purity, created_at) index made a
 * lab's count walk every packet of that purity in the network: at 1,000,000 packets a common purity
 * took 25–100 ms. Per lab, in list order, with the id inside, page and count are index-only: ~0.2 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index assays_workshop_purity_idx on assays (workshop_id, purity, created_at desc, doc_number desc)
      include (id) where deleted_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assays_workshop_purity_idx`.execute(db);
}
