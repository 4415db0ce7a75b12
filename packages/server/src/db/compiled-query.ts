import type { CompiledQuery, Compilable } from 'kysely';
import { RememberedCamelCase } from './camel-case.ts';
import { poolOf, type Database } from './database.ts';
import type { QueryFn } from './described-once.ts';
import { asPrepared, runNamedStatement } from './prepared.ts';

/** The Database's own result transform, for a row read past Kysely. */
const rowKeys = new RememberedCamelCase();

/**
 * A hot query built and compiled once, then run with new parameters (ADR 0034). Building and compiling
 * a Kysely query (its operation tree, the CamelCasePlugin's renaming, the SQL text) cost about 0.1 ms of
 * CPU, a tenth of what the public lookup spent per request on two cores: measured with
 * `bench/lookup.ts --profile`. Its rows have the plugin's keys (snake_case → camelCase) as before.
 *
 * Its shape never changes, so it also runs as a named statement (db/prepared.ts): planned once per
 * connection rather than on every call.
 *
 * On a Database's own pool it runs past Kysely's executor, straight on the pool, with pg naming
 * the columns as the plugin would (ADR 0039): the executor's layers (a connection provider, the driver, a query id, the
 * plugins' hooks, each a promise) cost the public lookup about 10 µs of the 150–170 µs of CPU it took
 * (ADR 0035). In a transaction it runs on the transaction's connection, through the executor like
 * every other query.
 *
 * `build` gets placeholder values, one per parameter, in the order they appear in the SQL; the first
 * compile checks that the statement has exactly that many, so a change that adds a parameter fails at
 * once instead of binding the wrong value.
 */
export class CompiledOnce<Row, Params extends readonly unknown[]> {
  readonly #build: (db: Database, ...placeholders: Params) => Compilable<Row>;
  readonly #placeholders: Params;
  #compiled: CompiledQuery<Row> | undefined;

  constructor(placeholders: Params, build: (db: Database, ...placeholders: Params) => Compilable<Row>) {
    this.#placeholders = placeholders;
    this.#build = build;
  }

  /** The compiled statement; every Database here compiles alike (PostgreSQL, the same plugins). */
  compiled(db: Database): CompiledQuery<Row> {
    if (!this.#compiled) {
      const compiled = this.#build(db, ...this.#placeholders).compile();
      if (compiled.parameters.length !== this.#placeholders.length)
        throw new Error(
          `a compiled-once query has ${compiled.parameters.length} parameters, not ${this.#placeholders.length}`,
        );
      this.#compiled = asPrepared(compiled);
    }
    return this.#compiled;
  }

  async first(db: Database, ...params: Params): Promise<Row | undefined> {
    const compiled = this.compiled(db);
    const pool = poolOf(db);
    if (!pool) {
      const { rows } = await db.executeQuery<Row>({ ...compiled, parameters: params });
      return rows[0];
    }
    const { rows } = await runNamedStatement<Record<string, unknown>>(
      (q, v, cb) => (pool as unknown as { query: QueryFn }).query(q, v, cb),
      compiled.sql,
      params as unknown as unknown[],
      rowKeys.columnKey,
    );
    return rows[0] === undefined ? undefined : (rowKeys.nestedValues(rows[0]) as Row);
  }
}
