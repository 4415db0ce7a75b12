/** A public result item of `POST /Tests/Result` (SPEC.md 3). Local until the contract gains a schema. */
export interface ResultItem {
  id?: string;
  title?: string | null;
  customerName?: string | null;
  series?: string | number | null;
  purity?: number | string | null;
  name?: string | null;
  rejeCode?: string | null;
  createDate?: string | null;
  remain?: number | null;
  images?: string[] | null;
}

export interface ResultResponse {
  list: ResultItem[];
}
