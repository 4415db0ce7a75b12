import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers for these options, worked out once (ADR 0034). They depend on the options only (no
 * nonces, nothing from the request), yet `@fastify/helmet` rebuilds Helmet from the options on every
 * request, parsing the content policy each time: 3 % of the public lookup's CPU, measured with
 * `bench/lookup.ts --profile`. Running Helmet's middleware once against a response that only records
 * its headers gives exactly what it would set, and `removeHeader` calls (X-Powered-By) are moot here:
 * Fastify never sets that header.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
