import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_PREFIX, ERROR_CODES, ROUTES, TEST_TYPES, type Audience } from '@ayar/contract';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/helpers.ts';
import { malformedUploads } from '../test/fuzz-multipart.ts';
import {
  HOSTILE_QUERY,
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  hostileJsonTexts,
  pick,
  plausible,
  sample,
  seededRandom,
  uuidPool,
  type JsonSchema,
  type Plausible,
  type Random,
} from '../test/fuzz-values.ts';
import { inlineSchemaRefs } from '../test/openapi-refs.ts';

// Schema-driven fuzzing: every route of the OpenAPI document, called anonymously and as a
// workshop and an admin, with one hostile value at a time in each field, hostile path segments and
// raw bodies. Whatever the input, the answer is never a 5xx and never shows a stack trace or SQL.
// The seed is fixed so CI sends the same requests every run; FUZZ_SEED explores others locally.

const SEED = Number(process.env.FUZZ_SEED ?? 0x12_2026);
/** Hostile values per field for a caller the route is meant for (the others are refused early). */
const PER_FIELD = 8;
/** Requests in flight at once: enough to keep the test database's five connections busy. */
const IN_FLIGHT = 8;
/** The run must actually send this much; a shrinking OpenAPI document should not pass quietly. */
const MIN_REQUESTS = 4000;

interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, `{name}` for a path parameter. */
  path: string;
  audience: Audience;
  query: { name: string; schema: JsonSchema }[];
  params: string[];
  body: JsonSchema | null;
}

