import { z } from 'zod';
import { queryBoolean } from '../common/inputs.ts';
import {
  publicTokenSchema,
  resultByTokenQuerySchema,
  resultLookupSchema,
  resultResponseSchema,
} from '../results.ts';
import { fileBytesSchema, routesOf } from './define.ts';
import { EX, RESULT_ITEM_EXAMPLE } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('results');

const PUBLIC =
  "The public sees the packet number, purity, lab and date; the customer's name, the test type, the " +
  "weights (grams) and the ready time only where the lab's report settings show them (else null), never " +
  'a mobile. `remain` is the minutes until the result is due (never below 0). Photos are addresses ' +
  'scoped to the packet (`?thumb=1` for the thumbnail). Once a version is signed the shown fields are ' +
  'the signed ones (`jws`, payload v2: ADR 0041), so a later rename or settings change does not alter them.';

export const result = route(P.tests.result, {
  summary: 'Looks a result up by packet number (public)',
  description:
    `${PUBLIC} An unknown and a deleted number get the same NOT_FOUND. At most 30 lookups a minute per ` +
    'address (numbers are sequential).',
  body: resultLookupSchema,
  response: resultResponseSchema,
  example: { request: { code: EX.docNumber, forWeb: true }, response: { list: [RESULT_ITEM_EXAMPLE] } },
});

export const resultByToken = route(P.tests.resultByToken, {
  summary: "Looks a result up by the packet's public token: the slip's QR code page `/r/<token>` (public)",
  description: `${PUBLIC} At most 30 lookups a minute per address.`,
  query: resultByTokenQuerySchema,
  response: resultResponseSchema,
  example: { request: { token: EX.publicToken }, response: { list: [RESULT_ITEM_EXAMPLE] } },
});

export const photo = route(P.results.photo, {
  summary: 'A photo of a published packet, reached through its public token (public)',
  description:
    'Binary: the JPEG itself, not the envelope; `thumb=1` serves the thumbnail. A photo of another ' +
    'packet, or of a deleted one, is NOT_FOUND (as the envelope). At most 300 a minute per address.',
  params: z.object({ token: publicTokenSchema, fileId: z.string().max(100) }),
  query: z.object({ thumb: queryBoolean }),
  response: fileBytesSchema,
  fileTypes: ['image/jpeg'],
  example: { params: { token: EX.publicToken, fileId: EX.fileId }, request: { thumb: true } },
});
