// Schemas of the «messages» feature (the SMS and call outbox; docs/product.md §5.5), shared by server
// and web.
import { z } from 'zod';
import { instantSchema, gregorianDateInput, normalizedString, intInput } from './common/inputs.ts';
import { pagedSchema } from './common/paging.ts';
import { SMS_TEMPLATE_SEPARATOR } from './constants.ts';

export const MESSAGE_KINDS = ['sms', 'call'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** pending → sending → sent | failed; a failed attempt that may be retried goes back to pending. */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'در صف',
  sending: 'در حال ارسال',
  sent: 'ارسال شد',
  failed: 'ناموفق',
};
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = { sms: 'پیامک', call: 'تماس' };

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/** `GET /Manage/Messages`: newest first, 50 a page by default. */
export const messagesQuerySchema = z
  .object({
    pageNumber: intInput({ min: 1 }).default(1),
    pageSize: intInput({ min: 1, max: 200 }).default(50),
    status: optionalEnum(MESSAGE_STATUSES),
    kind: optionalEnum(MESSAGE_KINDS),
    /** Part of the receiving number (Persian digits accepted). */
    to: normalizedString.pipe(z.string().max(20, 'شماره حداکثر ۲۰ رقم است')).optional(),
    fromDate: gregorianDateInput().optional(),
    toDate: gregorianDateInput().optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'تاریخ شروع نباید بعد از تاریخ پایان باشد',
    path: ['toDate'],
  });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageRowSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
  nextAttemptAt: instantSchema.nullable(),
  error: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;
export const messagesResponseSchema = pagedSchema(messageRowSchema);
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// SMS templates (docs/product.md §2.14, §5.5): #d packet number, #c purity, #n lab name, #t ready time.

export const TEMPLATE_PLACEHOLDERS = [
  { key: 'd', token: '#d', label: 'شماره بسته' },
  { key: 'c', token: '#c', label: 'عیار' },
  { key: 'n', token: '#n', label: 'نام آزمایشگاه' },
  { key: 't', token: '#t', label: 'زمان آماده شدن' },
] as const;

export interface TemplateValues {
  /** Packet number. */
  d?: string | number | null;
  /** Purity. */
  c?: string | number | null;
  /** Lab name. */
  n?: string | null;
  /** Ready time (minutes). */
  t?: string | number | null;
}

/** Fills #d, #c, #n and #t; a missing value becomes empty text. Other '#' text is left as it is. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/#([dcnt])/g, (_, key: keyof TemplateValues) => {
    const value = values[key];
    return value === null || value === undefined ? '' : String(value);
  });
}

/** The stored '-=-'-joined list as templates; blank entries are dropped. */
export function splitTemplates(stored: string | null | undefined): string[] {
  if (!stored) return [];
  return stored
    .split(SMS_TEMPLATE_SEPARATOR)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** Templates joined for storage; blank entries are dropped. A template must not contain '-=-'. */
export function joinTemplates(templates: readonly string[]): string {
  return templates
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join(SMS_TEMPLATE_SEPARATOR);
}
