import { sql, type Kysely } from 'kysely';

/**
 * What a message is for. A one-time code ('otp') is sent through the provider's verification template
 * when one is configured, and its text is never shown to admins; every other message is 'notify'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages
      add column purpose text not null default 'notify' check (purpose in ('notify', 'otp'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column purpose`.execute(db);
}
