import { z } from 'zod';
import {
  PARTNER_LIMITS,
  partnerKeyCreatedSchema,
  partnerKeyDraftSchema,
  partnerKeySchema,
  partnerResultsRequestSchema,
  partnerResultsResponseSchema,
  revokePartnerKeySchema,
} from '../partners.ts';
import { routesOf } from './define.ts';
import { EX, RESULT_ITEM_EXAMPLE } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('partners');

const KEY_ID = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a7b';
const KEY_EXAMPLE = {
  id: KEY_ID,
  name: 'بازار طلای نمونه',
  prefix: 'ayk_Qm9v',
  scopes: ['results:read' as const],
  allowedAddresses: ['203.0.113.0/24'],
  expiresAt: '2027-12-01T00:00:00.000Z',
  createdAt: '2026-11-29T06:00:00.000Z',
  revokedAt: null,
  uses: 1204,
  lastUsedAt: '2026-11-29T08:15:00.000Z',
  state: 'active' as const,
};

export const partnerKeys = route(P.manage.partnerKeys, {
  summary: 'The partner API keys, newest first: each one’s scopes, limits, state and use',
  description:
    'Never the key itself, only its first characters (`prefix`). `state` is `active`, `expired` (past ' +
    '`expiresAt`) or `revoked`; `uses` counts every call made with it.',
  response: z.array(partnerKeySchema),
  example: { response: [KEY_EXAMPLE] },
});

export const addPartnerKey = route(P.manage.addPartnerKey, {
  summary: 'Issues an API key to a named partner, with its scopes, an expiry and an address allowlist',
  description:
    'The answer holds the key (`ayk_` and 43 characters) this once: it is stored as a SHA-256 hash and ' +
    'cannot be shown again. Scopes: `results:read` (POST /Partner/Results), `results:subscribe` ' +
    '(webhooks). `expiresAt` at most two years ahead; `allowedAddresses` up to ' +
    `${PARTNER_LIMITS.maxAddresses} addresses or CIDR ranges. Written to the audit log.`,
  body: partnerKeyDraftSchema,
  response: partnerKeyCreatedSchema,
  example: {
    request: {
      name: 'بازار طلای نمونه',
      scopes: ['results:read'],
      expiresAt: '2027-12-01T00:00:00Z',
      allowedAddresses: ['203.0.113.0/24'],
    },
    response: { id: KEY_ID, key: 'ayk_Qm9vZ2xlLWtleS1leGFtcGxlLW5vdC1hLXJlYWwta2V5' },
  },
});

export const revokePartnerKey = route(P.manage.revokePartnerKey, {
  summary: 'Revokes a partner’s API key: every later call with it is 401',
  description: 'A key revoked already is CONFLICT; an unknown id NOT_FOUND. Written to the audit log.',
  body: revokePartnerKeySchema,
  response: partnerKeySchema,
  example: {
    request: { id: KEY_ID },
    response: { ...KEY_EXAMPLE, revokedAt: '2026-11-30T09:00:00.000Z', state: 'revoked' },
  },
});

export const results = route(P.partner.results, {
  summary: 'Looks up to 100 results at once by packet number, each with its signed JWS (partner key)',
  description:
    'Send the key as `X-Api-Key`: a missing, wrong, expired or revoked key is 401, a key without ' +
    '`results:read` or from an address its allowlist does not hold 403. The public lookup’s rules: ' +
    'what the lab shows the public and nothing more (never a mobile), an unknown and a deleted number ' +
    `alike in \`missing\`. At most ${PARTNER_LIMITS.callsPerMinute} calls a minute per key (429 with ` +
    'Retry-After), whatever the address. Verify each `jws` against /.well-known/jwks.json ' +
    '(docs/verifying-results.md).',
  body: partnerResultsRequestSchema,
  response: partnerResultsResponseSchema,
  example: {
    request: { codes: [EX.docNumber, 100_246] },
    response: { list: [RESULT_ITEM_EXAMPLE], missing: [100_246] },
  },
});
