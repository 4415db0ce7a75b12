// Schemas of the «customers» feature (docs/product.md §2.12, §2.14, §3.5), shared by the server and the
// web app.
import { z } from 'zod';
import { toEnglishDigits, toPersianDigits } from './common/digits.ts';
import { instantSchema, intInput, normalizedString, optionalTextInput } from './common/inputs.ts';
import { formatToman } from './common/format.ts';
import { normalizeMobile } from './common/mobile.ts';
import { pagedSchema } from './common/paging.ts';
import { LIMITS } from './constants.ts';

export const CUSTOMER_MSG = {
  nameRequired: 'نام مشتری الزامی است',
  mobileRequired: 'شماره موبایل الزامی است',
  mobileInvalid: 'شماره موبایل معتبر نیست (مثال: ۰۹۱۲۱۲۳۴۵۶۷)',
  phoneInvalid: 'شماره تلفن فقط شامل رقم، فاصله و - است',
  tooLong: 'متن وارد شده بیش از حد طولانی است',
  idInvalid: 'شناسه معتبر نیست',
  settingsInvalid: 'تنظیمات مشتری معتبر نیست',
  vageToman: 'اجرت ثابت باید مبلغی صحیح به تومان باشد',
  vagePercent: 'درصد اجرت باید بین ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد',
  added: 'مشتری ثبت شد',
  edited: 'اطلاعات مشتری ذخیره شد',
  deleted: 'مشتری حذف شد',
  deletedWithHistory: 'مشتری حذف شد؛ آزمایش‌ها و پرداخت‌های او در گزارش‌ها باقی می‌ماند',
  otherCustomer: 'مشتری متفرقه در فهرست مشتریان نیست و حذف یا ویرایش نمی‌شود',
} as const;

/** Page sizes of docs/product.md §6.5: the workshop's list 200, the admin's 50. */
export const CUSTOMER_PAGE_SIZE = { workshop: 200, admin: 50 } as const;
export const CUSTOMERS_BY_NAME_LIMIT = 20;
/**
 * The most customers a counter keeps for choosing offline (ADR 0047): a lab with more keeps those
 * that brought a packet most recently.
 */
export const CUSTOMER_BOOK_LIMIT = 5_000;

/**
 * The search key of a name, as the `customers.search_key` column computes it in SQL (migration
 * 0002_customers): ASCII digits, ي/ى → ی, ك → ک, no diacritics, tatweel, half-space (ZWNJ) or spaces,
 * lower case. Typing «محمد رضا», «محمد‌رضا» or «محمدرضا» finds the same customer.
 */
export function customerSearchKey(text: string): string {
  return toEnglishDigits(text)
    .replace(/[\u064a\u0649]/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9')
    .replace(/[\u064b-\u065f\u0670\u0640\u200c\u200d\s]/g, '')
    .toLowerCase();
}

const idSchema = z.string().trim().pipe(z.uuid(CUSTOMER_MSG.idInvalid));

const optionalText = (max: number, multiline = false) =>
  optionalTextInput(max, CUSTOMER_MSG.tooLong, { multiline });

/** A mobile, normalised to 09xxxxxxxxx (Persian digits, +98, 0098 accepted). */
function mobileField(required: boolean) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = toEnglishDigits(value ?? '').trim();
      if (text === '') {
        if (required) {
          ctx.addIssue({ code: 'custom', message: CUSTOMER_MSG.mobileRequired });
          return z.NEVER;
        }
        return null;
      }
      const mobile = normalizeMobile(text);
      if (!mobile) {
        ctx.addIssue({ code: 'custom', message: CUSTOMER_MSG.mobileInvalid });
        return z.NEVER;
      }
      return mobile;
    });
}

export const customerFieldSchemas = {
  customerName: normalizedString.pipe(
    z.string().min(1, CUSTOMER_MSG.nameRequired).max(100, CUSTOMER_MSG.tooLong),
  ),
  mobile1: mobileField(true).pipe(z.string()),
  mobile2: mobileField(false),
  mobile3: mobileField(false),
  phone: optionalText(20).refine((p) => p === null || /^[0-9+\-\s]+$/.test(p), CUSTOMER_MSG.phoneInvalid),
  desc: optionalText(500, true),
};

