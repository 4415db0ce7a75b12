import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_PREFIX, ROUTES, envelopeSchema, type Audience, type RouteDef } from '@ayar/contract';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { healthSchema, liveSchema, readySchema } from './modules/health/health.routes.ts';
import { jwkSetSchema } from './modules/signing/signing.routes.ts';
import { ERROR_SCHEMA, TAG_DESCRIPTIONS } from './plugins/openapi-document.ts';
import { statusListParamsSchema } from './modules/signing/status-list.routes.ts';

// The API explains itself: every operation of /api/openapi.json says what it does, what it
// answers, who may call it, and shows an example, and every example passes the schemas the server
// itself validates with.

interface Media {
  schema?: object;
  example?: unknown;
}
interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  'x-audience'?: string;
  parameters?: { in: string; name: string; schema: object; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  operationId?: string;
  tags?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, object>;
    schemas?: Record<string, object>;
    responses?: Record<string, object>;
  };
  tags?: { name: string; description: string }[];
}

const PUBLIC_ERRORS = ['400', '404', '409', '413', '415', '422', '429'];
const SESSION_ERRORS = ['400', '401', '403', '404', '409', '413', '415', '422', '429'];

/** What an operation's examples are checked against: the route's own zod schemas. */
interface Schemas {
  audience: Audience;
  description?: string | undefined;
  body?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  /** The whole answer (the envelope, for the API's JSON routes); none for a file. */
  response?: z.ZodType | undefined;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const contract = new Map<string, Schemas>();
for (const group of Object.values(ROUTES)) {
  for (const route of Object.values(group) as RouteDef[]) {
    contract.set(keyOf(route.method, API_PREFIX + openApiPath(route.path)), {
      audience: route.audience,
      description: route.description,
      body: route.body,
      query: route.query,
      params: route.params,
      response: route.fileTypes ? undefined : envelopeSchema(route.response),
    });
  }
}

/** The routes outside the contract's table (fuzz.test.ts lists them too), all public. */
const outside = new Map<string, Schemas>([
  ['GET /api/health', { audience: 'public', response: healthSchema }],
  ['GET /api/health/live', { audience: 'public', response: liveSchema }],
  ['GET /api/health/ready', { audience: 'public', response: readySchema }],
  ['GET /.well-known/jwks.json', { audience: 'public', response: jwkSetSchema }],
  ['GET /status-lists/{n}', { audience: 'public', params: statusListParamsSchema }],
]);

let ctx: TestContext;
let doc: Document;
const operations: { key: string; op: Operation; schemas: Schemas }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ smsReceive: { secret: 's'.repeat(32), dailyLimit: 10 } });
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = keyOf(method, path);
      const schemas = contract.get(key) ?? outside.get(key);
      if (!schemas) throw new Error(`${key} is in the OpenAPI document but not in ROUTES`);
      operations.push({ key, op, schemas });
    }
  }
});
afterAll(async () => {
  await ctx.close();
});

const jsonOf = (content: Record<string, Media> | undefined) => content?.['application/json'];
/** The example object of one kind of parameter (query or path), or undefined when none has one. */
function parameterExample(op: Operation, kind: 'query' | 'path'): Record<string, unknown> | undefined {
  const given = (op.parameters ?? []).filter((p) => p.in === kind && p.example !== undefined);
  return given.length > 0 ? Object.fromEntries(given.map((p) => [p.name, p.example])) : undefined;
}

/** What an operation lacks: summary, 200 schema, security and audience, examples. */
function problemsOf(op: Operation, schemas: Schemas): string[] {
  const problems: string[] = [];
  if (!op.summary?.trim()) problems.push('no summary');
  if (schemas.description && op.description !== schemas.description) problems.push('not its description');
  const ok = Object.values(op.responses['200']?.content ?? {});
  if (ok.length === 0 || !ok.every((media) => media.schema)) problems.push('no 200 response schema');
  if (op['x-audience'] !== schemas.audience) problems.push(`x-audience ${op['x-audience']}`);
  const security =
    schemas.audience === 'public'
      ? []
      : schemas.audience === 'partner'
        ? [{ partnerKey: [] }]
        : [{ bearerAuth: [] }];
  if (JSON.stringify(op.security) !== JSON.stringify(security)) problems.push('wrong security');
  const request =
    jsonOf(op.requestBody?.content)?.example ?? parameterExample(op, 'query') ?? parameterExample(op, 'path');
  const response = jsonOf(op.responses['200']?.content)?.example;
  if (request === undefined && response === undefined) problems.push('no example');
  if ((schemas.body || schemas.query) && request === undefined) problems.push('no request example');
  if (schemas.response && response === undefined) problems.push('no response example');
  if (schemas.params && parameterExample(op, 'path') === undefined) problems.push('no path example');
  return problems;
}

