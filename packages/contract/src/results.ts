// Schemas of the «results» feature (docs/product.md §2.2, §3.4), shared by the server and the web app.
import { z } from 'zod';
import { instantSchema, intInput } from './common/inputs.ts';
import { RESULT_NUMBER_RANGE } from './result-number.ts';
import { RESULT_MSG } from './results-constants.ts';

export * from './results-constants.ts';

/** Where a public result stands; see `resultItemSchema.status`. */
export const RESULT_STATUSES = ['pending', 'published', 'withdrawn'] as const;
export type PublicResultStatus = (typeof RESULT_STATUSES)[number];

export { MAX_DOC_NUMBER, RESULT_NUMBER_RANGE, resultNumberError } from './result-number.ts';

/** `POST /Tests/Result`: the packet number (a number, or a string with Persian/Arabic digits) and forWeb. */
export const resultLookupSchema = z.object({
  code: intInput({
    ...RESULT_NUMBER_RANGE,
    required: RESULT_MSG.codeRequired,
    range: RESULT_MSG.codeInvalid,
  }),
  forWeb: z.boolean().optional(),
});
export type ResultLookup = z.input<typeof resultLookupSchema>;

/**
 * A packet's public token: 128 random bits as base64url (22 characters), so the token space cannot be
 * walked. The pattern is a little wider so tokens of another encoding (hex, 32) still pass.
 */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const publicTokenSchema = z.string().trim().regex(PUBLIC_TOKEN_PATTERN, RESULT_MSG.tokenInvalid);

/** `GET /Tests/ResultByToken?token=`: the QR page `/r/<token>`. */
export const resultByTokenQuerySchema = z.object({ token: publicTokenSchema });

/**
 * A public result item (docs/product.md §3.4). Never the customer's mobile. Fields a workshop's settings hide
 * (customer name, type, weights, ready time: the `show…ForReport` flags) are null.
 * `images` are public addresses scoped to the packet; the thumbnail is the same address with `?thumb=1`.
 */
export const resultItemSchema = z.object({
  /** The packet's public token: `/r/<token>` shows this item (the slip's QR code). */
  token: z.string(),
  docNumber: z.number().int(),
  /** The test type's name (showTypeForReport), else null. */
  title: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The serial number of the code range the packet number came from. */
  series: z.number().int().nullable(),
  purity: z.number().int().nullable(),
  /**
   * How the purity was measured (ADR 0059): `typed`, `xrf` (from the instrument's file) or `fire`
   * (cupellation); null without a purity. The page shows «روش: …».
   */
  method: z.enum(['typed', 'xrf', 'fire']).nullable(),
  /** For `xrf`, the instrument's name from the lab's mapping; else null. */
  instrument: z.string().nullable(),
  /** The lab's name. */
  name: z.string(),
  rejeCode: z.string().nullable(),
  createDate: instantSchema,
  /** Minutes until the result is due: ready time − minutes since registration, floored, ≥ 0. */
  remain: z.number().int().min(0),
  /** Gold weight in grams (showWeightForReport), else null. */
  weight: z.number().nullable(),
  /** Sample weight in grams (showSampleWeightForReport), else null. */
  sampleWeight: z.number().nullable(),
  /** Ready time in minutes (showReadyTimeForReport), else null. */
  readyTime: z.number().int().nullable(),
  images: z.array(z.string()),
  /**
   * Where the result stands (ADR 0029): `pending` (no purity yet), `published`, or `withdrawn` (the
   * purity is then null; `changedAt` and `changeReason` say when and why).
   */
  status: z.enum(RESULT_STATUSES),
  /** The current signed version's number (1 = first publication), else null (nothing signed yet). */
  version: z.number().int().nullable(),
  /** When the current version was signed, else null. */
  signedAt: instantSchema.nullable(),
  /**
   * When the result was last corrected or withdrawn, else null. A version that only added or removed
   * photos (or re-signed the lab's new name) is no correction and keeps the earlier time (ADR 0041).
   */
  changedAt: instantSchema.nullable(),
  /** Why it was corrected or withdrawn, where a reason was given, else null. */
  changeReason: z.string().nullable(),
  /**
   * The staff codes of the person who recorded the purity and of the one who verified it (ADR 0050):
   * the lab's own account is 1; null where none (not verified, or signed before payload v3).
   */
  assayerCode: z.number().int().nullable(),
  verifierCode: z.number().int().nullable(),
  /**
   * The current version as a compact JWS (RFC 7515, EdDSA; ADR 0029), checked against
   * `/.well-known/jwks.json`; null while nothing is signed. Payload v2 (`typ: ayar-result-v2+jws`,
   * ADR 0041) signs every field above as shown but the staff codes, which payload v3
   * (`ayar-result-v3+jws`, ADR 0050) adds; the item shows the signed values; a v1 version
   * (`ayar-result+jws`) covers only the lab, type, weights, purity, number, token and dates.
   */
  jws: z.string().nullable(),
});
export type ResultItem = z.infer<typeof resultItemSchema>;

export const resultResponseSchema = z.object({ list: z.array(resultItemSchema) });
export type ResultResponse = z.infer<typeof resultResponseSchema>;
