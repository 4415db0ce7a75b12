import { CamelCasePlugin } from 'kysely';

/**
 * Kysely's CamelCasePlugin (snake_case columns as camelCase keys, nested JSON keys too), with each
 * key's new name worked out once: the same few dozen column names come back on every row, and the
 * renaming showed in the lab list's profile (ADR 0036).
 */
export class RememberedCamelCase extends CamelCasePlugin {
  readonly #names = new Map<string, string>();

  protected override camelCase(key: string): string {
    let name = this.#names.get(key);
    if (name === undefined) {
      name = super.camelCase(key);
      // Keys of a JSON column are data: remember column names, not whatever a document holds.
      if (this.#names.size < 1_000) this.#names.set(key, name);
    }
    return name;
  }

  /** One row as the executor would give it, for a row read past Kysely (db/compiled-query.ts). */
  camelRow(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row);
  }
}
