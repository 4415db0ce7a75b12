// The offline counter (ADR 0033): the headers that make AddTest and AddCutting safe to resend
// (an idempotency key) and tell which device sends them, the per-device reservations of packet numbers,
// and the client-made public token of a packet registered offline. Shared by the server and the web app.
import { z } from 'zod';
import { instantSchema, intInput } from './common/inputs.ts';

/** Request header: a client-made key; the same user sending it again gets the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Request header: the sending device's id (`deviceIdSchema`), on AddTest and CheckCode. */
export const DEVICE_HEADER = 'ayar-device';
/** Response header: `true` when the answer is the stored answer of an earlier request with the key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** The optional request headers a route may read, by the name a route lists them under. */
export type RequestHeader = 'idempotencyKey' | 'device';

/** How long the server keeps an idempotency key's answer: a retry within this replays it. */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** The most unused reserved numbers one device may hold. */
export const MAX_RESERVED_PER_DEVICE = 200;

/**
 * A reservation is a lease (ADR 0045): a top-up brings the device to its registrations of the last
 * `RESERVE_USE_HOURS`, within `RESERVE_FLOOR` and `RESERVE_CAP`, and never past a fair share of the
 * lab's free numbers (free / (devices holding numbers, this one included, + 1)), so the online counter
 * always keeps some. The floor is what a new browser gets: 20, so a counter whose line drops right after
 * its first sign-in can still register 20 packets offline.
 */
export const RESERVE_FLOOR = 20;
export const RESERVE_CAP = 50;
export const RESERVE_USE_HOURS = 24;
/**
 * A device that has not reached the server for this long loses its unused reserved numbers to an online
 * counter that finds no free number (ADR 0045). Three days: a weekend's outage keeps its numbers.
 */
export const IDLE_LEASE_HOURS = 72;

export const OFFLINE_MSG = {
  codeReserved: 'این شماره برای دستگاه دیگری از این آزمایشگاه کنار گذاشته شده است',
  tokenUsed: 'این کد رهگیری قبلاً استفاده شده است',
  tokenInvalid: 'کد رهگیری نامعتبر است',
  keyReused: 'این کلید تکرار برای درخواست دیگری به کار رفته است',
  keyInvalid: 'کلید تکرار درخواست نامعتبر است',
  deviceInvalid: 'شناسه دستگاه نامعتبر است',
  deviceRequired: 'شناسه دستگاه الزامی است',
  countRange: 'تعداد باید بین ۱ و ۲۰۰ باشد',
} as const;

/** `crypto.randomUUID()` without dashes (32) or base64url of 16 random bytes (22) both fit. */
export const idempotencyKeySchema = z
  .string({ error: OFFLINE_MSG.keyInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, OFFLINE_MSG.keyInvalid);

/** 16 random bytes, base64url (22 characters), made once by the device; a secret of the device. */
export const deviceIdSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? OFFLINE_MSG.deviceRequired : OFFLINE_MSG.deviceInvalid),
  })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, OFFLINE_MSG.deviceInvalid);

/**
 * A packet's public token made by a device: 22 base64url characters (128 bits), the format of the
 * server's own. Only the format is checked here; AddTest then takes it only if it is the token the
 * sending device's `tokenKey` makes for the draft's number (ADR 0040), and answers any other exactly as
 * this schema answers a malformed one. (`publicTokenSchema` of results.ts is the lookup's wider
 * pattern, which also takes the tokens of another encoding; a new token must be this one.)
 */
export const clientPublicTokenSchema = z
  .string({ error: OFFLINE_MSG.tokenInvalid })
  .regex(/^[A-Za-z0-9_-]{22}$/, OFFLINE_MSG.tokenInvalid);

/**
 * `POST /Tests/ReserveCodes`: top the device up so that it holds at least `count` unused reserved
 * numbers (fewer when the lab has no more free numbers; none is not an error).
 */
export const reserveCodesSchema = z.object({
  deviceId: deviceIdSchema,
  count: intInput({ min: 1, max: MAX_RESERVED_PER_DEVICE, range: OFFLINE_MSG.countRange }),
});
export type ReserveCodesRequest = z.output<typeof reserveCodesSchema>;

