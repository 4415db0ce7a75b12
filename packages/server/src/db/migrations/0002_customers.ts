import { sql, type Kysely } from 'kysely';

/**
 * Customer search (docs/product.md §2.12, `CustomersByName`): a stored, Persian-normalised search key per
 * customer, the same function as the contract's `customerSearchKey` — ASCII digits, ي/ى → ی, ك → ک, no
 * diacritics, tatweel, half-space or spaces, lower case — with a btree index for prefix matches and,
 * where pg_trgm can be created (PostgreSQL 15 and 18 both ship it), a trigram index for «contains».
 */
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const FROM = `${PERSIAN_DIGITS}${ARABIC_DIGITS}\u064a\u0649\u0643`;
const TO = '01234567890123456789\u06cc\u06cc\u06a9';
// Fathatan … sukun and the other Arabic marks (U+064B–U+065F), superscript alef, tatweel, ZWNJ, ZWJ, spaces.
const DROPPED = `[\u064b-\u065f\u0670\u0640\u200c\u200d \t\n\r\u00a0]`;

/** The search key of a text column, as SQL (migration 0009 keys packets' other-owner names the same way). */
export function searchKeySql(column: string) {
  return sql`lower(regexp_replace(translate(${sql.ref(column)}, ${sql.lit(FROM)}, ${sql.lit(TO)}), ${sql.lit(DROPPED)}, '', 'g'))`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customers add column search_key text generated always as (${searchKeySql('name')}) stored
  `.execute(db);
  await sql`
    create index customers_search_prefix_idx on customers (workshop_id, search_key text_pattern_ops)
      where deleted_at is null
  `.execute(db);
  await sql`create index customers_mobile_idx on customers (workshop_id, mobile1) where deleted_at is null`.execute(
    db,
  );
  await sql`create index payments_workshop_paid_idx on payments (workshop_id, paid_on) where deleted_at is null`.execute(
    db,
  );
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. If it is not
  // installed, «contains» searches still work, scanning one workshop's customers.
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%); customer search runs without a trigram index', sqlerrm;
    end $$
  `.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index customers_search_trgm_idx on customers using gin (search_key gin_trgm_ops) where deleted_at is null';
      end if;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists customers_search_trgm_idx;
    drop index if exists customers_search_prefix_idx;
    drop index if exists customers_mobile_idx;
    drop index if exists payments_workshop_paid_idx;
    alter table customers drop column if exists search_key;
  `.execute(db);
}
