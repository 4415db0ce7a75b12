import { z } from 'zod';
import type { RequestHeader } from '../offline.ts';
import type { RoutePath } from './paths.ts';

// How a route of `ROUTES` is described: where it is (`ROUTE_PATHS`), what it takes and answers (zod
// schemas, the same the server validates with and the web's forms use), what it is for, and an example
// that validates against those schemas. The server registers each route from its entry, and the
// OpenAPI document is generated from the same entries.

type Schema = z.ZodType;

/**
 * One route. `response` is the schema of the envelope's `data` (`{ successful, message, data }`), or of
 * the file's bytes when `fileTypes` is set. Entries built with `routesOf` keep their exact schema types,
 * so `ResponseOf<typeof ROUTES.customer.getPays>` is that response's type.
 */
export interface RouteDef extends RoutePath {
  /** The feature the route belongs to: the OpenAPI tag. */
  readonly tag: string;
  /** One line, English: what the call does. */
  readonly summary: string;
  /** What the schemas cannot say: units, who sees what, rules, error codes beyond the usual ones. */
  readonly description?: string;
  /** The JSON body of a POST. */
  readonly body?: Schema;
  /** The query string of a GET. */
  readonly query?: Schema;
  /** The path's `:name` parameters. */
  readonly params?: Schema;
  readonly response: Schema;
  /** The answer is a file's bytes of one of these media types, not the envelope. */
  readonly fileTypes?: readonly string[];
  /**
   * The body is a multipart/form-data upload: its parts, as the document shows them (a file part is a
   * `z.file()`). Only documented: the route's handler reads the parts as they stream.
   */
  readonly multipart?: Schema;
  /** The optional request headers the route reads (ADR 0033), declared in the document. */
  readonly headers?: readonly RequestHeader[];
  readonly example: { readonly request?: unknown; readonly params?: unknown; readonly response?: unknown };
}

/** The envelope's `data` of a successful call (the file, for a file route). */
export type ResponseOf<R extends { readonly response: Schema }> = z.output<R['response']>;
/** The JSON body a route takes, as sent (before the server's normalising: digits, trimming, units). */
export type BodyOf<R> = R extends { readonly body: infer B extends Schema } ? z.input<B> : never;
/** The query a GET route takes, as sent. */
export type QueryOf<R> = R extends { readonly query: infer Q extends Schema } ? z.input<Q> : never;
/** The path parameters of a route with `:name` segments. */
export type ParamsOf<R> = R extends { readonly params: infer P extends Schema } ? z.input<P> : never;

type Part<K extends string, S> = S extends Schema | readonly string[]
  ? { readonly [k in K]: S }
  : { readonly [k in K]?: undefined };

/**
 * An example call: `request` is the body (POST) or query (GET) and is required when the route takes
 * one; `params` the path parameters; `response` the envelope's `data`, required unless the answer is a
 * file.
 */
export type RouteExample<B, Q, P, R extends Schema, F> = (B extends Schema
  ? { readonly request: z.input<B> }
  : Q extends Schema
    ? { readonly request: z.input<Q> }
    : { readonly request?: undefined }) &
  (P extends Schema ? { readonly params: z.input<P> } : { readonly params?: undefined }) &
  (F extends readonly string[] ? { readonly response?: undefined } : { readonly response: z.input<R> });

interface RouteDoc<B, Q, P, R extends Schema, F> {
  summary: string;
  description?: string;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  fileTypes?: F;
  multipart?: Schema;
  headers?: readonly RequestHeader[];
  example: RouteExample<NoInfer<B>, NoInfer<Q>, NoInfer<P>, NoInfer<R>, NoInfer<F>>;
}

type Entry<Path, T, B, Q, P, R extends Schema, F> = Path &
  Part<'body', B> &
  Part<'query', Q> &
  Part<'params', P> &
  Part<'fileTypes', F> & {
    readonly tag: T;
    readonly summary: string;
    readonly description?: string;
    readonly response: R;
    readonly multipart?: Schema;
    readonly headers?: readonly RequestHeader[];
    readonly example: RouteExample<B, Q, P, R, F>;
  };

/**
 * The route builder of one feature: `const route = routesOf('payments')`, then
 * `route(ROUTE_PATHS.customer.addPay, { summary, body, response, example })`. The entry keeps the literal
 * types of its path and schemas, and its example is checked against its schemas by the compiler.
 */
export function routesOf<const T extends string>(tag: T) {
  return function route<
    const Path extends RoutePath,
    R extends Schema,
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
    const F extends readonly string[] | undefined = undefined,
  >(path: Path, doc: RouteDoc<B, Q, P, R, F>): Entry<Path, T, B, Q, P, R, F> {
    return { ...path, tag, ...doc } as unknown as Entry<Path, T, B, Q, P, R, F>;
  };
}

/** The `response` of a route that answers a file's bytes. */
export const fileBytesSchema = z.file().describe("The file's bytes");
