import { z } from 'zod';
import {
  PARTNER_LIMITS,
  addWebhookSchema,
  deleteWebhookSchema,
  replayDeliverySchema,
  webhookCreatedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
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

const HOOK_ID = '5e1c9a7b-3d2f-4b6a-8c9d-0e1f2a3b4c5d';
const DELIVERY_ID = '7a2b3c4d-5e6f-4a1b-9c8d-7e6f5a4b3c2d';
const HOOK_EXAMPLE = {
  id: HOOK_ID,
  url: 'https://partner.example/ayar/events',
  createdAt: '2026-11-29T06:10:00.000Z',
};

const SIGNING =
  'Each event is POSTed as JSON `{type, timestamp, data: {docNumber, version, status, jws}}` with the ' +
  'Standard Webhooks headers: `webhook-id` (the event’s id: the same on every retry, so a receiver ' +
  'keeps each once), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` and the base64 ' +
  'HMAC-SHA256 of `<id>.<timestamp>.<body>` with the secret’s base64-decoded key). Any 2xx within 10 s ' +
  'is delivered; otherwise it is tried again after 30 s, 1, 2, 4… minutes (at most an hour apart) for ' +
  'a day. Types: `result.published`, `result.corrected`, `result.withdrawn`, `result.deleted`.';

export const webhooks = route(P.partner.webhooks, {
  summary: 'The URLs this partner key has registered for result events',
  description: 'Only this key’s; never their secrets.',
  response: z.array(webhookSchema),
  example: { response: [HOOK_EXAMPLE] },
});

export const addWebhook = route(P.partner.addWebhook, {
  summary: 'Registers a URL for result events; answers the signing secret once (partner key)',
  description:
    `${SIGNING} At most ${PARTNER_LIMITS.maxWebhooks} URLs a key. A URL whose host is this machine or a ` +
    'private, link-local or reserved network is refused (VALIDATION), at registration and again at each ' +
    'delivery, unless the server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (a closed network).',
  body: addWebhookSchema,
  response: webhookCreatedSchema,
  example: {
    request: { url: 'https://partner.example/ayar/events' },
    response: { ...HOOK_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  },
});

export const deleteWebhook = route(P.partner.deleteWebhook, {
  summary: 'Removes one of this key’s URLs: nothing more is sent to it',
  description: 'Another key’s URL, or an unknown id, is NOT_FOUND.',
  body: deleteWebhookSchema,
  response: z.object({ id: z.uuid() }),
  example: { request: { id: HOOK_ID }, response: { id: HOOK_ID } },
});

const DELIVERY_EXAMPLE = {
  id: DELIVERY_ID,
  partner: 'بازار طلای نمونه',
  url: 'https://partner.example/ayar/events',
  eventType: 'result.corrected' as const,
  docNumber: EX.docNumber,
  createdAt: '2026-11-29T06:20:00.000Z',
  attempts: 3,
  lastStatus: 200,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-11-29T06:21:30.000Z',
  state: 'delivered' as const,
};

export const webhookDeliveries = route(P.manage.webhookDeliveries, {
  summary: 'The webhook delivery log, newest first: each event, its target, attempts and outcome',
  description: `At most ${PARTNER_LIMITS.deliveriesShown}; \`state\` filters: \`waiting\`, \`delivered\`, \`failed\`.`,
  query: webhookDeliveriesQuerySchema,
  response: z.array(webhookDeliverySchema),
  example: { request: { state: 'delivered' }, response: [DELIVERY_EXAMPLE] },
});

export const replayWebhookDelivery = route(P.manage.replayWebhookDelivery, {
  summary: 'Sends a delivery again: with the same id, so a receiver that has it keeps it once',
  description:
    'A failed delivery (or a waiting one, at once) goes back in the queue with a new day of retries; a ' +
    'delivered one is CONFLICT (its receiver has it); an unknown id NOT_FOUND. The URL must still be registered.',
  body: replayDeliverySchema,
  response: webhookDeliverySchema,
  example: {
    request: { id: DELIVERY_ID },
    response: {
      ...DELIVERY_EXAMPLE,
      state: 'waiting',
      deliveredAt: null,
      nextAttemptAt: '2026-11-29T07:00:00.000Z',
    },
  },
});
