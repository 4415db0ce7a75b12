import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { CompiledOnce } from './compiled-query.ts';
import { createDatabase, poolOf, type Database } from './database.ts';
import { statementName } from './prepared.ts';

// ADR 0035: on a Database's own pool a CompiledOnce runs past Kysely's executor. Its rows must be what
// the executor would have given (the CamelCasePlugin's keys, nested JSON included), and it must still
// run as a named statement.

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(() => drop());

const query = new CompiledOnce([0, 0] as [number, number], (d, n, min) =>
  d
    .selectNoFrom([
      sql<number>`${n}::int`.as('docNumber'),
      sql<unknown>`'{"show_type": true, "inner_part": {"a_b": [{"c_d": 1}]}}'::jsonb`.as('reportSettings'),
      sql<string[]>`array['x_y', 'z']`.as('imageIds'),
      sql<unknown[]>`'[{"e_f": 1}, 2, "g_h"]'::jsonb`.as('jsonList'),
      sql<Date>`'2026-11-24T10:00:00Z'::timestamptz`.as('createdAt'),
      sql<null>`null`.as('deletedAt'),
    ])
    .where(sql<boolean>`${min}::int > 0`),
);

/** The row as the executor gives it. */
const row = (docNumber: number) => ({
  docNumber,
  reportSettings: { showType: true, innerPart: { aB: [{ cD: 1 }] } },
  imageIds: ['x_y', 'z'],
  jsonList: [{ eF: 1 }, 2, 'g_h'],
  createdAt: new Date('2026-11-24T10:00:00Z'),
  deletedAt: null,
});

describe('a query compiled once', () => {
  it('answers on the pool exactly as through Kysely: camelCase keys, nested JSON keys too, values untouched', async () => {
    expect(poolOf(db)).toBeDefined();
    // The columns come back under snake_case names, so the renaming is what is being tested.
    expect(query.compiled(db).sql).toContain('as "doc_number"');
    const pooled = await query.first(db, 7, 1);
    // In a transaction there is no pool of its own: the same statement goes through the executor.
    const executed = await db.transaction().execute((trx) => {
      expect(poolOf(trx)).toBeUndefined();
      return query.first(trx, 7, 1);
    });
    expect(pooled).toEqual(row(7));
    expect(executed).toEqual(pooled);
    expect(await query.first(db, 7, -1)).toBeUndefined();
  });

  it('runs as a named statement on the connection, prepared once', async () => {
    const single = createDatabase(poolOf(db)!.options.connectionString!, 1);
    try {
      for (const n of [1, 2, 3]) expect((await query.first(single, n, n))?.docNumber).toBe(n);
      const { rows } = await poolOf(single)!.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'ayar\\_%'`,
      );
      expect(rows.map((r) => r.name)).toEqual([statementName(query.compiled(single).sql)]);
    } finally {
      await single.destroy();
    }
  });

  it('on one connection, run through the executor and past it, each way keeps its own rows', async () => {
    // Past the executor pg names the columns as the plugin would (described once for that); through it,
    // with the columns' own names, for the plugin to rename. Neither may take the other's description.
    const single = createDatabase(poolOf(db)!.options.connectionString!, 1);
    const viaExecutor = () => single.transaction().execute((trx) => query.first(trx, 4, 1));
    try {
      expect(await viaExecutor()).toEqual(row(4));
      expect(await query.first(single, 4, 1)).toEqual(row(4));
      expect(await query.first(single, 5, 1)).toEqual(row(5));
      expect(await viaExecutor()).toEqual(row(4));
    } finally {
      await single.destroy();
    }
  });
});
