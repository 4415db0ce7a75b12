import '../../../test/fakeIndexedDb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query.ts';
import { PERSIST_LIMITS, cacheBuster, persistQueryCache } from './persister.ts';
import type { PersistedCache } from './persister.ts';
import { clearQueries, peekStored, readQueries, writeQueries } from './store.ts';
import type { PersistedQuery } from './store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_KEY = ['assays', 'list', { pageNumber: 1, pageSize: 100 }, null];
const page = (name: string) => ({
  list: [{ id: 'p1', customerName: name }],
  totalCount: 1,
  currPage: 1,
  pageSize: 100,
});

/** A query read from the server as a screen reads it: through its queryFn, whatever the cache holds. */
function read(client: QueryClient, queryKey: QueryKey, data: unknown) {
  return client.fetchQuery({ queryKey, queryFn: () => data, staleTime: 0 });
}

/** The browser's connection, as TanStack follows it (lib/query.ts): navigator.onLine and its events. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** What the store holds for the workshop w1 (a read of the store waits for every write before it). */
async function stored(): Promise<Map<string, unknown>> {
  const queries = await readQueries(cacheBuster('w1'));
  return new Map(queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

/** A stored query as an earlier session left it, read `ageMs` ago. */
function storedQuery(
  queryKey: QueryKey,
  data: unknown,
  ageMs: number,
  fresh = false,
  now = Date.now(),
): PersistedQuery {
  const client = createQueryClient();
  client.setQueryData(queryKey, data, { updatedAt: now - ageMs });
  const query = client.getQueryCache().find({ queryKey, exact: true })!;
  return {
    queryKey,
    queryHash: query.queryHash,
    state: query.state,
    dehydratedAt: Date.now(),
    ...(fresh ? { meta: { fresh } } : {}),
  };
}

let sessions: PersistedCache[] = [];
function persist(client: QueryClient, userId = 'w1') {
  const cache = persistQueryCache(client, userId);
  sessions.push(cache);
  return cache;
}

beforeEach(() => {
  window.dispatchEvent(new Event('online'));
});

afterEach(async () => {
  vi.useRealTimers();
  for (const session of sessions) session.stop();
  sessions = [];
  await clearQueries();
});

describe('the workshop’s persisted query cache', () => {
  it('writes the counter’s queries and nothing else', async () => {
    const client = createQueryClient();
    await persist(client).restored;
    await read(client, LIST_KEY, page('حسن'));
    await read(client, ['customers', 'byName', { name: '' }, null], [{ id: 'c1', name: 'حسن' }]);
    await read(client, ['assays', 'manage', 'list', {}, null], page('آزمایشگاه دیگر'));
    await read(client, ['payments', 'customer', { cid: 'c1' }, null], { balance: 1 });
    await read(client, ['credits', 'mine', null, null], { totalBalance: 5 });

    await vi.waitFor(async () => expect((await stored()).size).toBe(2));
    expect([...(await stored()).keys()]).toEqual(
      expect.arrayContaining([
        JSON.stringify(LIST_KEY),
        JSON.stringify(['customers', 'byName', { name: '' }, null]),
      ]),
    );
  });

  it('restores what an earlier session stored, as stale, so a screen shown online asks again', async () => {
    await writeQueries(cacheBuster('w1'), [storedQuery(LIST_KEY, page('حسن'), 60_000)], []);
    const client = createQueryClient();
    await persist(client).restored;
    expect(client.getQueryData(LIST_KEY)).toEqual(page('حسن'));
    expect(client.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
  });

  it('restores the customer book as it was: read again only once its staleTime has passed (ADR 0047)', async () => {
    const BOOK_KEY = ['customers', 'book', null, null];
    const book = {
      ...storedQuery(BOOK_KEY, { list: [], totalCount: 0 }, 60_000),
      meta: { staleByAge: true },
    };
    await writeQueries(cacheBuster('w1'), [book, storedQuery(LIST_KEY, page('حسن'), 60_000)], []);
    const client = createQueryClient();
    await persist(client).restored;
    expect(client.getQueryState(BOOK_KEY)?.isInvalidated).toBe(false);
    expect(client.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
  });

  it('restores nothing of another user, and deletes it', async () => {
    await writeQueries(cacheBuster('w2'), [storedQuery(LIST_KEY, page('حسن'), 60_000)], []);
    const client = createQueryClient();
    await persist(client, 'w1').restored;
    expect(client.getQueryData(LIST_KEY)).toBeUndefined();
    expect(await peekStored()).toEqual({ buster: cacheBuster('w1'), queries: [] });
  });

  it('restores nothing another version stored', async () => {
    await writeQueries('0.0.1:w1', [storedQuery(LIST_KEY, page('حسن'), 60_000)], []);
    expect(cacheBuster('w1')).not.toBe('0.0.1:w1');
    const client = createQueryClient();
    await persist(client, 'w1').restored;
    expect(client.getQueryData(LIST_KEY)).toBeUndefined();
  });

  it('restores data read up to 7 days ago and drops older data', async () => {
    const edge = ['assays', 'list', { pageNumber: 2 }, null];
    const past = ['assays', 'list', { pageNumber: 3 }, null];
    await writeQueries(
      cacheBuster('w1'),
      [
        storedQuery(edge, page('هفت روز'), PERSIST_LIMITS.maxAgeMs - 60_000),
        storedQuery(past, page('هشت روز'), PERSIST_LIMITS.maxAgeMs + 60_000),
      ],
      [],
    );
    const client = createQueryClient();
    await persist(client).restored;
    expect(client.getQueryData(edge)).toEqual(page('هفت روز'));
    expect(client.getQueryData(past)).toBeUndefined();
    expect(PERSIST_LIMITS.maxAgeMs).toBe(7 * DAY_MS);
    // The expired one leaves the store too.
    await vi.waitFor(async () => expect([...(await stored()).keys()]).toEqual([JSON.stringify(edge)]));
  });

  it('shows stored money and counts only offline: online they are asked for first', async () => {
    const count = ['assays', 'waitingCount', { waitFor: true }, null];
    await writeQueries(cacheBuster('w1'), [storedQuery(count, { totalCount: 4 }, 60_000, true)], []);

    const online = createQueryClient();
    await persist(online).restored;
    expect(online.getQueryData(count)).toBeUndefined();
    sessions.pop()!.stop();

    setConnection(false);
    const offline = createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
    await persist(offline).restored;
    expect(offline.getQueryData(count)).toEqual({ totalCount: 4 });
    // The line returns: no screen shows it, so the old count goes.
    setConnection(true);
    expect(offline.getQueryData(count)).toBeUndefined();
  });

  it('brings every stored screen back when the line drops, even ones the cache had let go', async () => {
    const client = createQueryClient();
    await persist(client).restored;
    await read(client, LIST_KEY, page('حسن'));
    await vi.waitFor(async () => expect((await stored()).size).toBe(1));
    client.removeQueries({ queryKey: LIST_KEY });

    setConnection(false);
    expect(client.getQueryData(LIST_KEY)).toEqual(page('حسن'));
  });

  it('writes at most every 2 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = createQueryClient();
    await persist(client).restored;
    await read(client, LIST_KEY, page('اول'));
    await vi.advanceTimersByTimeAsync(0);
    expect((await stored()).get(JSON.stringify(LIST_KEY))).toEqual(page('اول'));

    await read(client, LIST_KEY, page('دوم'));
    await vi.advanceTimersByTimeAsync(PERSIST_LIMITS.writeEveryMs - 1);
    expect((await stored()).get(JSON.stringify(LIST_KEY))).toEqual(page('اول'));
    await vi.advanceTimersByTimeAsync(1);
    expect((await stored()).get(JSON.stringify(LIST_KEY))).toEqual(page('دوم'));
  });

  it('keeps the 150 most recently read queries and drops the oldest past them', async () => {
    const key = (n: number) => ['assays', 'one', `p${n}`, { testId: `p${n}` }, null];
    // One clock for all 150: ages 1 ms apart must not be reordered by a slow machine's clock moving.
    const now = Date.now();
    await writeQueries(
      cacheBuster('w1'),
      Array.from({ length: PERSIST_LIMITS.maxQueries }, (_, n) =>
        storedQuery(key(n), { n }, 60_000 + n, false, now),
      ),
      [],
    );
    const client = createQueryClient();
    await persist(client).restored;
    // At the limit: nothing is dropped by a write.
    await read(client, key(0), { n: 0 });
    await vi.waitFor(async () => expect((await stored()).get(JSON.stringify(key(0)))).toEqual({ n: 0 }));
    expect((await stored()).size).toBe(PERSIST_LIMITS.maxQueries);

    // One more: the least recently read (p149, read longest ago) goes.
    await read(client, key(150), { n: 150 });
    // (written within 2 s of the write before)
    await vi.waitFor(async () => expect((await stored()).has(JSON.stringify(key(150)))).toBe(true), {
      timeout: PERSIST_LIMITS.writeEveryMs + 1_000,
    });
    const after = await stored();
    expect(after.size).toBe(PERSIST_LIMITS.maxQueries);
    expect(after.has(JSON.stringify(key(149)))).toBe(false);
    expect(after.has(JSON.stringify(key(148)))).toBe(true);
  });
});
