import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { STATUS_LIST_MEDIA_TYPE, STATUS_LIST_TTL_S } from './status-list.lib.ts';
import type { StatusLists } from './status-list.service.ts';

/**
 * A list number as its address spells it: no sign, no leading zero, no fraction, at most 9 digits
 * (a billion lists of 65,536 entries is more versions than the network will ever sign). One spelling
 * per list, so a cache never holds the same list twice.
 */
export const statusListParamsSchema = z.object({
  n: z.string().regex(/^(0|[1-9][0-9]{0,8})$/, 'شمارهٔ فهرست وضعیت باید عددی صحیح و نامنفی باشد'),
});

const EXAMPLE_TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6InItMjAyNi0xMCIsInR5cCI6InN0YXR1c2xpc3Qrand0In0.eyJleHAiOjE3OTYxMDU2MDAsImlhdCI6MTc5NjAxOTIwMCwic3ViIjoiL3N0YXR1cy1saXN0cy8wIn0.c2lnbmF0dXJl';

/**
 * `GET /status-lists/{n}` (ADR 0042): the IETF Token Status List JWT that says, for every signed
 * version whose `status.status_list.uri` names list n, whether it is still its result's current one.
 * Outside /api/v1.0 because its address is signed into results forever and must not move with the
 * API's version. Public and not rate-limited, like the JWK Set: a list is built at most once per
 * five minutes per process and a missing one costs at most one query per few seconds (the service's
 * cache), so an answer costs a map lookup, less than counting it would.
 */
export function statusListRoutes(app: FastifyInstance, deps: { statusLists: StatusLists }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/status-lists/:n',
    config: { audience: 'public', example: { params: { n: '0' } } },
    schema: {
      operationId: 'resultStatusList',
      tags: ['results'],
      summary: 'The status of signed result versions (IETF Token Status List JWT)',
      description:
        'Not the envelope: a compact JWT (`typ: statuslist+jwt`) signed by the current result key, with ' +
        '`status_list: { bits: 2, lst }` (ZLIB, base64url). Entry `idx` of a result JWS whose ' +
        '`status.status_list.uri` is this list: 0 its current version, 1 withdrawn or deleted since, ' +
        '3 replaced by a later version. 404 for a list no result is signed into yet. docs/verifying-results.md.',
      params: statusListParamsSchema,
      response: {
        200: {
          description: 'The status list token',
          content: { [STATUS_LIST_MEDIA_TYPE]: { schema: z.string().meta({ example: EXAMPLE_TOKEN }) } },
        },
      },
    },
    handler: async (request, reply) => {
      const token = await deps.statusLists.token(Number(request.params.n));
      if (token === null) throw notFound();
      return reply
        .type(STATUS_LIST_MEDIA_TYPE)
        .header('cache-control', `public, max-age=${STATUS_LIST_TTL_S}`)
        .send(token);
    },
  });
}
