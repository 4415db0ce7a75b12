import { z } from 'zod';
import { testIdQuerySchema } from '../assays.ts';
import {
  resultVersionsResponseSchema,
  verifySlipResponseSchema,
  verifySlipSchema,
  withdrawResultSchema,
} from '../result-versions.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// Results in the open (ADR 0029): checking a slip, withdrawing a result, its history.

const route = routesOf('results');

const JWS_EXAMPLE =
  'eyJhbGciOiJFZERTQSIsImtpZCI6Ik5iX3Q4cyIsInR5cCI6ImF5YXItcmVzdWx0K2p3cyJ9.eyJ2ZXJzaW9uIjoxfQ.c2lnbmF0dXJl';

export const verifySlip = route(P.tests.verifySlip, {
  summary: 'Checks the packet number and purity printed on a slip against the live result (public)',
  description:
    '`matches`; `outdated`: the result was corrected since (the current purity, when and why); ' +
    '`withdrawn`: the administrator withdrew it (when and why; no purity); `pending`: no purity is ' +
    'published yet; `not-found`: no such packet (or deleted). Purity per mille, 600–999. Rate limited ' +
    'like the lookup (30 a minute per address).',
  body: verifySlipSchema,
  response: verifySlipResponseSchema,
  example: {
    request: { code: EX.docNumber, purity: 750 },
    response: { outcome: 'outdated', purity: 740, version: 2, changedAt: EX.at, reason: 'خطای ثبت' },
  },
});

export const withdrawResult = route(P.manage.withdrawResult, {
  summary: 'Withdraws a published result: the public sees it withdrawn, the customer gets an SMS',
  description:
    'The packet and its history stay. The reason (3–500 characters) is shown to the public. A packet ' +
    'without a published result, or already withdrawn, is BUSINESS_RULE. A new purity reissues it.',
  body: withdrawResultSchema,
  response: z.null(),
  example: { request: { id: EX.packetId, reason: 'نمونه اشتباه برش خورده بود' }, response: null },
});

const VERSIONS =
  "Every signed version of the packet's result, oldest first, with its purity, reason, time, who made " +
  'it and its JWS (verifiable against `/.well-known/jwks.json`).';

const VERSION_EXAMPLE = {
  version: 1,
  status: 'published' as const,
  purity: 750,
  reason: null,
  at: EX.at,
  byRole: 'workshop' as const,
  jws: JWS_EXAMPLE,
};

export const resultVersions = route(P.tests.resultVersions, {
  summary: "One of the workshop's packets: its result's signed versions",
  description: VERSIONS,
  query: testIdQuerySchema,
  response: resultVersionsResponseSchema,
  example: { request: { testId: EX.packetId }, response: { list: [VERSION_EXAMPLE] } },
});

export const manageResultVersions = route(P.manage.resultVersions, {
  summary: "Any packet: its result's signed versions",
  description: VERSIONS,
  query: testIdQuerySchema,
  response: resultVersionsResponseSchema,
  example: { request: { testId: EX.packetId }, response: { list: [VERSION_EXAMPLE] } },
});
