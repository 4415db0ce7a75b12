import { sql, type Kysely } from 'kysely';

/**
 * The dashboards' counts at a million packets (ADR 0015):
 * - `assay_day_counts`: live packets per workshop and Tehran day, kept by statement-level triggers on
 *   `assays` (insert, update, delete, truncate), so the tiles, the per-workshop table and the daily chart
 *   sum at most a row per workshop and day instead of scanning the packets;
 * - `assays_stats_idx`: registration time with the workshop and the first purity's time, so the median
 *   time to purity reads the index only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table assay_day_counts (
      workshop_id uuid not null,
      day date not null,
      n integer not null default 0,
      primary key (workshop_id, day)
    )
  `.execute(db);
  await sql`create index assay_day_counts_day_idx on assay_day_counts (day) include (workshop_id, n)`.execute(
    db,
  );

  // One upsert of the per-day differences. An update counts only when a packet's liveness, time or
  // workshop changed (a purity recorded touches nothing here). Rows go in key order (no deadlocks).
  await sql`
    create function assay_day_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into assay_day_counts as t (workshop_id, day, n)
        select workshop_id, (created_at at time zone 'Asia/Tehran')::date, count(*)::int
        from new_rows where deleted_at is null group by 1, 2 order by 1, 2
        on conflict (workshop_id, day) do update set n = t.n + excluded.n;
      elsif tg_op = 'DELETE' then
        update assay_day_counts t set n = t.n - o.n
        from (
          select workshop_id, (created_at at time zone 'Asia/Tehran')::date as day, count(*)::int as n
          from old_rows where deleted_at is null group by 1, 2
        ) o
        where t.workshop_id = o.workshop_id and t.day = o.day;
      else
        insert into assay_day_counts as t (workshop_id, day, n)
        select w, d, sum(k)::int from (
          select o.workshop_id as w, (o.created_at at time zone 'Asia/Tehran')::date as d, -1 as k
          from old_rows o join new_rows nr on nr.id = o.id
          where o.deleted_at is null and (nr.deleted_at is not null or nr.created_at <> o.created_at
                                          or nr.workshop_id <> o.workshop_id)
          union all
          select nr.workshop_id, (nr.created_at at time zone 'Asia/Tehran')::date, 1
          from old_rows o join new_rows nr on nr.id = o.id
          where nr.deleted_at is null and (o.deleted_at is not null or nr.created_at <> o.created_at
                                           or nr.workshop_id <> o.workshop_id)
        ) delta
        group by 1, 2 having sum(k) <> 0 order by 1, 2
        on conflict (workshop_id, day) do update set n = t.n + excluded.n;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger assays_day_counts_insert after insert on assays
      referencing new table as new_rows for each statement execute function assay_day_counts_apply()
  `.execute(db);
  await sql`
    create trigger assays_day_counts_update after update on assays
      referencing old table as old_rows new table as new_rows
      for each statement execute function assay_day_counts_apply()
  `.execute(db);
  await sql`
    create trigger assays_day_counts_delete after delete on assays
      referencing old table as old_rows for each statement execute function assay_day_counts_apply()
  `.execute(db);
  await sql`
    create function assay_day_counts_clear() returns trigger language plpgsql as $$
    begin
      truncate assay_day_counts;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger assays_day_counts_truncate after truncate on assays
      for each statement execute function assay_day_counts_clear()
  `.execute(db);

  await sql`
    insert into assay_day_counts (workshop_id, day, n)
    select workshop_id, (created_at at time zone 'Asia/Tehran')::date, count(*)::int
    from assays where deleted_at is null group by 1, 2
  `.execute(db);

  await sql`
    create index assays_stats_idx on assays (created_at) include (workshop_id, purity_at) where deleted_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assays_stats_idx`.execute(db);
  await sql`drop trigger if exists assays_day_counts_truncate on assays`.execute(db);
  await sql`drop trigger if exists assays_day_counts_delete on assays`.execute(db);
  await sql`drop trigger if exists assays_day_counts_update on assays`.execute(db);
  await sql`drop trigger if exists assays_day_counts_insert on assays`.execute(db);
  await sql`drop function if exists assay_day_counts_clear()`.execute(db);
  await sql`drop function if exists assay_day_counts_apply()`.execute(db);
  await sql`drop table if exists assay_day_counts`.execute(db);
}
