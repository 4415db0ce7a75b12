// The payload of a signed result (ADR 0041; v1: ADR 0029), shared by the server that signs it and the
// browser that checks it: one shape, so what is signed and what is compared cannot drift apart.
import { z } from 'zod';
import { instantSchema } from './common/inputs.ts';

/** The JWS header's `typ` of each payload version (RFC 8725 3.11: a token says what it is). */
export const RESULT_JWS_TYPES = {
  v1: 'ayar-result+jws',
  v2: 'ayar-result-v2+jws',
  v3: 'ayar-result-v3+jws',
  v4: 'ayar-result-v4+jws',
} as const;

/** What a version says of the result: published, withdrawn by the network, or deleted. */
export const SIGNED_RESULT_STATES = ['published', 'withdrawn', 'deleted'] as const;
export type SignedResultState = (typeof SIGNED_RESULT_STATES)[number];

/** A photo as signed: its file id and the SHA-256 (lowercase hex) of the stored original's bytes. */
export const signedPhotoSchema = z.object({
  id: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedPhoto = z.infer<typeof signedPhotoSchema>;

/** The version's entry in the published status lists (IETF OAuth Token Status List). */
export const statusClaimSchema = z.object({
  status_list: z.object({ idx: z.number().int().min(0), uri: z.string().min(1) }),
});
export type StatusClaim = z.infer<typeof statusClaimSchema>;

/**
 * Payload v2 (`typ: ayar-result-v2+jws`): every field the public page shows, as it shows it (null where
 * the lab's report settings hide it), so the page can show the signed values and compare all of them.
 */
export const signedResultV2Schema = z.object({
  docNumber: z.number().int(),
  token: z.string(),
  /** The lab's name as the page shows it. */
  lab: z.string(),
  /** The lab's reference code (rejeCode) as shown, or null. */
  labCode: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The code range's serial, or null. */
  series: z.number().int().nullable(),
  testType: z.string().nullable(),
  /** Per mille; null unless `state` is `published`. */
  purity: z.number().int().nullable(),
  /** Grams as shown, or null. */
  weight: z.number().nullable(),
  sampleWeight: z.number().nullable(),
  /** Minutes as shown, or null. */
  readyTime: z.number().int().nullable(),
  /** In the page's order. */
  photos: z.array(signedPhotoSchema),
  /** ISO 8601 UTC. */
  registeredAt: instantSchema,
  /** ISO 8601 UTC: this version's time. */
  publishedAt: instantSchema,
  /** `publishedAt` in whole seconds (JWT NumericDate). */
  iat: z.number().int(),
  version: z.number().int().min(1),
  state: z.enum(SIGNED_RESULT_STATES),
  /** The reason the page shows with the result (its last correction's or withdrawal's), or null. */
  reason: z.string().nullable(),
  status: statusClaimSchema,
});
export type SignedResultV2 = z.infer<typeof signedResultV2Schema>;

/**
 * Payload v3 (`typ: ayar-result-v3+jws`, ADR 0050): v2 and who stands behind the purity, by staff code
 * (the lab's own account is 1): the person who recorded it and the one who verified it (null when the
 * lab does not ask for a second verification). Null both when there is no purity.
 */
export const signedResultV3Schema = signedResultV2Schema.extend({
  assayer: z.number().int().nullable(),
  verifier: z.number().int().nullable(),
});
export type SignedResultV3 = z.infer<typeof signedResultV3Schema>;

/**
 * Payload v4 (`typ: ayar-result-v4+jws`, ADR 0059): v3 and how the purity was measured: `typed`, `xrf`
 * (imported from the instrument's file) or `fire` (cupellation duplicates), and for an import the
 * instrument's name from the lab's mapping. Both null when there is no purity.
 */
export const signedResultV4Schema = signedResultV3Schema.extend({
  method: z.enum(['typed', 'xrf', 'fire']).nullable(),
  instrument: z.string().nullable(),
});
export type SignedResultV4 = z.infer<typeof signedResultV4Schema>;

/** Payload v1 (`typ: ayar-result+jws`, ADR 0029): still read, never made again. */
export const signedResultV1Schema = z.object({
  docNumber: z.number().int(),
  lab: z.string(),
  testType: z.string().nullable(),
  purity: z.number().int().nullable(),
  weight: z.number().nullable(),
  sampleWeight: z.number().nullable(),
  registeredAt: instantSchema,
  publishedAt: instantSchema,
  version: z.number().int().min(1),
  status: z.enum(SIGNED_RESULT_STATES),
  token: z.string(),
});
export type SignedResultV1 = z.infer<typeof signedResultV1Schema>;

/** Either payload, told apart by the JWS's `typ`. */
export type SignedResult =
  | { typ: typeof RESULT_JWS_TYPES.v4; payload: SignedResultV4 }
  | { typ: typeof RESULT_JWS_TYPES.v3; payload: SignedResultV3 }
  | { typ: typeof RESULT_JWS_TYPES.v2; payload: SignedResultV2 }
  | { typ: typeof RESULT_JWS_TYPES.v1; payload: SignedResultV1 };

/**
 * The public item's fields (`resultItemSchema`) a v1 signature does not cover: the page shows them
 * outside its verified badge, never as verified (ADR 0041).
 */
export const V1_UNSIGNED_ITEM_FIELDS = [
  'customerName',
  'series',
  'rejeCode',
  'readyTime',
  'images',
  'changeReason',
  'assayerCode',
  'verifierCode',
  'method',
  'instrument',
] as const;

/** The public item's fields a v2 signature does not cover (ADR 0050): shown outside the badge. */
export const V2_UNSIGNED_ITEM_FIELDS = ['assayerCode', 'verifierCode', 'method', 'instrument'] as const;

/** The public item's fields a v3 signature does not cover (ADR 0059): shown outside the badge. */
export const V3_UNSIGNED_ITEM_FIELDS = ['method', 'instrument'] as const;
