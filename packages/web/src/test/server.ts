import { HttpResponse, http } from 'msw';
import type { JsonBodyType, StrictResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API_PREFIX } from '@ayar/contract';
import type { FieldError } from '@ayar/contract';

/**
 * The web tests' one fake server (MSW): handlers are keyed by the contract's `ROUTES` entries and
 * answer with the API's envelope, as the real server does. Mounted for every test by `setup.ts`;
 * each test adds its own handlers with `handle`/`fail`, which are dropped after the test.
 */
export const server = setupServer(
  // Anything a test did not expect: an error envelope naming the call, as the old stubs answered.
  http.all(`*${API_PREFIX}/*`, ({ request }) =>
    HttpResponse.json(
      {
        successful: false,
        message: `unexpected ${request.method} ${new URL(request.url).pathname}`,
        data: null,
      },
      { status: 500 },
    ),
  ),
);

/** Every request the screens made in this test, in order (whichever handler answered it). */
const seen: { method: string; url: URL }[] = [];
server.events.on('request:start', ({ request }) => {
  seen.push({ method: request.method, url: new URL(request.url) });
});

/** The requests made so far in this test, optionally only those of one route (or address). */
export function requestsTo(target?: TestRoute | string): { method: string; url: URL }[] {
  if (target === undefined) return [...seen];
  const path = typeof target === 'string' ? target.split('?')[0] : `${API_PREFIX}${target.path}`;
  return seen.filter((r) => r.url.pathname === path);
}

/** Forgets the requests seen (setup.ts, after each test). */
export function resetRequests(): void {
  seen.length = 0;
}

/** A route as the contract lists it (`ROUTES.x.y`); only the method and path are read here. */
export interface TestRoute {
  method: 'GET' | 'POST';
  path: string;
}

/** One request a handler answered: what the screen sent. */
export interface RecordedCall {
  url: URL;
  /** The query string as an object (a repeated name keeps its last value). */
  query: Record<string, string>;
  /** The JSON body (POST), or the FormData of a multipart upload, or undefined. */
  body: unknown;
  headers: Headers;
}

/** What a handler was given: the recorded call and the raw request. */
export type HandlerInput = RecordedCall & { request: Request };

/** What a handler answers: the envelope's `data`, or a whole response (`HttpResponse`, `fail(...)`). */
type Answer = unknown;
export type Resolver = Answer | ((input: HandlerInput) => Answer | Promise<Answer>);

export interface HandleOptions {
  /** The envelope's `message` (a success toast). */
  message?: string;
  /** Answer one request only; the next falls through to an earlier handler. */
  once?: boolean;
  status?: number;
}

/** The calls a handler answered, in order, with shortcuts for the last one. */
export interface Calls extends Array<RecordedCall> {
  readonly last: RecordedCall | undefined;
  /** The bodies sent, in order. */
  readonly bodies: unknown[];
}

function callsArray(): Calls {
  const list = [] as unknown as Calls;
  Object.defineProperties(list, {
    last: { get: () => list[list.length - 1] },
    bodies: { get: () => list.map((c) => c.body) },
  });
  return list;
}

/**
 * A multipart body as a FormData (files as Blobs). Parsed by hand: under jsdom, Node's own
 * `request.formData()` refuses the files it builds, for they are not jsdom's File.
 */
function parseMultipart(text: string, type: string): FormData {
  const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
  const form = new FormData();
  if (!boundary) return form;
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const partType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '';
    if (filename === undefined) form.append(name, content);
    else form.append(name, new Blob([content], { type: partType }), filename);
  }
  return form;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return parseMultipart(await request.text(), type);
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The API's success envelope around `data`. */
export function envelope(data: unknown, message = '') {
  return { successful: true, message, data };
}

/** A successful call as the server sends it, for a handler whose message depends on the request. */
export function success(data: unknown, message = ''): StrictResponse<JsonBodyType> {
  return HttpResponse.json(envelope(data, message) as JsonBodyType);
}

/** A refused call as the server sends it: the message, field errors under their inputs, a status. */
export function failure(
  message: string,
  { status = 400, errors, code }: { status?: number; errors?: FieldError[]; code?: string } = {},
): StrictResponse<JsonBodyType> {
  return HttpResponse.json(
    { successful: false, message, data: null, ...(errors ? { errors } : {}), ...(code ? { code } : {}) },
    { status },
  );
}

/**
 * Answers every call of `route` (path and method from the contract) with the envelope around
 * `resolver`'s data; a function gets the call (body, query) and may return a whole `Response`
 * instead. Returns the calls it answered.
 */
export function handle(
  route: TestRoute,
  resolve: (input: HandlerInput) => Answer | Promise<Answer>,
  options?: HandleOptions,
): Calls;
export function handle(route: TestRoute, data: Answer, options?: HandleOptions): Calls;
export function handle(route: TestRoute, resolver: Resolver, options: HandleOptions = {}): Calls {
  const calls = callsArray();
  const method = route.method === 'GET' ? http.get : http.post;
  server.use(
    method(
      `*${API_PREFIX}${route.path}`,
      async ({ request }) => {
        const url = new URL(request.url);
        const call: RecordedCall = {
          url,
          query: Object.fromEntries(url.searchParams),
          body: await readBody(request.clone()),
          headers: request.headers,
        };
        calls.push(call);
        const answer =
          typeof resolver === 'function'
            ? await (resolver as (input: HandlerInput) => Answer)({ ...call, request })
            : resolver;
        if (answer instanceof Response) return answer;
        return HttpResponse.json(envelope(answer, options.message) as JsonBodyType, {
          status: options.status ?? 200,
        });
      },
      { once: options.once },
    ),
  );
  return calls;
}

/**
 * Answers every API call no later handler answers with a success envelope around `data` (register it
 * first: handlers added after it come before it).
 */
export function handleAny(data: unknown = null): void {
  server.use(http.all(`*${API_PREFIX}/*`, () => HttpResponse.json(envelope(data) as JsonBodyType)));
}

/** Refuses every call of `route` with the server's message (and field errors). */
export function fail(
  route: TestRoute,
  message: string,
  options: { status?: number; errors?: FieldError[]; code?: string; once?: boolean } = {},
): Calls {
  return handle(route, () => failure(message, options), { once: options.once });
}

/** Answers any request to a raw address (a stored file, `/api/v1.0/Files/<id>`) with `respond`. */
export function handleUrl(
  address: string,
  respond: (input: { request: Request }) => Response | Promise<Response>,
): Calls {
  const calls = callsArray();
  server.use(
    http.all(`*${address.split('?')[0]}`, async ({ request }) => {
      const url = new URL(request.url);
      calls.push({
        url,
        query: Object.fromEntries(url.searchParams),
        body: undefined,
        headers: request.headers,
      });
      return respond({ request });
    }),
  );
  return calls;
}

export { HttpResponse };
