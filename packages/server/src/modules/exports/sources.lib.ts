import type { z } from 'zod';
import type { EXPORT_QUERIES, ExportName } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { ExportRow } from './writer.lib.ts';

// What an export's rows come from (ADR 0055): a list's own service, read in batches inside the
// export's one snapshot. Shared by the lab's and the administrator's sources.

/** An export ready to stream: its row count (known before the first byte) and its rows in batches. */
export interface OpenedExport {
  total: number;
  batches: AsyncIterable<ExportRow[]>;
  /** The file's Persian name when it is not the export's own (a customer's statement names the customer). */
  fileName?: string;
}

export type ExportQuery<N extends ExportName> = z.output<(typeof EXPORT_QUERIES)[N]>;

/** Opens one export for the signed-in user: scope from the session, filters from the query. */
export type ExportSource<N extends ExportName> = (
  db: Database,
  user: SessionUser,
  query: ExportQuery<N>,
  batchSize: number,
) => Promise<OpenedExport>;

export type ExportSources<N extends ExportName> = { readonly [K in N]: ExportSource<K> };

interface Page<T> {
  list: T[];
  totalCount: number;
}

/**
 * A paged list read page after page with its own service (the screen's query, scope and order), a
 * batch a page. The export's snapshot (repeatable read) keeps the pages from shifting under it.
 */
export async function paged<T>(
  read: (page: { pageNumber: number; pageSize: number }) => Promise<Page<T>>,
  toRow: (item: T) => ExportRow,
  batchSize: number,
): Promise<OpenedExport> {
  const first = await read({ pageNumber: 1, pageSize: batchSize });
  async function* batches(): AsyncGenerator<ExportRow[]> {
    yield first.list.map(toRow);
    let done = first.list.length;
    for (let pageNumber = 2; done < first.totalCount; pageNumber++) {
      const page = await read({ pageNumber, pageSize: batchSize });
      if (page.list.length === 0) return;
      done += page.list.length;
      yield page.list.map(toRow);
    }
  }
  return { total: first.totalCount, batches: batches() };
}

/** A list its service answers whole (a customer's entries, a lab's ranges): one batch. */
export function whole(rows: ExportRow[], fileName?: string): OpenedExport {
  async function* batches(): AsyncGenerator<ExportRow[]> {
    yield rows;
  }
  return { total: rows.length, batches: batches(), ...(fileName ? { fileName } : {}) };
}
