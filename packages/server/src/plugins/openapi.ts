import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  API_PREFIX,
  ERROR_CODES,
  errorEnvelopeSchema,
  type Audience,
  type RequestHeader,
} from '@ayar/contract';
import { markScopePublic } from './auth.ts';
import { registerContractSchemas } from './openapi-components.ts';
import { BODY_EXAMPLE, finishDocument } from './openapi-document.ts';
import { MULTIPART_KEY, REQUEST_HEADERS_KEY, multipartSchema } from './openapi-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document shows as this route's example (`api()` fills it from the contract). */
    example?: OpenApiExample;
    /** The request headers it reads and its multipart parts, for the document only (`api()`). */
    openapi?: { headers?: readonly RequestHeader[] | undefined; multipart?: z.ZodType | undefined };
  }
}

/** A route's example: the body (POST) or query (GET), the path parameters, the whole JSON answer. */
export interface OpenApiExample {
  request?: unknown;
  params?: unknown;
  response?: unknown;
}

/** The name of the bearer-token security scheme in the document. */
export const BEARER_SCHEME = 'bearerAuth';
/** A partner system's API key (ADR 0061). */
export const PARTNER_SCHEME = 'partnerKey';

/** What the document says a route needs: nothing for a public one, else a session's bearer token. */
export function openApiSecurity(audience: Audience | undefined): Record<string, string[]>[] {
  if (audience === 'public') return [];
  return audience === 'partner' ? [{ [PARTNER_SCHEME]: [] }] : [{ [BEARER_SCHEME]: [] }];
}

const DESCRIPTION = `عیار — the gold-assay lab network API. Every call is under \`${API_PREFIX}\`.

**The envelope.** Every answer, success or failure, is JSON \`{ successful, message, data }\`: \`message\` is
Persian text for people, \`data\` what the call returns (each operation's 200 schema). A failure has
\`successful: false\`, \`data: null\` and a \`code\` a client may branch on: ${ERROR_CODES.join(', ')}.
\`VALIDATION\` (400) adds \`errors: [{ field, message }]\` naming every bad field. Status codes: 200 success;
400 validation or a broken rule (\`BUSINESS_RULE\`); 401 no, expired or ended session; 403 the wrong role;
404 missing, or another workshop's; 409 a conflict (a number or tracking code already used, a decision
already made); 413 too large; 415 a file of the wrong type; 429 rate limited; 500 never with internals.

**Who may call.** Each operation's \`x-audience\` is \`public\` (no token), \`workshop\`, \`admin\` or \`any-user\`
(either role). A lab's routes also list \`x-roles\`: which of a lab's people may call them (\`owner\`,
\`counter\`, \`assayer\`, \`accountant\`; ADR 0049); the lab's own account is its owner, and the others
get 403. Sign in with \`POST ${API_PREFIX}/Account/login\` and send its \`token\` as
\`Authorization: bearer <token>\`. A \`partner\` operation takes a partner system's API key as \`X-Api-Key\`
instead, and its \`x-scope\` names the scope the key needs (docs/partners.md, ADR 0061).

**Units and formats.** Gold is sent in grams with up to 3 decimals and stored as whole milligrams (fields
named \`…Mg\` are milligrams); money is whole toman; purity is per mille, 600–999. Dates are Gregorian
\`yyyy-mm-dd\` (a day in Asia/Tehran), instants ISO 8601 in UTC, ids UUIDs. Numbers a person types may
be sent with Persian or Arabic digits and thousands separators; the server normalises them.`;

const errorResponse = errorEnvelopeSchema.describe(
  `A failure: successful false, data null, a code (${ERROR_CODES.join(', ')}) and, for VALIDATION, errors`,
);

type JsonSchema = { properties?: Record<string, object>; content?: unknown; [key: string]: unknown };

/** The schema with each named property's example; `values` is the example object. */
function withPropertyExamples(schema: JsonSchema, values: unknown): JsonSchema {
  if (!schema.properties || typeof values !== 'object' || values === null) return schema;
  const given = values as Record<string, unknown>;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      name in given ? { ...property, examples: [given[name]] } : property,
    ]),
  );
  return { ...schema, properties };
}

/** Puts a route's example where @fastify/swagger turns `examples` into the operation's examples. */
function addExamples(doc: Record<string, unknown>, example: OpenApiExample | undefined): void {
  if (!example) return;
  const body = doc.body as JsonSchema | undefined;
  const query = doc.querystring as JsonSchema | undefined;
  const params = doc.params as JsonSchema | undefined;
  const responses = doc.response as Record<string, JsonSchema> | undefined;
  if (example.request !== undefined) {
    // A body is often a named schema (a `$ref`), which takes no example of its own: finishDocument
    // puts it on the request's media type.
    if (body) doc[BODY_EXAMPLE] = example.request;
    else if (query) doc.querystring = withPropertyExamples(query, example.request);
  }
  if (example.params !== undefined && params) doc.params = withPropertyExamples(params, example.params);
  const success = responses?.['200'];
  if (responses && success && !success.content && example.response !== undefined)
    responses['200'] = { ...success, examples: [example.response] };
}

/**
 * The zod schemas to JSON Schema (fastify-type-provider-zod), then what the zod schemas cannot carry:
 * the security an audience needs (and `x-audience`), the failure envelope, and the route's example.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { schema, route } = input;
  const documented = schema && !schema.hide;
  const responses = (schema?.response ?? {}) as Record<string, unknown>;
  const out = jsonSchemaTransform(
    documented
      ? { ...input, schema: { ...schema, response: { ...responses, default: errorResponse } } }
      : input,
  );
  if (!documented) return out;
  const audience = route.config?.audience;
  const doc = out.schema as Record<string, unknown>;
  doc.security = openApiSecurity(audience);
  doc['x-audience'] = audience;
  if (route.config?.roles) doc['x-roles'] = route.config.roles;
  if (route.config?.scope) doc['x-scope'] = route.config.scope;
  addExamples(doc, route.config?.example);
  const extra = route.config?.openapi;
  if (extra?.headers) doc[REQUEST_HEADERS_KEY] = extra.headers;
  if (extra?.multipart) doc[MULTIPART_KEY] = multipartSchema(extra.multipart);
  return out;
};

/** The document at `/api/openapi.json`, generated from the routes' zod schemas, and its viewer at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  registerContractSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ayar API',
        description: DESCRIPTION,
        version,
        // The network's own API, not open source: partners use it under their agreement (docs/partners.md).
        license: { name: 'Proprietary: the Ayar network', identifier: 'LicenseRef-Ayar-Proprietary' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The `token` of /Account/login (or /Account/DisposableLoginOTP): a session, ended by logout',
          },
          [PARTNER_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              'A partner system’s API key (`ayk_…`), issued by the administrator (docs/partners.md)',
          },
        },
      },
    },
    transform: openApiTransform,
    // The named schemas become components (jsonSchemaTransformObject), then the document is finished.
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (finishDocument(
            jsonSchemaTransformObject(documentObject) as Record<string, unknown>,
          ) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  await app.register(async (docs) => {
    markScopePublic(docs);
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // The docs page gets the same nothing-foreign policy as the app (no fonts or validator from outside).
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; object-src 'none'; frame-ancestors 'self'",
      uiConfig: { validatorUrl: null },
    });
    docs.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
