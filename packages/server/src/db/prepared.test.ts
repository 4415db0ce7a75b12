import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { PREPARE } from './prepared.ts';

// ADR 0034: a query that ends with PREPARE runs as a named statement on its connection; every other
// query stays unnamed (planned each time), and the answers are the same either way.

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(() => drop());

/** The statements this connection has prepared, by their SQL. */
const preparedHere = async (trx: Database) =>
  (
    await sql<{
      statement: string;
    }>`select statement from pg_prepared_statements where name like 'ayar\\_%'`.execute(trx)
  ).rows.map((r) => r.statement);

describe('named statements on request', () => {
  it('a marked query is prepared once per connection and answers as before; an unmarked one is not', async () => {
    // One transaction: one connection, so its prepared statements are visible to the next query.
    await db.transaction().execute(async (trx) => {
      const marked = (n: number) =>
        trx
          .selectFrom('testTypes')
          .select(sql<number>`${n}::int`.as('n'))
          .limit(1)
          .modifyEnd(PREPARE)
          .execute();
      expect(await marked(1)).toEqual([{ n: 1 }]);
      expect(await marked(2)).toEqual([{ n: 2 }]);
      await trx
        .selectFrom('testTypes')
        .select(sql<number>`${3}::int + 1`.as('m'))
        .limit(1)
        .execute();
      const statements = await preparedHere(trx);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('/* ayar:prepare */');
      // Another shape of the query is a statement of its own, never the first one's plan.
      expect(
        await trx
          .selectFrom('testTypes')
          .select(sql<string>`${'x'}::text`.as('s'))
          .limit(1)
          .modifyEnd(PREPARE)
          .execute(),
      ).toEqual([{ s: 'x' }]);
      expect(await preparedHere(trx)).toHaveLength(2);
    });
  });
});