/** Per-customer settings (docs/product.md §3.5): only what differs from the workshop's defaults is kept. */
export const customerSettingsSchema = z
  .object({
    vage: z.number().min(0).optional(),
    sendSMS: z.boolean().optional(),
  })
  .strip();
export type CustomerSettings = z.infer<typeof customerSettingsSchema>;

/** What a fee must look like under the workshop's fee type (same rule as the settings screen). */
export function vageIssue(vage: number, vageType: 0 | 1): string | null {
  if (!Number.isFinite(vage) || vage < 0)
    return vageType === 1 ? CUSTOMER_MSG.vageToman : CUSTOMER_MSG.vagePercent;
  if (vageType === 1) {
    return Number.isInteger(vage) && vage <= LIMITS.creditAmount.max ? null : CUSTOMER_MSG.vageToman;
  }
  return vage <= 100 && Math.round(vage * 100) === vage * 100 ? null : CUSTOMER_MSG.vagePercent;
}

/**
 * The customer's settings reduced to what differs from the workshop's defaults, as the JSON string the
 * API speaks, or null when nothing differs (docs/product.md §4.5: settings are sent only when they differ).
 */
export function customerSettingsDiff(
  values: { vage: number; sendSMS: boolean },
  defaults: { vage: number; sendSMS: boolean },
): string | null {
  const diff: CustomerSettings = {};
  if (values.vage !== defaults.vage) diff.vage = values.vage;
  if (values.sendSMS !== defaults.sendSMS) diff.sendSMS = values.sendSMS;
  return Object.keys(diff).length > 0 ? JSON.stringify(diff) : null;
}

/** A customer's stored settings (JSON string or null) over the workshop's defaults. */
export function effectiveCustomerSettings(
  settings: string | null | undefined,
  defaults: { vage: number; sendSMS: boolean },
): { vage: number; sendSMS: boolean } {
  if (!settings) return { vage: defaults.vage, sendSMS: defaults.sendSMS };
  try {
    const parsed = customerSettingsSchema.safeParse(JSON.parse(settings));
    if (!parsed.success) return { vage: defaults.vage, sendSMS: defaults.sendSMS };
    return { vage: parsed.data.vage ?? defaults.vage, sendSMS: parsed.data.sendSMS ?? defaults.sendSMS };
  } catch {
    return { vage: defaults.vage, sendSMS: defaults.sendSMS };
  }
}

/** `settings` as the legacy client sends it: a JSON string, an object, or nothing. */
const settingsInput = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, customerSettingsSchema.nullable().default(null));

/**
 * `POST /Customer/AddCustomer`: create, or update when `customerId` is given. `code` is the server's
 * (sequential per workshop); a code sent by the client is ignored.
 */
export const addCustomerRequestSchema = z.object({
  customerId: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null))
    .pipe(z.uuid(CUSTOMER_MSG.idInvalid).nullable()),
  ...customerFieldSchemas,
  code: z.unknown().optional(),
  settings: settingsInput,
});
export type AddCustomerRequest = z.output<typeof addCustomerRequestSchema>;
export type AddCustomerInput = z.input<typeof addCustomerRequestSchema>;

/** The customer form: the same fields, plus the fee and SMS preference as typed, checked by fee type. */
export function customerFormSchema(vageType: 0 | 1) {
  return z
    .object({
      ...customerFieldSchemas,
      vage: z
        .string()
        .transform((s) =>
          toEnglishDigits(s)
            .replace('\u066b', '.')
            .replace(/[,\u066c\s]/g, ''),
        )
        .transform((s) => (s === '' ? 0 : Number(s))),
      sendSMS: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const issue = vageIssue(v.vage, vageType);
      if (issue) ctx.addIssue({ code: 'custom', path: ['vage'], message: issue });
    });
}
export type CustomerFormInput = z.input<ReturnType<typeof customerFormSchema>>;
export type CustomerFormOutput = z.output<ReturnType<typeof customerFormSchema>>;

