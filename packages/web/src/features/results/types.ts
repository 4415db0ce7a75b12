/** The public result item and answer of `POST /Tests/Result` (SPEC.md 3), from the contract. */
export type { ResultItem, ResultResponse } from '@ayar/contract';