/** Consecutive reserved numbers, both ends included. */
export const codeBlockSchema = z.object({ from: z.number().int(), to: z.number().int() });
export type CodeBlock = z.infer<typeof codeBlockSchema>;

/**
 * All of the device's reserved numbers that are still unused, ascending, merged into blocks, and the
 * device's token key.
 */
export const reserveCodesResponseSchema = z.object({
  blocks: z.array(codeBlockSchema),
  /** How many numbers the blocks hold. */
  count: z.number().int(),
  /**
   * The key this device makes its offline packets' public tokens with (ADR 0040): 32 bytes, base64url.
   * The same for the same workshop and device every time; a secret of the device, like its id.
   */
  tokenKey: z
    .string()
    .describe(
      "The device's key for the public tokens of packets it registers offline: 32 bytes, base64url. " +
        "A packet's token is base64url of the first 16 bytes of HMAC-SHA256(key, the packet's number " +
        'in decimal digits); AddTest takes a `publicToken` only if it is that token for the sending ' +
        "device (`Ayar-Device`) and the draft's number. The same for the same device every time.",
    ),
});
export type ReserveCodesResponse = z.infer<typeof reserveCodesResponseSchema>;

/** `POST /Tests/ReleaseCodes`: the device's unused reserved numbers go back to the lab's pool. */
export const releaseCodesSchema = z.object({ deviceId: deviceIdSchema });
export type ReleaseCodesRequest = z.output<typeof releaseCodesSchema>;
export const releaseCodesResponseSchema = z.object({ released: z.number().int() });
export type ReleaseCodesResponse = z.infer<typeof releaseCodesResponseSchema>;

/** One device of the workshop holding numbers (`GET /Tests/Reservations`). */
export const heldByDeviceSchema = z.object({
  deviceId: z.string(),
  /** Its unused reserved numbers. */
  held: z.number().int(),
  /** When it last reached the server (ISO), or null when it has not since leases began. */
  lastSeenAt: instantSchema.nullable(),
});
export type HeldByDevice = z.infer<typeof heldByDeviceSchema>;

/** The workshop's numbers: bought, registered, held for offline use on its devices, and free (ADR 0045). */
export const reservationsResponseSchema = z.object({
  devices: z.array(heldByDeviceSchema),
  bought: z.number().int(),
  registered: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
});
export type ReservationsResponse = z.infer<typeof reservationsResponseSchema>;

/**
 * Which way a queued packet's public token was made (ADR 0040). 2: from the device's `tokenKey`, which
 * AddTest checks. Entries queued by an earlier web app carry no scheme: their random tokens were never
 * bound to the device, and are never sent.
 */
export const BOUND_TOKEN_SCHEME = 2;

/**
 * A worked example of a device's token (ADR 0040), for anyone computing it: the web's WebCrypto code and
 * the server's are both tested against it. `tokenKey` is the bytes 0, 1, …, 31.
 */
export const OFFLINE_TOKEN_VECTOR = {
  tokenKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
  docNumber: 100245,
  token: 'n2Yqbzpa-XTrRHkt8vPHcQ',
} as const;

/** What the OpenAPI document says of each request header (ADR 0060): its name, value and meaning. */
export const REQUEST_HEADERS = {
  idempotencyKey: {
    name: 'Idempotency-Key',
    schema: idempotencyKeySchema,
    description:
      'A key the client makes (16–64 of A–Z a–z 0–9 _ -; malformed: 400): a resend with the same key within ' +
      `${IDEMPOTENCY_KEY_DAYS} days gets the first answer again (\`Idempotent-Replayed: true\`) and ` +
      'nothing is done twice; the same key with another body is 422. A refused request keeps nothing.',
  },
  device: {
    name: 'Ayar-Device',
    schema: deviceIdSchema,
    description:
      'The sending device (22–64 of A–Z a–z 0–9 _ -; malformed: 400), as given to ReserveCodes: the numbers it holds ' +
      'are offered to it alone, and a number another device of the workshop holds is CONFLICT.',
  },
} as const satisfies Record<RequestHeader, { name: string; schema: z.ZodType; description: string }>;
