// The public token of a packet registered offline (ADR 0040): made on this device from the key the
// server gave it with its reservation (`ReserveCodes`' `tokenKey`), so the slip's QR code can be printed
// before the packet reaches the server, and no other lab or device can register a packet under it.
// WebCrypto's HMAC works without a connection.

export const NO_TOKEN_KEY =
  'این دستگاه هنوز آماده ثبت آفلاین نیست؛ یک بار به اینترنت وصل شوید تا شماره و کلید آن دریافت شود';

/** WebCrypto's HMAC is there only in a secure context (https, or localhost). */
export const NO_WEB_CRYPTO =
  'ثبت آفلاین در این نشانی ممکن نیست: مرورگر کد QR برگه را فقط در اتصال امن (https) می‌سازد';

export const canMakeTokens = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const toBase64url = (bytes: Uint8Array): string => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * The token for a packet number: base64url of the first 16 bytes of HMAC-SHA256(key, the number in
 * decimal digits), 22 characters (the contract's OFFLINE_TOKEN_VECTOR is a worked example).
 */
export async function offlineToken(tokenKey: string, docNumber: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64url(tokenKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(String(docNumber)));
  return toBase64url(new Uint8Array(mac).subarray(0, 16));
}
