// Zod-free: the route table (paths.ts) names a partner route's scope without loading a schema.

/** What a partner's API key may do (ADR 0061): look results up in bulk, hear of them by webhook. */
export const PARTNER_SCOPES = ['results:read', 'results:subscribe'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** The header a partner sends its key in. */
export const PARTNER_KEY_HEADER = 'x-api-key';
