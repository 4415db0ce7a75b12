import { API_PREFIX } from '@ayar/contract';

/** 16 random bytes as base64url (22 characters): device ids, public tokens and idempotency keys. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A photo kept on the device is named like an uploaded one (`/api/v1.0/Files/<uuid>`), so the form's
 * rule and the pending list take it as they are; this prefix, which the server never makes (its ids
 * are random v4 uuids, never all f), tells it apart.
 */
const KEPT_PREFIX = `${API_PREFIX}/Files/ffffffff-ffff-4fff-bfff-`;

export function keptPhotoAddress(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0'));
  return `${KEPT_PREFIX}${hex.join('')}`;
}

export const isKeptPhoto = (address: string) => address.startsWith(KEPT_PREFIX);
