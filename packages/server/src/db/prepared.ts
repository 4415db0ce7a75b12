import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { runDescribedOnce, type QueryFn } from './described-once.ts';

/**
 * Named prepared statements for the queries that ask for them (ADR 0034).
 *
 * PostgreSQL plans an unnamed statement every time it runs. The lab list's page query (a packet with
 * its lab, customer, type, range and signed version: six joins) took 1.4–1.9 ms to plan and about 1 ms
 * to run on the bench's 1,000,000 packets (`EXPLAIN ANALYZE`), so most of its database time was
 * planning. A named statement is parsed once per connection, and after five runs PostgreSQL may keep a
 * generic plan: measured, the page query went from 3.4–4.7 ms to 1.6–3.5 ms a call.
 *
 * Kysely has no prepared statements, so a query asks for one by ending with `PREPARE` (an SQL comment,
 * harmless where nothing reads it), and the pool's clients send such a query under a name made from its
 * text, and describe their rows only on their first run there (db/described-once.ts, ADR 0038).
 * The name comes from the whole text, so two shapes of one query (another filter) are two
 * statements and a text never meets another's plan. Only queries with a bounded set of shapes should ask
 * (no `in (…)` lists of varying length), as each shape stays prepared on each connection.
 *
 * A transaction-pooling PgBouncer before 1.21 does not carry named statements across its backends; the
 * README's deployment notes say so.
 */
const MARK = '/* ayar:prepare */';

/** Appended with Kysely's `.modifyEnd(PREPARE)`, or inside a raw `sql` template at its end. */
export const PREPARE: RawBuilder<unknown> = sql.raw(MARK);

/** The same compiled query, asking to be a named statement. */
export function asPrepared<Q extends { sql: string }>(compiled: Q): Q {
  return compiled.sql.endsWith(MARK) ? compiled : { ...compiled, sql: `${compiled.sql} ${MARK}` };
}

const names = new Map<string, string>();
/** The statement's name: a hash of its text, so one text is one statement on every connection. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `ayar_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A marked query's text run through `query` under its statement name, described once (ADR 0038); with
 * `columnKey`, each row's keys are the columns' names as it renames them.
 */
export function runNamedStatement<Row extends pg.QueryResultRow>(
  query: QueryFn,
  text: string,
  values: unknown[],
  columnKey?: (column: string) => string,
) {
  return runDescribedOnce<Row>(query, { name: statementName(text), text, values, columnKey });
}

type Query = (...args: unknown[]) => unknown;
const prepared = new WeakSet<pg.PoolClient>();

/** Makes a pool's clients send marked queries as named statements; every other call is left as it is. */
export function preparePoolClients(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    if (prepared.has(client)) return;
    prepared.add(client);
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text: unknown, ...rest: unknown[]) =>
      typeof text === 'string' && text.endsWith(MARK) && Array.isArray(rest[0]) && rest.length === 1
        ? runNamedStatement(query as QueryFn, text, rest[0])
        : query(text, ...rest);
  });
}
