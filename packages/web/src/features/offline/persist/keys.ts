import type { QueryKey } from '@tanstack/react-query';

/**
 * The queries a workshop's counter needs when it opens offline (ADR 0033), by the start of their keys
 * (the features' own: their api.ts and lib/queries). Only these are written to IndexedDB: nothing of
 * the admin's screens, no payments, credits or other labs, and never the login (a mutation, not a
 * query). app/offlineCache.test.ts checks the features' keys still start like this.
 */
export const PERSISTED_KEY_PREFIXES: readonly QueryKey[] = [
  // lab/add's customer picker (with each customer's fee settings): the lab's customer book (ADR 0047)
  // and searches; customer/list, customer/edit.
  ['customers', 'book'],
  ['customers', 'byName'],
  ['customers', 'all'],
  ['customers', 'one'],
  // lab/list, the waiting list (lab/list/true), a packet opened from them, and its slip.
  ['assays', 'list'],
  ['assays', 'one'],
  ['assays', 'detail'],
  // The dashboard's waiting badge and bench (a count: shown from here only while offline).
  ['assays', 'waitingCount'],
  // code/add: the lab's ranges and their unused numbers (its own balance: again only while offline).
  ['codes', 'mine'],
  // The dashboard a start opens on: the lab's own tiles and chart (for the same dates: read today).
  ['statistics', 'lab'],
  ['statistics', 'daily', false],
  // The profile (the bench's flags) and user-settings/edit's SMS texts.
  ['profile'],
  ['sms-templates'],
];

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => key[i] === part);

/** Whether a query of this key is kept for the workshop's next offline start. */
export function isPersistedKey(key: QueryKey): boolean {
  return PERSISTED_KEY_PREFIXES.some((prefix) => startsWith(key, prefix));
}
