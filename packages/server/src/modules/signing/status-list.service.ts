import type { Database } from '../../db/database.ts';
import { STATUS_LIST_SIZE, statusListUri } from './status-index.lib.ts';
import type { ResultSigner } from './signer.lib.ts';
import {
  encodeStatusList,
  STATUS_LIST_BITS,
  STATUS_LIST_JWT_TYPE,
  STATUS_LIST_LIFETIME_S,
  STATUS_LIST_TTL_S,
  statusBytes,
} from './status-list.lib.ts';
import { statusListRows } from './status-list.repository.ts';

/**
 * How long "list n does not exist yet" is believed without asking the database again: a client asking
 * for list after list past the last one costs one query per this time, not one each. Short, because
 * a new list must be fetchable soon after the first result signed into it.
 */
export const MISSING_LIST_RECHECK_MS = 5_000;

export interface StatusListOptions {
  db: Database;
  resultSigner: ResultSigner;
  /** PUBLIC_URL: the lists' `sub` is absolute under it, else path-absolute (ADR 0041). */
  publicUrl?: string | undefined;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/**
 * The signed status lists (ADR 0042), each built at most once per STATUS_LIST_TTL_S per process: the
 * token is kept with its promise, so the requests that arrive while one is built wait for that one,
 * and a busy node asks the database for a list once per five minutes whatever its traffic. Only lists
 * that exist are kept, so the cache holds at most one token per list.
 */
export class StatusLists {
  readonly #options: StatusListOptions;
  readonly #now: () => number;
  readonly #tokens = new Map<number, { until: number; token: Promise<string | null> }>();
  #highest = { index: -1, until: 0 };

  constructor(options: StatusListOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** List n's token, or null when no index of its range has been drawn yet. */
  async token(list: number): Promise<string | null> {
    const now = this.#now();
    const kept = this.#tokens.get(list);
    if (kept && kept.until > now) return kept.token;
    if (list * STATUS_LIST_SIZE > this.#highest.index && this.#highest.until > now) return null;
    const entry = { until: now + STATUS_LIST_TTL_S * 1000, token: this.#build(list, now) };
    this.#tokens.set(list, entry);
    const forget = () => {
      if (this.#tokens.get(list) === entry) this.#tokens.delete(list);
    };
    try {
      const token = await entry.token;
      if (token === null) forget();
      return token;
    } catch (err) {
      // A failed build (the database, a retired key) is not kept: the next request tries again.
      forget();
      throw err;
    }
  }

  async #build(list: number, now: number): Promise<string | null> {
    const from = list * STATUS_LIST_SIZE;
    const { highest, entries } = await statusListRows(this.#options.db, from, STATUS_LIST_SIZE);
    this.#highest = { index: highest, until: now + MISSING_LIST_RECHECK_MS };
    if (highest < from) return null;
    const iat = Math.floor(now / 1000);
    return this.#options.resultSigner.signToken(STATUS_LIST_JWT_TYPE, {
      sub: statusListUri(this.#options.publicUrl, list),
      iat,
      exp: iat + STATUS_LIST_LIFETIME_S,
      ttl: STATUS_LIST_TTL_S,
      status_list: {
        bits: STATUS_LIST_BITS,
        lst: encodeStatusList(statusBytes(STATUS_LIST_SIZE, entries)),
      },
    });
  }
}
