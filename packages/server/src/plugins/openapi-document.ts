import { tidyComponents } from './openapi-components.ts';
import { describeFields } from './openapi-fields.ts';
import { headerComponents, placeHeaders } from './openapi-headers.ts';

// What the whole OpenAPI document gains once every route is in it (docs/product.md §8.1, ADR 0060):
// each tag described, and failures as one shared error response per status instead of an anonymous
// `default` on every operation, so a generated client has one named error type.

/** Each tag (a feature slug, the contract's `routesOf`) in a line: what its operations are about. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  auth: 'Signing in and out, one-time codes, the session’s profile and password.',
  workshops: 'Labs (workshops): registration, the admin’s list and edits, the public list of labs.',
  assays: 'Packets: registering, the lists, purities (typed, verified, fire assay), edits and history.',
  imports: 'Purities from an instrument’s results file: column mappings, a preview, the apply (ADR 0059).',
  results: 'The public lookup, signed results (JWS), the slip check, status lists and result photos.',
  codes: 'Packet numbers: ranges bought by labs, the next free number.',
  credits: 'Credit: labs’ payment documents and the admin’s approval.',
  customers: 'A lab’s customers (gold dealers).',
  payments: 'A customer’s gold and money balance: receipts and payments.',
  settings: 'A lab’s settings and the network’s system settings.',
  'system-settings': 'The network’s own settings.',
  statistics: 'Counts and sums for the lab and the network.',
  messages: 'SMS: templates, the outbox the admin reads.',
  files: 'Uploads (packet photos, a lab’s alert sound) and stored files.',
  offline: 'The counter’s offline registration: reserved numbers and devices (ADR 0033).',
  staff: 'A lab’s people and their roles (ADR 0049).',
  exports: 'Lists as Excel or CSV files (ADR 0055).',
  backups: 'Backups the admin runs and schedules (ADR 0053).',
  'site-info': 'The public site’s texts and contact details.',
  partners:
    'Partner systems: the administrator’s API keys and delivery log, the bulk lookup and webhooks a key may use (ADR 0061, 0062).',
  health: 'Liveness and readiness probes.',
};

/** The failure statuses every operation may answer; 401/403 only where a session is needed. */
const ERROR_STATUSES = {
  '400': 'Bad input (`VALIDATION`, with `errors`) or a broken rule (`BUSINESS_RULE`)',
  '401': 'No session, or it has ended (`UNAUTHORIZED`)',
  '403': 'The session’s role may not call this (`FORBIDDEN`)',
  '404': 'Missing, or another lab’s (`NOT_FOUND`)',
  '409': 'A conflict: already used, already decided, changed since (`CONFLICT`)',
  '413': 'Too large (`TOO_LARGE`)',
  '415': 'A file of an unsupported type (`UNSUPPORTED_MEDIA_TYPE`)',
  '422': 'An Idempotency-Key reused with another body (`CONFLICT`)',
  '429': 'Rate limited (`RATE_LIMITED`, with Retry-After)',
} as const;
const SESSION_ONLY = new Set(['401', '403']);

export const ERROR_SCHEMA = 'ErrorEnvelope';

/** A JSON answer's 200 (@fastify/swagger's own words are «Default Response»). */
const SUCCESS = 'Success: `successful` true, the answer in `data`';

/** Where `openApiTransform` leaves a route's body example for `finishDocument` to place. */
export const BODY_EXAMPLE = 'x-body-example';

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses?: Record<string, Json>;
  security?: unknown[];
  tags?: string[];
}

/** The route's body example, on each of its request's media types (OpenAPI's `example`). */
function placeBodyExample(op: Operation): void {
  if (!(BODY_EXAMPLE in op)) return;
  const content = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content ?? {};
  for (const media of Object.values(content)) media.example = op[BODY_EXAMPLE];
  delete op[BODY_EXAMPLE];
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
});

/**
 * Replaces each operation's `default` failure with one response per status, each referring to the one
 * error schema (taken from the first `default`, which the zod transform wrote), and lists the tags.
 */
export function finishDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  let errorSchema: unknown;
  const used = new Set<string>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const op of Object.values(methods)) {
      for (const tag of op.tags ?? []) used.add(tag);
      placeBodyExample(op);
      const success = op.responses?.['200'];
      if (success?.description === 'Default Response') success.description = SUCCESS;
      placeHeaders(path, op);
      const responses = op.responses;
      if (!responses?.default) continue;
      const content = responses.default.content as Record<string, { schema?: unknown }> | undefined;
      errorSchema ??= content?.['application/json']?.schema;
      delete responses.default;
      const signedIn = (op.security ?? []).length > 0;
      for (const status of Object.keys(ERROR_STATUSES) as (keyof typeof ERROR_STATUSES)[]) {
        if (responses[status] || (!signedIn && SESSION_ONLY.has(status))) continue;
        responses[status] = { $ref: `#/components/responses/Error${status}` };
      }
    }
  }
  const components = (doc.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;
  // The contract names the envelope (openapi-components.ts), so the default already refers to it.
  if (!(ERROR_SCHEMA in schemas)) schemas[ERROR_SCHEMA] = errorSchema;
  components.schemas = schemas;
  components.responses = {
    ...(components.responses as Json | undefined),
    ...Object.fromEntries(
      Object.entries(ERROR_STATUSES).map(([status, text]) => [`Error${status}`, errorResponse(text)]),
    ),
  };
  headerComponents(components);
  const tags = [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const finished = { ...doc, tags, components };
  tidyComponents(finished);
  describeFields(finished);
  return finished;
}