/** «۱۵۰٬۰۰۰ تومان» or «۱٫۵ ٪»: a fee under the workshop's fee type. */
export function formatVage(vage: number, vageType: 0 | 1): string {
  return vageType === 1
    ? `${formatToman(vage)} تومان`
    : `${toPersianDigits(String(vage)).replace('.', '٫')}٪`;
}

// ————— Reads —————

/**
 * The reads answer `settings` as the JSON string the first clients read (docs/product.md §8.3) and, as
 * `customerSettings`, the same as the object a write takes, so a client reads and writes one shape
 * (ADR 0060).
 */
const customerSettingsObject = customerSettingsSchema
  .nullable()
  .describe('`settings` as an object (what AddCustomer takes as `settings`), or null when nothing differs');

export const customerIdQuerySchema = z.object({ customerId: idSchema });
export const deleteCustomerRequestSchema = z.object({ id: idSchema });
export type DeleteCustomerRequest = z.infer<typeof deleteCustomerRequestSchema>;

export const customerDetailSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  code: z.number().int(),
  mobile1: z.string().nullable(),
  mobile2: z.string().nullable(),
  mobile3: z.string().nullable(),
  phone: z.string().nullable(),
  desc: z.string().nullable(),
  /** JSON string of what differs from the workshop's defaults ({vage?, sendSMS?}), or null. */
  settings: z.string().nullable(),
  customerSettings: customerSettingsObject,
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const searchText = normalizedString.pipe(z.string().max(100, CUSTOMER_MSG.tooLong));

export const customersByNameQuerySchema = z.object({ name: searchText.default('') });
export const customerSearchItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  settings: z.string().nullable(),
  customerSettings: customerSettingsObject,
  code: z.number().int(),
  mobile: z.string().nullable(),
});
export type CustomerSearchItem = z.infer<typeof customerSearchItemSchema>;

/** The lab's customer book for offline choosing: at most CUSTOMER_BOOK_LIMIT, and how many there are. */
export const customerBookSchema = z.object({
  list: z.array(customerSearchItemSchema),
  totalCount: z.number().int(),
});
export type CustomerBook = z.infer<typeof customerBookSchema>;

export const allCustomersQuerySchema = z.object({
  pageNumber: intInput({ min: 1, max: 1_000_000 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(CUSTOMER_PAGE_SIZE.workshop),
  name: searchText.optional(),
});
export type AllCustomersQuery = z.output<typeof allCustomersQuerySchema>;

export const customerRowSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  customerCode: z.number().int(),
  customerMobile: z.string().nullable(),
  customerPhone: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;
export const allCustomersResponseSchema = pagedSchema(customerRowSchema);

// ————— Admin (manage/customers) —————

export const manageCustomersQuerySchema = z.object({
  pageNumber: intInput({ min: 1, max: 1_000_000 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(CUSTOMER_PAGE_SIZE.admin),
  /** A workshop's id: only its customers. */
  user: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(z.uuid(CUSTOMER_MSG.idInvalid).optional()),
  name: searchText.optional(),
});
export type ManageCustomersQuery = z.output<typeof manageCustomersQuerySchema>;

export const manageCustomerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The workshop's (lab's) name. */
  lab: z.string(),
  userId: z.string(),
  code: z.number().int(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ManageCustomerRow = z.infer<typeof manageCustomerRowSchema>;
export const manageCustomersResponseSchema = pagedSchema(manageCustomerRowSchema);

/** GET /Manage/GetCustomer: the customer, its lab, and how much history it has. */
export const manageCustomerDetailSchema = customerDetailSchema.extend({
  lab: z.string(),
  userId: z.string(),
  testCount: z.number().int(),
  payCount: z.number().int(),
  /** ISO instant. */
  createdAt: instantSchema,
});
export type ManageCustomerDetail = z.infer<typeof manageCustomerDetailSchema>;
