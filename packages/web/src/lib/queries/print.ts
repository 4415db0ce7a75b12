import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import type { LabListRow, QueryOf, StoreResponse } from '@ayar/contract';
import { apiRequest } from '../api.ts';
import { apiQuery } from '../query.ts';

// What the printed papers read (docs/product.md §2.13): the lab's letterhead, and whole lists (every
// page of a paged answer) where a paper must print all rows rather than one screen's page.

const PRINT_KEY = ['print'] as const;
/** The largest page the paged lists take (their `pageSize` maximum). */
const LARGEST_PAGE = 500;

/** Reads pages 1, 2, … until `totalCount` rows are in. */
async function everyPage<A extends { list: unknown[]; totalCount: number }>(
  read: (pageNumber: number) => Promise<A>,
): Promise<{ first: A; list: A['list'] }> {
  const first = await read(1);
  const list = [...first.list];
  for (let page = 2; list.length < first.totalCount; page += 1) {
    const next = await read(page);
    if (next.list.length === 0) break;
    list.push(...next.list);
  }
  return { first, list };
}

export const printQueries = {
  /** The lab's letterhead (GET /Account/Letterhead). */
  letterhead: () => apiQuery([...PRINT_KEY, 'letterhead'], ROUTES.account.letterhead),
  /** A customer's statement for Gregorian days `from`–`to`: money, so fresh (ADR 0026). */
  statement: (query: { cid: string; from: string; to: string }) =>
    apiQuery([...PRINT_KEY, 'statement'], ROUTES.customer.statement, { query, fresh: true }),
  /** The fund report's every row for a Jalali year, or all time (`year` undefined), with its totals. */
  store: (year: number | undefined) =>
    queryOptions({
      queryKey: [...PRINT_KEY, 'store', year ?? 'all'],
      queryFn: async ({ signal }): Promise<StoreResponse> => {
        const { first, list } = await everyPage((pageNumber) =>
          apiRequest(ROUTES.account.getStore, {
            query: { year, pageNumber, pageSize: LARGEST_PAGE },
            signal,
          }),
        );
        return { ...first, list, currPage: 1, pageSize: list.length };
      },
      staleTime: 0,
      gcTime: 0,
    }),
  /** Every packet registered on one Tehran day (Gregorian yyyy-mm-dd), oldest first. */
  day: (date: string) =>
    queryOptions({
      queryKey: [...PRINT_KEY, 'day', date],
      queryFn: async ({ signal }): Promise<LabListRow[]> => {
        const query = (pageNumber: number): QueryOf<typeof ROUTES.tests.allTests> => ({
          fromDate: date,
          toDate: date,
          pageNumber,
          pageSize: LARGEST_PAGE,
        });
        const { list } = await everyPage((pageNumber) =>
          apiRequest(ROUTES.tests.allTests, { query: query(pageNumber), signal }),
        );
        return list.sort((a, b) => a.date.localeCompare(b.date) || a.docNumber - b.docNumber);
      },
      staleTime: 0,
      gcTime: 0,
    }),
};
