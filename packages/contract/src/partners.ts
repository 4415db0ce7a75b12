// Partner systems (ADR 0061): a marketplace, a bank, the tax system. The administrator issues each an
// API key with scopes; with `results:read` it looks results up in bulk, under the public lookup's rules.
import { z } from 'zod';
import { instantSchema, normalizedText } from './common/inputs.ts';
import { PARTNER_SCOPES } from './partner-scopes.ts';
import { resultItemSchema } from './results.ts';

export * from './partner-scopes.ts';

export const PARTNER_LIMITS = {
  /** A partner's name. */
  nameMax: 100,
  /** Addresses or CIDR ranges a key may be limited to. */
  maxAddresses: 20,
  /** The furthest expiry a key may be given, in days (two years). */
  maxExpiryDays: 730,
  /** Packet numbers one `POST /Partner/Results` may ask for. */
  maxCodes: 100,
  /** Calls a minute per key, instead of the per-address public limit. */
  callsPerMinute: 60,
  /** Keys, revoked ones included, the network keeps. */
  maxKeys: 200,
  /** URLs one key may register. */
  maxWebhooks: 5,
  /** A URL's length. */
  urlMax: 500,
  /** Deliveries the administrator's log shows at once. */
  deliveriesShown: 200,
} as const;

export const PARTNER_MSG = {
  name: 'نام همکار را بنویسید (حداکثر ۱۰۰ نویسه)',
  scopes: 'دست‌کم یک دسترسی را انتخاب کنید',
  expiresAt: 'تاریخ انقضا باید در آینده و حداکثر دو سال بعد باشد',
  address: 'نشانی IP یا بازه CIDR معتبر نیست',
  tooManyAddresses: 'حداکثر ۲۰ نشانی یا بازه',
  tooManyKeys: 'تعداد کلیدها به سقف ۲۰۰ رسیده است',
  notFound: 'این کلید پیدا نشد',
  alreadyRevoked: 'این کلید پیش‌تر باطل شده است',
  codes: 'بین ۱ تا ۱۰۰ شماره بسته بفرستید',
  code: 'شماره بسته باید عددی صحیح و مثبت باشد',
  keyMissing: 'کلید API (سرآیند X-Api-Key) فرستاده نشده یا معتبر نیست',
  scope: 'این کلید دسترسی لازم برای این درخواست را ندارد',
  address403: 'این کلید از این نشانی پذیرفته نمی‌شود',
  issued: 'کلید ساخته شد؛ آن را اکنون نگه دارید، دوباره نشان داده نمی‌شود',
  revoked: 'کلید باطل شد',
  url: 'نشانی باید با https:// یا http:// آغاز شود و حداکثر ۵۰۰ نویسه باشد',
  privateTarget: 'نشانی به شبکه داخلی یا همین رایانه می‌رسد و پذیرفته نمی‌شود',
  unresolvable: 'نام این نشانی پیدا نشد',
  tooManyWebhooks: 'هر کلید حداکثر ۵ نشانی می‌تواند داشته باشد',
  webhookNotFound: 'این نشانی پیدا نشد',
  deliveryNotFound: 'این ارسال پیدا نشد',
  delivered: 'این ارسال پیش‌تر رسیده است',
  replayed: 'دوباره در صف ارسال قرار گرفت',
} as const;

export const partnerScopeSchema = z.enum(PARTNER_SCOPES);

/** An address (IPv4 or IPv6) or a CIDR range of them. */
const addressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: PARTNER_MSG.address });

/** `POST /Manage/PartnerKeys`: a new key for a named partner. */
export const partnerKeyDraftSchema = z.object({
  name: normalizedText({ error: PARTNER_MSG.name }).pipe(
    z.string().min(1, PARTNER_MSG.name).max(PARTNER_LIMITS.nameMax, PARTNER_MSG.name),
  ),
  scopes: z
    .array(partnerScopeSchema, { error: PARTNER_MSG.scopes })
    .min(1, PARTNER_MSG.scopes)
    .max(PARTNER_SCOPES.length, PARTNER_MSG.scopes)
    .refine((s) => new Set(s).size === s.length, PARTNER_MSG.scopes),
  expiresAt: z.iso
    .datetime({ offset: true, error: PARTNER_MSG.expiresAt })
    .nullish()
    .describe('When the key stops working (ISO 8601); none: until revoked. At most two years ahead.'),
  allowedAddresses: z
    .array(addressSchema)
    .max(PARTNER_LIMITS.maxAddresses, PARTNER_MSG.tooManyAddresses)
    .nullish()
    .describe('Only calls from these addresses or CIDR ranges are taken; none: from anywhere'),
});
export type PartnerKeyDraft = z.output<typeof partnerKeyDraftSchema>;

