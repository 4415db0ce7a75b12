import { deflateSync } from 'node:zlib';

/**
 * The IETF Token Status List (draft-ietf-oauth-status-list) as Ayar publishes it (ADR 0042): 2 bits
 * per signed version, ZLIB-compressed, in a JWT signed by the current result key.
 */

/** The JWT's `typ` (the draft's media type without `application/`). */
export const STATUS_LIST_JWT_TYPE = 'statuslist+jwt';
export const STATUS_LIST_MEDIA_TYPE = 'application/statuslist+jwt';
/** How long a verifier may cache a list (its `ttl` claim and Cache-Control), and the server too. */
export const STATUS_LIST_TTL_S = 300;
/** A list token's own life (`exp - iat`): a day, so a cached copy that is never refreshed runs out. */
export const STATUS_LIST_LIFETIME_S = 86_400;
export const STATUS_LIST_BITS = 2;

/** What a version's entry says (ADR 0042; 3 is the draft's application-specific range). */
export const STATUS = {
  /** The result's current version, whatever its state says (a withdrawal is current too). */
  valid: 0,
  /** A later version withdrew or deleted the result. */
  invalid: 1,
  /** A later version replaced it and the result is still published. */
  superseded: 3,
} as const;
export type StatusValue = (typeof STATUS)[keyof typeof STATUS];

/**
 * The list's bytes, `size` entries of 2 bits, entry i in bits (2i)..(2i+1) of byte ⌊2i/8⌋ counting
 * from the least significant bit; entries not given are 0 (VALID: an index not yet assigned).
 */
export function statusBytes(
  size: number,
  entries: Iterable<{ idx: number; value: StatusValue }>,
): Uint8Array {
  const bytes = new Uint8Array(Math.ceil((size * STATUS_LIST_BITS) / 8));
  for (const { idx, value } of entries) {
    if (!Number.isInteger(idx) || idx < 0 || idx >= size)
      throw new RangeError(`index ${idx} is not in the list`);
    const bit = idx * STATUS_LIST_BITS;
    const at = bit >> 3;
    const shift = bit & 7;
    bytes[at] = (bytes[at]! & ~(0b11 << shift)) | (value << shift);
  }
  return bytes;
}

/** `status_list.lst`: the bytes ZLIB-compressed (RFC 1950), base64url without padding. */
export function encodeStatusList(bytes: Uint8Array): string {
  return deflateSync(bytes, { level: 9 }).toString('base64url');
}
