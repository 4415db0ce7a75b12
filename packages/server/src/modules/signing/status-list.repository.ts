import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StatusValue } from './status-list.lib.ts';

export interface StatusListRows {
  /** The highest global index ever drawn from the sequence, or -1 while none has been. */
  highest: number;
  /** The entries of [from, from + size) that are not 0 (VALID), with their index inside the list. */
  entries: { idx: number; value: StatusValue }[];
}

/**
 * One list's entries in one query (ADR 0042). Each version's value follows from its place in its
 * result's history: the current version (assays.result_version) is VALID and is left out (0 is the
 * default); an earlier one is INVALID when the current version withdrew or deleted the result, else
 * SUPERSEDED; a version deleted with its packet (result_status_revoked) is INVALID. Not scoped to a workshop: the list is public by design and names no one, only indexes.
 * The sequence, not the rows, says which lists exist: an index drawn in a transaction that rolled
 * back still belongs to its list.
 */
export async function statusListRows(db: Database, from: number, size: number): Promise<StatusListRows> {
  const { rows } = await sql<{ highest: number; idx: number | null; value: StatusValue | null }>`
    select s.highest, e.idx, e.value
    from (select case when is_called then last_value else -1 end as highest from result_status_idx_seq) s
    left join lateral (
      select (v.status_idx - ${from})::int as idx,
        (case when cur.status in ('withdrawn', 'deleted') then 1 else 3 end)::int as value
      from result_versions v
      join assays a on a.id = v.assay_id
      left join result_versions cur on cur.assay_id = a.id and cur.version = a.result_version
      where v.status_idx >= ${from} and v.status_idx < ${from + size}
        and v.version < a.result_version
      union all
      -- A version deleted with its packet (a workshop's removal) still verifies: it reads INVALID.
      select (r.status_idx - ${from})::int, 1
      from result_status_revoked r
      where r.status_idx >= ${from} and r.status_idx < ${from + size}
    ) e on true
  `.execute(db);
  const highest = Number(rows[0]?.highest ?? -1);
  const entries = rows.flatMap((r) =>
    r.idx === null || r.value === null ? [] : [{ idx: r.idx, value: r.value }],
  );
  return { highest, entries };
}
