import { z } from 'zod';
import { EXPORT_ROWS_HEADER, REQUEST_HEADERS, type RequestHeader } from '@ayar/contract';

// The headers the API reads and answers, declared in the document (ADR 0060): a client written from
// the document alone knows to send `Idempotency-Key`, and can read the rate limit before it is refused.

type Json = Record<string, unknown>;

/** Where `openApiTransform` leaves a route's request headers and multipart parts for `finishDocument`. */
export const REQUEST_HEADERS_KEY = 'x-request-headers';
export const MULTIPART_KEY = 'x-multipart-body';

const PARAMETER_NAMES: Record<RequestHeader, string> = {
  idempotencyKey: 'IdempotencyKey',
  device: 'AyarDevice',
};

const headerSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return json;
};

/** A zod schema of a multipart form's parts as the document's JSON Schema (a `z.file()` is binary). */
export const multipartSchema = (schema: z.ZodType) => headerSchema(schema);

const PARAMETERS = Object.fromEntries(
  (Object.keys(REQUEST_HEADERS) as RequestHeader[]).map((key) => {
    const header = REQUEST_HEADERS[key];
    return [
      PARAMETER_NAMES[key],
      {
        name: header.name,
        in: 'header',
        required: false,
        description: header.description,
        schema: headerSchema(header.schema),
      },
    ];
  }),
);

const integer = { type: 'integer', minimum: 0 };
/** What every `/api/` answer may carry (@fastify/rate-limit), and the other answer headers. */
const HEADERS: Record<string, Json> = {
  RateLimitLimit: {
    description: 'Requests this client may make in the window (absent for an allow-listed address)',
    schema: integer,
  },
  RateLimitRemaining: { description: 'Requests left in the window', schema: integer },
  RateLimitReset: { description: 'Seconds until the window starts again', schema: integer },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: integer },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
  ExportRows: { description: 'The rows the file holds, known before its first byte', schema: integer },
  ContentDisposition: {
    description: 'How to keep the file: `attachment` or `inline`, its name in `filename*` (UTF-8)',
    schema: { type: 'string' },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT = {
  'X-RateLimit-Limit': ref('RateLimitLimit'),
  'X-RateLimit-Remaining': ref('RateLimitRemaining'),
  'X-RateLimit-Reset': ref('RateLimitReset'),
};

interface Operation extends Json {
  responses?: Record<string, Json>;
  parameters?: unknown[];
  tags?: string[];
}

/**
 * One operation's headers: the request headers its route lists (as parameters), its multipart parts
 * (as the request body), and what its success answers in headers.
 */
export function placeHeaders(path: string, op: Operation): void {
  const headers = (op[REQUEST_HEADERS_KEY] ?? []) as RequestHeader[];
  delete op[REQUEST_HEADERS_KEY];
  if (headers.length > 0)
    op.parameters = [
      ...(op.parameters ?? []),
      ...headers.map((h) => ({ $ref: `#/components/parameters/${PARAMETER_NAMES[h]}` })),
    ];
  if (MULTIPART_KEY in op) {
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: op[MULTIPART_KEY] } } };
    delete op[MULTIPART_KEY];
  }
  const success = op.responses?.['200'];
  if (!success) return;
  const answer: Json = path.startsWith('/api/') ? { ...RATE_LIMIT } : {};
  if (headers.includes('idempotencyKey')) answer['Idempotent-Replayed'] = ref('IdempotentReplayed');
  const content = Object.keys((success.content ?? {}) as Json);
  if (content.length > 0 && !content.includes('application/json')) {
    answer['Content-Disposition'] = ref('ContentDisposition');
    if (op.tags?.includes('exports')) answer[EXPORT_ROWS_HEADER] = ref('ExportRows');
  }
  if (Object.keys(answer).length > 0) success.headers = { ...(success.headers as Json), ...answer };
}

/** The document's shared parameters and headers, and the 429's headers. */
export function headerComponents(components: Json): void {
  components.parameters = { ...(components.parameters as Json), ...PARAMETERS };
  components.headers = { ...(components.headers as Json), ...HEADERS };
  const limited = (components.responses as Record<string, Json> | undefined)?.Error429;
  if (limited) limited.headers = { 'Retry-After': ref('RetryAfter'), ...RATE_LIMIT };
}