export const partnerKeyCreatedSchema = z.object({
  id: z.uuid(),
  key: z.string().describe('The key itself (`ayk_…`): shown this once, kept only as a hash'),
});

export const partnerKeyStateSchema = z.enum(['active', 'expired', 'revoked']);

/** A key as the administrator's list shows it: never the key, only its first characters. */
export const partnerKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The key’s first characters, to tell keys apart'),
  scopes: z.array(partnerScopeSchema),
  allowedAddresses: z.array(z.string()).nullable(),
  expiresAt: instantSchema.nullable(),
  createdAt: instantSchema,
  revokedAt: instantSchema.nullable(),
  uses: z.number().int().describe('Calls made with the key'),
  lastUsedAt: instantSchema.nullable(),
  state: partnerKeyStateSchema,
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;

export const revokePartnerKeySchema = z.object({ id: z.uuid({ error: PARTNER_MSG.notFound }) });

/** `POST /Partner/Results`: up to 100 packet numbers. */
export const partnerResultsRequestSchema = z.object({
  codes: z
    .array(z.number({ error: PARTNER_MSG.code }).int(PARTNER_MSG.code).positive(PARTNER_MSG.code), {
      error: PARTNER_MSG.codes,
    })
    .min(1, PARTNER_MSG.codes)
    .max(PARTNER_LIMITS.maxCodes, PARTNER_MSG.codes),
});

export const partnerResultsResponseSchema = z.object({
  list: z.array(resultItemSchema).describe('The results found, in the order asked, each with its JWS'),
  missing: z.array(z.number().int()).describe('The numbers with no result: unknown or deleted, alike'),
});

// ————— Webhooks (ADR 0062) —————

export const WEBHOOK_EVENTS = [
  'result.published',
  'result.corrected',
  'result.withdrawn',
  'result.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const addWebhookSchema = z.object({
  url: z
    .string({ error: PARTNER_MSG.url })
    .trim()
    .max(PARTNER_LIMITS.urlMax, PARTNER_MSG.url)
    .regex(/^https?:\/\/[^\s]+$/i, PARTNER_MSG.url)
    .describe('Where Ayar POSTs the events: https (http only on a closed network)'),
});

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  createdAt: instantSchema,
});

export const webhookCreatedSchema = webhookSchema.extend({
  secret: z
    .string()
    .describe('`whsec_` and the base64 key the deliveries are signed with (Standard Webhooks): shown once'),
});

export const deleteWebhookSchema = z.object({ id: z.uuid({ error: PARTNER_MSG.webhookNotFound }) });

/** What each delivery's body is: the event, when it happened, and the result as signed. */
export const webhookEventSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: instantSchema,
  data: z.object({
    docNumber: z.number().int(),
    version: z.number().int(),
    status: z.enum(['published', 'withdrawn', 'deleted']),
    jws: z
      .string()
      .describe('The version as signed: verify it as every result is verified (docs/verifying-results.md)'),
  }),
});
export type WebhookEventBody = z.infer<typeof webhookEventSchema>;

export const webhookDeliveryStateSchema = z.enum(['waiting', 'delivered', 'failed']);

export const webhookDeliverySchema = z.object({
  id: z.uuid().describe('The event’s id, sent as `webhook-id`: the same on every retry and replay'),
  partner: z.string(),
  url: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  docNumber: z.number().int(),
  createdAt: instantSchema,
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable().describe('The HTTP status the receiver last answered'),
  lastError: z.string().nullable(),
  nextAttemptAt: instantSchema.nullable(),
  deliveredAt: instantSchema.nullable(),
  state: webhookDeliveryStateSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  state: webhookDeliveryStateSchema.optional(),
});

export const replayDeliverySchema = z.object({ id: z.uuid({ error: PARTNER_MSG.deliveryNotFound }) });
