import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Public tokens a device makes offline, bound to the workshop, the device and the packet number they
// were made for (ADR 0040). The server gives each device a key (`ReserveCodes`' `tokenKey`); the device
// computes each offline packet's token with it; AddTest recomputes the token from the session's
// workshop, the `Ayar-Device` header and the draft's number, and takes it only if they agree. Another
// workshop or device cannot make a token that another one's slip carries.

/** HKDF's info: names what the derived secret is for, so the JWT secret's other uses never meet it. */
const SECRET_INFO = 'ayar offline public token v1';
const DEVICE_LABEL = 'ayar-device-token';
/** A token is this many bytes of the HMAC: 128 bits, the same strength as a token the server makes. */
const TOKEN_BYTES = 16;

/**
 * A device's token from its key: `base64url(HMAC-SHA256(deviceKey, String(docNumber))[0..16])`, 22
 * characters. The web computes the same with WebCrypto (features/offline/tokens.ts).
 */
export function tokenFor(deviceKey: Uint8Array, docNumber: number): string {
  return createHmac('sha256', deviceKey)
    .update(String(docNumber))
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString('base64url');
}

/**
 * The server's side of the binding. Its secret is derived from the JWT secret, so every process of a
 * cluster agrees on it without another setting, and rotating the JWT secret retires every key handed
 * out (the web then sends its waiting packets without their tokens and asks for a reprint).
 */
export class OfflineTokenKeys {
  // Kept out of reach (a private field): no log line or serialized object can carry it.
  readonly #secret: Buffer;

  constructor(jwtSecret: string) {
    this.#secret = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), SECRET_INFO, 32));
  }

  /** The device's key: `HMAC-SHA256(secret, "ayar-device-token|" + workshopId + "|" + deviceId)`. */
  keyFor(workshopId: string, deviceId: string): Buffer {
    return createHmac('sha256', this.#secret).update(`${DEVICE_LABEL}|${workshopId}|${deviceId}`).digest();
  }

  /** What `ReserveCodes` hands the device: its key, base64url. */
  tokenKey(workshopId: string, deviceId: string): string {
    return this.keyFor(workshopId, deviceId).toString('base64url');
  }

  /**
   * Whether `token` is the one this workshop's device makes for this number. No device: never. The
   * comparison takes the same time wherever the two differ.
   */
  isBound(workshopId: string, deviceId: string | null, docNumber: number, token: string): boolean {
    if (deviceId === null) return false;
    const expected = Buffer.from(tokenFor(this.keyFor(workshopId, deviceId), docNumber));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