/** The examples that do not pass the route's own schemas, with zod's reasons. */
function invalidExamplesOf(op: Operation, schemas: Schemas): string[] {
  const checks: [string, z.ZodType | undefined, unknown][] = [
    ['body', schemas.body, jsonOf(op.requestBody?.content)?.example],
    ['query', schemas.query, parameterExample(op, 'query')],
    ['params', schemas.params, parameterExample(op, 'path')],
    ['response', schemas.response, jsonOf(op.responses['200']?.content)?.example],
  ];
  return checks.flatMap(([part, schema, example]) => {
    if (example === undefined || !schema) return [];
    const result = schema.safeParse(example);
    return result.success ? [] : [`${part}: ${JSON.stringify(result.error.issues)}`];
  });
}

/**
 * Each example of an operation against the JSON Schema the document puts beside it, as someone else's
 * tool reads it: Ajv's JSON Schema 2020-12 (OpenAPI 3.1's dialect), `$ref`s resolved in the document.
 */
function documentMismatchesOf(op: Operation): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addFormat('binary', true);
  const check = (schema: object | undefined, value: unknown, at: string) => {
    if (value === undefined || !schema) return [];
    const validate = ajv.compile({ ...schema, components: doc.components });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${at}${e.instancePath} ${e.message}`);
  };
  const media = [jsonOf(op.requestBody?.content), jsonOf(op.responses['200']?.content)];
  return [
    ...media.flatMap((m) => check(m?.schema, m?.example, '$')),
    ...(op.parameters ?? []).flatMap((p) => check(p.schema, p.example, `${p.in}.${p.name}`)),
  ];
}

describe('the OpenAPI document', () => {
  it('declares the bearer token scheme', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('documents every route of the contract', () => {
    const documented = new Set(operations.map((o) => o.key));
    expect([...contract.keys()].filter((key) => !documented.has(key))).toEqual([]);
    expect(operations.length).toBe(contract.size + outside.size);
  });

  it('gives every operation a summary, a 200 schema, its security and audience, and an example', () => {
    const problems = operations.flatMap(({ key, op, schemas }) =>
      problemsOf(op, schemas).map((problem) => `${key}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('shows only examples that pass the schemas the server validates with', () => {
    const invalid = operations.flatMap(({ key, op, schemas }) =>
      invalidExamplesOf(op, schemas).map((problem) => `${key} ${problem}`),
    );
    expect(invalid).toEqual([]);
  });

  it('shows only examples that pass the JSON Schemas it publishes beside them', () => {
    const invalid = operations.flatMap(({ key, op }) =>
      documentMismatchesOf(op).map((problem) => `${key} ${problem}`),
    );
    expect(invalid).toEqual([]);
  });

  it('documents failures per status as one shared error envelope, and file answers by their media types', () => {
    const errors = doc.components.responses ?? {};
    const envelope = doc.components.schemas?.[ERROR_SCHEMA] as
      { required?: string[]; properties?: Record<string, object> } | undefined;
    expect(envelope?.required).toEqual(expect.arrayContaining(['successful', 'message', 'data']));
    expect(Object.keys(envelope?.properties ?? {})).toEqual(expect.arrayContaining(['code', 'errors']));
    for (const { key, op, schemas } of operations) {
      expect(op.responses.default, key).toBeUndefined();
      const statuses = schemas.audience === 'public' ? PUBLIC_ERRORS : SESSION_ERRORS;
      for (const status of statuses) {
        const ref = (op.responses[status] as { $ref?: string } | undefined)?.$ref;
        if (ref === undefined) continue; // The route documents that status itself.
        expect(ref, `${key} ${status}`).toBe(`#/components/responses/Error${status}`);
        expect(errors[`Error${status}`]).toMatchObject({
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
        });
      }
      expect(
        Object.keys(op.responses)
          .filter((s) => s.startsWith('4'))
          .sort(),
        key,
      ).toEqual(statuses);
    }
    const photo = doc.paths[`${API_PREFIX}/Results/Photo/{token}/{fileId}`]!.get!;
    expect(photo.responses['200']!.content!['image/jpeg']!.schema).toMatchObject({ format: 'binary' });
    const upload = doc.paths[`${API_PREFIX}/Tests/AddFile`]!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('names every operation by its place in ROUTES, once, and describes every tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const byKey = new Map(operations.map(({ key, op }) => [key, op.operationId]));
    expect(byKey.get(`POST ${API_PREFIX}/Tests/ImportPreview`)).toBe('testsImportPreview');
    expect(byKey.get(`POST ${API_PREFIX}/Account/login`)).toBe('accountLogin');
    expect(byKey.get('GET /api/health')).toBe('health');
    const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    for (const tag of used) expect(described.get(tag), tag).toBe(TAG_DESCRIPTIONS[tag]);
  });
});
