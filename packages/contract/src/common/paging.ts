import { z } from 'zod';
import { intInput } from './inputs.ts';

export const pagingQuerySchema = z.object({
  pageNumber: intInput({ min: 1 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(50),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** Pages = total / size rounded up (docs/product.md §6.5). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Every paged list answers `{ list, totalCount, currPage, pageSize }` (docs/product.md §6.5: pages = total /
 * size, rounded up). The legacy client read the total from the first row; one field on the page is clearer.
 */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    totalCount: z.number().int(),
    currPage: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paged<T> {
  list: T[];
  totalCount: number;
  currPage: number;
  pageSize: number;
}
