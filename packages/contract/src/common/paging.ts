import { z } from 'zod';
import { intInput } from './digits.ts';

export const pagingQuerySchema = z.object({
  pageNumber: intInput({ min: 1 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(50),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** Pages = total / size rounded up (SPEC.md 9). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
