// The values the fuzz test (src/fuzz.test.ts) sends: a seeded generator, the hostile values every field
// gets a share of, and a plausible request built from a route's JSON Schema (as the OpenAPI document
// gives it), so that one bad field at a time reaches as deep into the route as it can.
import { OTHER_CUSTOMER_ID, TEST_TYPES } from '@ayar/contract';

/** A small seeded generator (mulberry32): the same seed sends the same requests in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** `n` different entries of `list` (all of them when it is shorter). */
export function sample<T>(random: Random, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** A version-4 UUID from the generator: valid-looking, and (almost surely) nobody's. */
export function randomUuid(random: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(random, ['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
];

/** Text no field should answer with a 5xx: empty, huge, control characters, marks, digits, dates, SQL. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  'x'.repeat(10_000),
  'ب'.repeat(100_000),
  ...CONTROL.map((c) => `a${c}b`),
  '\u0000',
  'نام\u0000',
  '\u200b',
  'محمد\u200cرضا',
  '\u200d\u200d',
  '\u200e\u200f',
  '\u202a\u202b\u202c\u202d\u202e',
  '\u2066abc\u2069',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀👨‍👩‍👧',
  'ي ك ى ۀ',
  '۱۲۳۴۵۶',
  '٠١٢٣٤٥٦٧٨٩',
  '۱2٣',
  '۰۹۱۲۱۲۳۴۵۶۷',
  '-۱',
  '۱٬۰۰۰٫۵',
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '2026-02-28T25:61:00Z',
  '۲۰۲۶-۰۲-۳۰',
  '1404/12/30',
  "' OR '1'='1",
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  ' 12 ',
  '-1',
  '99999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '6f1b3c2a-0001-4a5e-9c1d-00000000000g',
  '۶f1b3c2a-0001-4a5e-9c1d-000000000001',
  '6f1b3c2a-0001-4a5e-9c1d-000000000001\u0000',
  'true',
  'null',
  '{}',
  '[]',
];

/** Numbers at and past every edge (JSON has no NaN or Infinity; they travel as raw text instead). */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0.001,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e21,
  -1e308,
  1e308,
  5e-324,
];

/** Everything a JSON field might hold that is not what it should be. */
export const HOSTILE_VALUES: readonly unknown[] = [
  ...HOSTILE_STRINGS,
  ...HOSTILE_NUMBERS,
  true,
  false,
  null,
  [],
  {},
  [null],
  ['x', 1, null],
  { length: 1 },
  { toString: 'x', valueOf: 1 },
  nested(2000, (inner) => ({ a: inner })),
  nested(2000, (inner) => [inner]),
  Array.from({ length: 5000 }, (_, i) => i),
];

/** Query values: a query string holds text, or a list when a name repeats. */
export const HOSTILE_QUERY: readonly (string | string[])[] = [
  ...HOSTILE_STRINGS.filter((s) => s.length <= 10_000),
  ...HOSTILE_NUMBERS.map(String),
  ['1', '2'],
  ['', ''],
  ['a\u0000', 'b'],
];

/** Path segments, already encoded: garbage, traversal, NUL, long. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  'x',
  '0',
  '-1',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%ff%fe',
  '%E2%80%8F',
  encodeURIComponent('۱۲۳'),
  encodeURIComponent("' or 1=1 --"),
  'a'.repeat(99),
  'a'.repeat(101),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  `${TEST_TYPES[0].id}x`,
];

/** Raw request bodies, sent as JSON text exactly as written. */
export function hostileJsonTexts(base: unknown): string[] {
  const text = JSON.stringify(base ?? {});
  const inner = text.startsWith('{') && text !== '{}' ? `,${text.slice(1)}` : '}';
  return [
    '',
    '{',
    '{"a":',
    'nul',
    '\u0000',
    '"\u0000"',
    '1e309',
    '-1e309',
    '[1e309]',
    '{"__proto__":{"polluted":"yes"}}',
    `{"__proto__":{"polluted":"yes"}${inner}`,
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    `{"constructor":{"prototype":{"polluted":"yes"}}${inner}`,
    '{"a":1,"a":2}',
    '['.repeat(50_000) + ']'.repeat(50_000),
    '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
    text.replace(/"(\w+)":/, '"$1\\u0000":'),
    `${text}garbage`,
  ];
}

/** Schema keywords the OpenAPI document uses (fastify-type-provider-zod's JSON Schema). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
}

/** What a plausible request puts where: ids by the field's name (from a pool), dates, mobiles, names. */
export interface Plausible {
  uuid: (name: string) => string;
  /** A new number each call, for what must be unique (user names). */
  serial: () => number;
}

function plausibleString(schema: JsonSchema, name: string, p: Plausible): string {
  const lower = name.toLowerCase();
  if (schema.pattern?.includes('Files')) return `/api/v1.0/Files/${p.uuid('file')}`;
  if (name === 'type') return TEST_TYPES[0].id;
  if (schema.format === 'uuid' || /^(id|cid|user|tester|file)$|Id$/.test(name)) return p.uuid(name);
  if (schema.pattern?.includes('\\d{4}-') || lower.includes('date')) return '2026-03-01';
  if (/mobile|cellphone/.test(lower)) return '09121234567';
  if (lower.includes('phone')) return '021-12345678';
  // Never the callers' own password, so a change of password is refused rather than done.
  if (lower === 'oldpassword') return 'Old-pass-0000';
  if (lower.includes('password')) return 'Fuzz-pass-1234';
  if (lower === 'username') return `fuzz_lab_${p.serial()}`;
  if (lower === 'platform') return 'w';
  if (lower === 'filtervalue') return '12';
  if (lower === 'token') return 'AbCdEfGhIjKlMnOpQrStUv';
  if (lower === 'money') return '1000';
  if (/gold|weight/.test(lower)) return '1.5';
  if (lower === 'accnumber') return '1234-5678';
  const text = 'نمونه آزمون';
  return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
}

function plausibleNumber(schema: JsonSchema, name: string): number {
  const known: Record<string, number> = { cutting: 750, readyTime: 30, docNumber: 100_001, value: 5000 };
  const lo = schema.minimum ?? 0;
  const hi = schema.maximum ?? lo + 1000;
  const wanted = known[name] ?? lo + 1;
  const value = Math.min(hi, Math.max(lo, wanted));
  return schema.type === 'integer' ? Math.ceil(value) : value;
}

/** A value the schema would probably take, so that a single hostile field is what gets refused. */
export function plausible(schema: JsonSchema, name: string, p: Plausible): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const first = variants.find((v) => v.type !== 'null') ?? variants[0]!;
    return plausible(first, name, p);
  }
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = plausible(child, key, p);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        plausible(schema.items ?? {}, name, p),
      );
    case 'string':
      return plausibleString(schema, name, p);
    case 'integer':
    case 'number':
      return plausibleNumber(schema, name);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    default:
      return 'x';
  }
}

/**
 * The uuids a fuzz run fills ids with: half the time one that exists for a field of that name (so the
 * request gets past "not found"), otherwise a random one or an edge one.
 */
export function uuidPool(
  random: Random,
  existing: Record<string, readonly string[]>,
): (name: string) => string {
  const fixed = [TEST_TYPES[0].id, OTHER_CUSTOMER_ID, '00000000-0000-0000-0000-000000000000'];
  return (name) => {
    const known = existing[name];
    if (known && known.length > 0 && random() < 0.5) return pick(random, known);
    return random() < 0.3 ? pick(random, fixed) : randomUuid(random);
  };
}
