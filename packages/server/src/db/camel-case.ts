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

  /** A column's key in a row, as the executor would give it. */
  readonly columnKey = (column: string): string => this.camelCase(column);

  /**
   * A row read past Kysely whose keys are already columnKey's (db/compiled-query.ts), as the executor
   * would give it: what a JSON column holds is renamed too. Changed in place; a row of plain values
   * (no JSON object, no array of them) is left as it is.
   */
  nestedValues(row: Record<string, unknown>): Record<string, unknown> {
    for (const key in row) {
      const value = row[key];
      if (Array.isArray(value)) {
        if (value.some(isPlainObject))
          row[key] = value.map((it: unknown) =>
            isPlainObject(it) ? this.mapRow(it as Record<string, unknown>) : it,
          );
      } else if (isPlainObject(value)) row[key] = this.mapRow(value as Record<string, unknown>);
    }
    return row;
  }
}

/** What the plugin renames inside: a JSON object as pg parses it (not a Date, a Buffer or an array). */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
