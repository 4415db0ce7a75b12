// Schemas of the «system-settings» feature (docs/product.md §2.14, §3.10), shared by the server and the
// web app.
import { z } from 'zod';
import { toEnglishDigits } from './common/digits.ts';
import { normalizedString, normalizedText } from './common/inputs.ts';
import { SMS_TEMPLATE_SEPARATOR, SYSTEM_SETTING_KEYS } from './constants.ts';

export const SYSTEM_SETTINGS_LIMITS = {
  /** Toman per packet number. */
  maxPrice: 1_000_000_000,
  maxTemplates: 20,
  templateLength: 500,
  accountNumberLength: 50,
  accountNameLength: 100,
} as const;

/**
 * `GET /Account/SystemSettings`: the key/value entries (docs/product.md §3.10), in the order of
 * SYSTEM_SETTING_KEYS.
 */
export const systemSettingEntrySchema = z.object({ key: z.enum(SYSTEM_SETTING_KEYS), value: z.string() });
export type SystemSettingEntry = z.infer<typeof systemSettingEntrySchema>;
export const systemSettingsResponseSchema = z.array(systemSettingEntrySchema);

const L = SYSTEM_SETTINGS_LIMITS;

/** One SMS text: trimmed, at most 500 characters, never containing the storage separator '-=-'. */
export const smsTemplateSchema = normalizedText({
  multiline: true,
  keepDigits: true,
  error: 'متن پیامک باید متن باشد',
}).pipe(
  z
    .string()
    .max(L.templateLength, `متن پیامک حداکثر ${L.templateLength} نویسه است`)
    .refine(
      (t) => !t.includes(SMS_TEMPLATE_SEPARATOR),
      `متن پیامک نباید شامل «${SMS_TEMPLATE_SEPARATOR}» باشد`,
    ),
);

function templateList(name: string) {
  return z
    .array(smsTemplateSchema, { error: `فهرست ${name} معتبر نیست` })
    .max(L.maxTemplates, `حداکثر ${L.maxTemplates} متن ${name} مجاز است`)
    .transform((list) => list.filter((t) => t !== ''))
    .refine((list) => list.length > 0, `حداقل یک متن ${name} لازم است`);
}

/** A whole number of toman typed by a person: Persian/Arabic digits and thousands separators accepted. */
const priceInput = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const cleaned = toEnglishDigits(value).replace(/[,\u066c\s]/g, '');
    if (cleaned === '') return undefined;
    return /^-?\d+$/.test(cleaned) ? Number(cleaned) : value;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'قیمت هر شماره بسته الزامی است' : 'قیمت باید عدد صحیح باشد',
    })
    .int('قیمت باید عدد صحیح باشد')
    .min(0, 'قیمت نمی‌تواند منفی باشد')
    .max(L.maxPrice, 'قیمت بیش از حد مجاز است'),
);

/**
 * `POST /Account/AddOrUpdateSystemSetting` (docs/product.md §3.10): the names the legacy client sends.
 * `smsText` and `smsTextWait` (the texts still being typed in the legacy form) are accepted and ignored.
 */
export const systemSettingsPayloadSchema = z.object({
  AccNumber: normalizedString.pipe(
    z
      .string()
      .min(1, 'شماره حساب الزامی است')
      .max(L.accountNumberLength, `شماره حساب حداکثر ${L.accountNumberLength} نویسه است`)
      .regex(/^[0-9A-Za-z\-\s]+$/, 'شماره حساب فقط می‌تواند رقم، حروف لاتین و خط تیره داشته باشد'),
  ),
  AccName: normalizedString
    .pipe(z.string().max(L.accountNameLength, `نام صاحب حساب حداکثر ${L.accountNameLength} نویسه است`))
    .optional()
    .default(''),
  price: priceInput,
  readySMS: templateList('پیامک آماده شدن'),
  waitSMS: templateList('پیامک انتظار'),
  smsRey: smsTemplateSchema.optional().default(''),
  /** Every lab's purities wait for a second person (ADR 0050); absent: unchanged. */
  requireSecondVerification: z.boolean().optional(),
  // The legacy form's half-typed texts: accepted as anything textual and dropped, never stored.
  smsText: z.string().optional(),
  smsTextWait: z.string().optional(),
});
export type SystemSettingsPayloadInput = z.input<typeof systemSettingsPayloadSchema>;
export type SystemSettingsPayload = z.output<typeof systemSettingsPayloadSchema>;
