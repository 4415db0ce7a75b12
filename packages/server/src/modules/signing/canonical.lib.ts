/**
 * The canonical JSON of a signed result (RFC 8785, JSON Canonicalization Scheme, for the values a
 * result holds): object members sorted by their names' UTF-16 code units, no whitespace, strings and
 * numbers as ECMAScript's JSON.stringify writes them. The same value always gives the same bytes, so
 * anyone can rebuild what was signed from the fields the lookup shows (ADR 0029).
 */
export type CanonicalValue =
  string | number | boolean | null | CanonicalValue[] | { [key: string]: CanonicalValue };

export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const names = Object.keys(value)
    .filter((name) => value[name] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(value[name]!)}`).join(',')}}`;
}
