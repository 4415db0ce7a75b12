import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { poolOf, type Database } from './database.ts';
import { asPrepared } from './prepared.ts';

// ADR 0038: a named statement asks PostgreSQL to describe its rows once per connection; later runs
// reuse that description and answer exactly as before, errors included.

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(() => drop());

/** The SQL as a query that asks for a named statement (db/prepared.ts). */
const marked = (text: string) => asPrepared({ sql: text }).sql;
const TYPED = marked(`select $1::int as n, $1::bigint * 1000 as big, 'x' || $1::text as s, null::text as none,
  timestamptz '2026-01-02 03:04:05Z' + make_interval(secs => $1) as at, 10 / $1::int as tenth`);

/** A connection of the app's pool, with its Describe messages counted. */
async function countedClient() {
  const client = await poolOf(db)!.connect();
  const connection = (client as unknown as { connection: { describe: (...a: unknown[]) => void } })
    .connection;
  const describe = connection.describe.bind(connection);
  const counted = { client, describes: 0 };
  connection.describe = (...a) => {
    counted.describes++;
    describe(...a);
  };
  return counted;
}

const run = (client: pg.PoolClient, text: string, values: unknown[]) =>
  client.query(text, values).then((r) => r.rows);

describe('rows described once per connection', () => {
  it('later runs of a statement skip Describe and answer the same rows and types', async () => {
    const c = await countedClient();
    try {
      for (const n of [1, 2, 5]) {
        expect(await run(c.client, TYPED, [n])).toEqual([
          {
            n,
            big: n * 1000,
            s: `x${n}`,
            none: null,
            at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5 + n)),
            tenth: Math.trunc(10 / n),
          },
        ]);
      }
      expect(c.describes).toBe(1);
      // Another statement is described once too; an unmarked query goes as pg sends it.
      const other = marked(`select $1::text as t`);
      expect(await run(c.client, other, ['a'])).toEqual([{ t: 'a' }]);
      expect(await run(c.client, other, ['b'])).toEqual([{ t: 'b' }]);
      expect(c.describes).toBe(2);
      expect((await c.client.query('select $1::int as u', [7])).rows).toEqual([{ u: 7 }]);
    } finally {
      c.client.release();
    }
  });

  it('an error in a later run reaches the caller and the next run answers', async () => {
    const c = await countedClient();
    try {
      expect(await run(c.client, TYPED, [2])).toHaveLength(1);
      await expect(run(c.client, TYPED, [0])).rejects.toMatchObject({ code: '22012' });
      // A value pg cannot send fails before anything is sent; the connection goes on.
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(run(c.client, TYPED, [circular])).rejects.toThrow();
      expect(await run(c.client, TYPED, [10])).toMatchObject([{ n: 10, tenth: 1 }]);
    } finally {
      c.client.release();
    }
  });

  it('another connection describes the statement for itself', async () => {
    const a = await countedClient();
    const b = await countedClient();
    try {
      // A statement neither connection has run (the pool's connections are reused between tests).
      const fresh = marked(`select $1::int as n, 'y' || $1::text as s`);
      await run(a.client, fresh, [1]);
      await run(a.client, fresh, [1]);
      await run(b.client, fresh, [3]);
      expect(await run(b.client, fresh, [4])).toEqual([{ n: 4, s: 'y4' }]);
      expect([a.describes, b.describes]).toEqual([1, 1]);
    } finally {
      a.client.release();
      b.client.release();
    }
  });
});
