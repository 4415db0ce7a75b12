import type { CompiledQuery, Compilable } from 'kysely';
import type { Database } from './database.ts';
import { asPrepared } from './prepared.ts';

/**
 * A hot query built and compiled once, then run with new parameters (ADR 0034). Building and compiling
 * a Kysely query (its operation tree, the CamelCasePlugin's renaming, the SQL text) cost about 0.1 ms of
 * CPU, a tenth of what the public lookup spent per request on two cores: measured with
 * `bench/lookup.ts --profile`. Running the compiled form still goes through the executor, so the
 * plugin's result transform (snake_case → camelCase) applies as before.
 *
 * Its shape never changes, so it also runs as a named statement (db/prepared.ts): planned once per
 * connection rather than on every call.
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
    const { rows } = await db.executeQuery<Row>({ ...this.compiled(db), parameters: params });
    return rows[0];
  }
}
