/** The public result item and answer of `POST /Tests/Result` (docs/product.md §3.4), from the contract. */
export type { ResultItem, ResultResponse } from '@ayar/contract';
