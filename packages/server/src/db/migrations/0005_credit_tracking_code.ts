import { sql, type Kysely } from 'kysely';

/**
 * A tracking code names one bank transfer: a workshop may not have two live (pending or accepted)
 * requests with the same code. The service already checks under a lock; this makes it a constraint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index credits_live_tracking_code_key
      on credits (workshop_id, lower(tracking_code)) where status in (0, 1)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists credits_live_tracking_code_key`.execute(db);
}
