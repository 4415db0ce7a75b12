import type { onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, MSG, ROUTES, envelopeSchema, type RouteDef } from '@ayar/contract';
import type { OpenApiExample } from './openapi.ts';

type SchemaAt<D, K extends string> = D extends { readonly [k in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/**
 * The envelope for JSON answers; a file route's answer is the file itself, in one of its media types
 * (streamed, so never serialized: its type is left open for `reply.send(stream)`).
 */
type ResponsesOf<D extends RouteDef> = D extends { readonly fileTypes: readonly string[] }
  ? { 200: { description: string; content: Record<string, { schema: unknown }> } }
  : { 200: ReturnType<typeof envelopeSchema<D['response']>> };

/**
 * Each route's `operationId` (ADR 0060): its place in `ROUTES`, group and key in camel case
 * (`ROUTES.tests.importPreview` → `testsImportPreview`), so generated clients name calls as the web
 * app's code does, and a name never changes while the route stays.
 */
const OPERATION_IDS = new Map<RouteDef, string>(
  Object.entries(ROUTES).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, RouteDef>).map(
      ([key, def]) => [def, group + key.charAt(0).toUpperCase() + key.slice(1)] as const,
    ),
  ),
);

/** The Fastify schema of a contract route, typed so that handlers infer `request.body`/`request.query`. */
interface RouteSchema<D extends RouteDef> {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  body: SchemaAt<D, 'body'>;
  querystring: SchemaAt<D, 'query'>;
  params: SchemaAt<D, 'params'>;
  response: ResponsesOf<D>;
}

function responsesOf(def: RouteDef) {
  if (!def.fileTypes) return { 200: envelopeSchema(def.response) };
  const content = Object.fromEntries(def.fileTypes.map((type) => [type, { schema: def.response }]));
  return { 200: { description: "The file's bytes", content } };
}

/** The example as the document shows it: a JSON answer's `data` inside the success envelope. */
function exampleOf(def: RouteDef): OpenApiExample {
  const { request, params } = def.example;
  return {
    ...(request === undefined ? {} : { request }),
    ...(params === undefined ? {} : { params }),
    ...('response' in def.example && !def.fileTypes
      ? { response: { successful: true, message: MSG.ok, data: def.example.response } }
      : {}),
  };
}

/**
 * Everything Fastify needs of a route of the contract's table, for `r.route({ ...api(ROUTES.x.y),
 * handler })`: method, URL, the audience the auth hook checks, the body/query/params schemas it
 * validates with, the envelope of the response schema it serializes with, and what the OpenAPI
 * document says of it (summary, description, tag, example; security comes from the audience).
 */
export function api<const D extends RouteDef>(def: D) {
  const operationId = OPERATION_IDS.get(def);
  if (!operationId) throw new Error(`${def.method} ${def.path} is not an entry of ROUTES`);
  const schema = {
    operationId,
    tags: [def.tag],
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.params ? { params: def.params } : {}),
    response: responsesOf(def),
  };
  return {
    method: def.method,
    url: API_PREFIX + def.path,
    config: {
      audience: def.audience,
      roles: def.roles,
      scope: def.scope,
      example: exampleOf(def),
      openapi: { headers: def.headers, multipart: def.multipart },
    },
    schema: schema as RouteSchema<D>,
  };
}

/**
 * `Cache-Control: no-store` (ADR 0043): what a signed-in route answers, and a token a sign-in route
 * answers, is kept by no browser or proxy. The auth hook sets it for every route whose audience is not
 * public; a public route that answers a token takes it as its own `onRequest`.
 */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};