interface FuzzRequest {
  url: string;
  query?: Record<string, string | string[]>;
  /** A value sent as JSON, or raw text/bytes with their own headers. */
  json?: unknown;
  raw?: { headers: Record<string, string>; payload: string | Buffer };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * The multipart upload. Its body is a form, which the OpenAPI document does not describe, so no
 * request can be built from a schema: it gets the malformed uploads of fuzz-multipart.ts and the
 * hostile JSON texts instead.
 */
const MULTIPART_PATHS = new Set([API_PREFIX + ROUTES.tests.addFile.path]);

const audiences = new Map<string, Audience>();
for (const group of Object.values(ROUTES))
  for (const route of Object.values(group))
    audiences.set(`${route.method} ${API_PREFIX}${route.path.replace(/:(\w+)/g, '{$1}')}`, route.audience);

/**
 * The routes outside the contract's table, all public: the health checks (ADR 0051), the result-signing keys (a
 * place fixed by RFC 8615) and the status lists (an address signed into results).
 */
const OUTSIDE_ROUTES = new Map<string, Audience>([
  ['GET /api/health', 'public'],
  ['GET /api/health/live', 'public'],
  ['GET /api/health/ready', 'public'],
  ['GET /.well-known/jwks.json', 'public'],
  ['GET /status-lists/{n}', 'public'],
]);

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as 'GET' | 'POST';
      const key = `${method} ${path}`;
      const audience = OUTSIDE_ROUTES.get(key) ?? audiences.get(key);
      if (!audience) throw new Error(`${key} is in the OpenAPI document but not in ROUTES`);
      const parameters = op.parameters ?? [];
      list.push({
        method,
        path,
        audience,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return list;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const asJson = (value: unknown): FuzzRequest['raw'] => ({
  headers: JSON_HEADERS,
  payload: JSON.stringify(value),
});

/** One hostile value at a time in each field of an object (and one level into objects and lists). */
function fieldMutations(schema: JsonSchema, base: unknown, random: Random, perField: number): unknown[] {
  if (Array.isArray(base)) {
    const out: unknown[] = sample(random, HOSTILE_VALUES, perField).map((v) => [v]);
    for (const item of fieldMutations(schema.items ?? {}, base[0], random, perField))
      out.push([item, ...base.slice(1)]);
    return out;
  }
  if (typeof base !== 'object' || base === null) return sample(random, HOSTILE_VALUES, perField);
  const record = base as Record<string, unknown>;
  const out: unknown[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    for (const value of sample(random, HOSTILE_VALUES, perField)) out.push({ ...record, [key]: value });
    const { [key]: _dropped, ...without } = record;
    out.push(without);
    const inner = record[key];
    if ((child.type === 'object' || child.type === 'array') && inner !== null && typeof inner === 'object')
      for (const value of fieldMutations(child, inner, random, 2)) out.push({ ...record, [key]: value });
  }
  out.push({ ...record, unexpected: 'x', ['__proto__']: { polluted: 'yes' } });
  return out;
}

function requestsFor(op: Operation, random: Random, p: Plausible, meant: boolean): FuzzRequest[] {
  const segment = (name: string) =>
    String(plausible({ type: 'string' }, name === 'token' ? 'token' : 'id', p));
  const urlWith = (fill: (name: string) => string) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => fill(name));
  const url = urlWith(segment);
  const baseQuery: Record<string, string> = {};
  for (const q of op.query) baseQuery[q.name] = String(plausible(q.schema, q.name, p));
  const base = op.body ? plausible(op.body, '', p) : undefined;
  const first: FuzzRequest = { url, query: baseQuery, ...(base === undefined ? {} : { json: base }) };

  const out: FuzzRequest[] = [first];
  const garbagePaths = sample(random, HOSTILE_SEGMENTS, meant ? 5 : 1).map((g) => urlWith(() => g));
  if (op.params.length > 0) for (const u of garbagePaths) out.push({ ...first, url: u });
  const texts = op.method === 'POST' ? hostileJsonTexts(base) : [];
  if (!meant) {
    if (texts.length > 0) out.push({ url, raw: { headers: JSON_HEADERS, payload: pick(random, texts) } });
    return out;
  }
  for (const q of op.query)
    for (const value of sample(random, HOSTILE_QUERY, PER_FIELD))
      out.push({ url, query: { ...baseQuery, [q.name]: value } });
  if (op.query.length > 0) {
    const allBad = Object.fromEntries(op.query.map((q) => [q.name, 'a\u0000']));
    out.push({ url, query: allBad }, { url: `${url}?__proto__=x&constructor[prototype]=y&a[b]=1` });
  }
  if (op.method === 'POST') {
    if (op.body) for (const json of fieldMutations(op.body, base, random, PER_FIELD)) out.push({ url, json });
    for (const whole of sample(random, HOSTILE_VALUES, PER_FIELD)) out.push({ url, raw: asJson(whole) });
    for (const payload of texts) out.push({ url, raw: { headers: JSON_HEADERS, payload } });
  }
  return out;
}

/** What no answer may contain: stack frames, source paths, PostgreSQL's own words. */
const LEAKS = [
  /\n\s+at [^\n]*:\d+:\d+/,
  /node_modules|\/src\/[\w/.-]+\.ts/,
  /syntax error at or near|violates [\w-]+ constraint|invalid input syntax for|invalid byte sequence|duplicate key value|relation "[^"]*"|SQLSTATE|DatabaseError|ZodError/i,
];
/** SQL in an error answer (data may legitimately hold such words, typed by the fuzz itself). */
const SQL_IN_ERROR = /\b(select\s[\s\S]{1,200}\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const body = res.body;
  const leak = LEAKS.find((re) => re.test(body));
  if (leak) return `the answer leaks ${leak}`;
  if (res.statusCode < 400) return null;
  if (SQL_IN_ERROR.test(body)) return 'the error answer shows SQL';
  let envelope: { successful?: unknown; data?: unknown; code?: unknown; message?: unknown };
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    return 'the error answer is not JSON';
  }
  const ok =
    envelope.successful === false &&
    envelope.data === null &&
    typeof envelope.message === 'string' &&
    (ERROR_CODES as readonly unknown[]).includes(envelope.code);
  return ok ? null : 'the error answer is not the envelope';
}

let ctx: TestContext;
let ops: Operation[];
const callers: { name: string; role: 'workshop' | 'admin' | null; headers: Record<string, string> }[] = [];
const accounts = new Map<string, { username: string; password: string }>();
/** Ids that exist, by the name of the field that takes them. */
const existing: Record<string, string[]> = {};

