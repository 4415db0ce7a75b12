import { sql, type Kysely } from 'kysely';

/**
 * Photos by file (ADR 17). assay_images' key leads with the packet, so "is this file attached?" walked
 * the whole table: the unused-file sweep asks it of every old file, and deleting a file row makes the
 * foreign key ask it again (as a workshop's deletion already did). With this index both are one probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index assay_images_file_idx on assay_images (file_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assay_images_file_idx`.execute(db);
}