beforeAll(async () => {
  // No rate limit for the fuzzer's address: a 429 would stop the requests before their bodies are read.
  ctx = await createTestApp({
    rateLimitAllowList: ['127.0.0.1'],
    smsReceive: { secret: 'fuzz-receive-secret-0123456789', dailyLimit: 10 },
    // A backup always under way (409): the fuzz never starts one, and without a runner Start is 503 (ADR 0053).
    backups: { start: async () => null, stop: async () => {} },
  });
  const admin = await createUser(ctx.db, { role: 'admin' });
  const workshop = await createUser(ctx.db);
  // Ids that exist, so that some valid-looking requests reach past "not found"; the callers' own ids
  // stay out, or the fuzz would delete or deactivate the workshop it is signed in as.
  const victim = await createUser(ctx.db, { status: 5 });
  accounts.set('admin', admin).set('workshop', workshop);
  callers.push(
    { name: 'anonymous', role: null, headers: {} },
    {
      name: 'workshop',
      role: 'workshop',
      headers: bearer(await login(ctx.app, workshop.username, workshop.password)),
    },
    { name: 'admin', role: 'admin', headers: bearer(await login(ctx.app, admin.username, admin.password)) },
  );
  const customer = await ctx.db
    .insertInto('customers')
    .values({ workshopId: workshop.id, code: 1, name: 'مشتری فاز' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [, workshopHeaders, adminHeaders] = callers.map((c) => c.headers);
  const allot = await ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/Manage/GetCodes`,
    headers: adminHeaders,
    payload: { userId: workshop.id, fromCode: 100_000, toCode: 100_999 },
  });
  expect(allot.statusCode).toBe(200);
  const added = await ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/Tests/AddTest`,
    headers: workshopHeaders,
    payload: [
      { customerId: customer.id, customerName: 'مشتری فاز', docNumber: 100_000, type: TEST_TYPES[0].id },
    ],
  });
  expect(added.statusCode).toBe(200);
  const packet = (added.json() as { data: { list: { id: string }[] } }).data.list[0]!.id;
  for (const name of ['userId', 'user', 'tester']) existing[name] = [victim.id];
  for (const name of ['customerId', 'cid']) existing[name] = [customer.id];
  for (const name of ['testId', 'id']) existing[name] = [packet, victim.id, customer.id];
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  ops = operationsOf(inlineSchemaRefs(doc.json()));
});
afterAll(async () => {
  await ctx?.close();
});

const meantFor = (audience: Audience, role: 'workshop' | 'admin' | null) =>
  audience === 'public' || (role !== null && (audience === 'any-user' || audience === role));

describe('fuzzing every route of the OpenAPI document', () => {
  it('covers every route of the contract', () => {
    const documented = new Set(ops.map((op) => `${op.method} ${op.path}`));
    expect([...audiences.keys()].filter((key) => !documented.has(key))).toEqual([]);
  });

  it('never answers 5xx, a stack trace or SQL', { timeout: 120_000 }, async () => {
    const random = seededRandom(SEED);
    let serial = 0;
    const p: Plausible = { uuid: uuidPool(random, existing), serial: () => ++serial };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    let serverErrors = 0;
    const started = performance.now();

    const send = async (method: string, caller: (typeof callers)[number], req: FuzzRequest) => {
      const res = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url: req.url,
        ...(req.query ? { query: req.query } : {}),
        headers: { ...caller.headers, ...(req.raw?.headers ?? {}) },
        ...(req.raw
          ? { payload: req.raw.payload }
          : req.json === undefined
            ? {}
            : { payload: req.json as object }),
      });
      total += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) serverErrors += 1;
      const problem = problemWith(res);
      if (problem) {
        const sent = JSON.stringify(req.raw?.payload ?? req.json ?? req.query ?? null).slice(0, 200);
        failures.push(
          `${method} ${req.url.slice(0, 120)} as ${caller.name}: ${problem}; sent ${sent}; got ${res.body.slice(0, 300)}`,
        );
      }
    };
    const run = async (method: string, caller: (typeof callers)[number], list: FuzzRequest[]) => {
      for (let i = 0; i < list.length; i += IN_FLIGHT)
        await Promise.all(list.slice(i, i + IN_FLIGHT).map((req) => send(method, caller, req)));
    };
    /** Logout (or anything else) may end a caller's session; sign in again so the rest still runs signed in. */
    const keepSignedIn = async () => {
      for (const caller of callers) {
        if (!caller.role) continue;
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${API_PREFIX}/Account/Profile`,
          headers: caller.headers,
        });
        if (res.statusCode === 401) {
          const account = accounts.get(caller.role)!;
          caller.headers = bearer(await login(ctx.app, account.username, account.password));
        }
      }
    };

    for (const op of ops) {
      for (const caller of callers) {
        const meant = meantFor(op.audience, caller.role);
        if (MULTIPART_PATHS.has(op.path)) {
          const uploads = malformedUploads(random).map((u) => ({ url: op.path, raw: u }));
          const texts = hostileJsonTexts({}).map((payload) => ({
            url: op.path,
            raw: { headers: JSON_HEADERS, payload },
          }));
          await run(op.method, caller, meant ? [...uploads, ...texts] : uploads.slice(0, 5));
        } else {
          await run(op.method, caller, requestsFor(op, random, p, meant));
        }
      }
      await keepSignedIn();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${total} requests, ${serverErrors} answered 5xx, seed ${SEED}, ${ops.length} routes, ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );

    expect(Object.getPrototypeOf({}).polluted).toBeUndefined();
    expect(failures.slice(0, 25)).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(total).toBeGreaterThan(MIN_REQUESTS);
  });
});
