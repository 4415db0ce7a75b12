// Schemas of the «credits» feature (docs/product.md §3.8, §5.6), shared by the server and the web app.
import { z } from 'zod';
import {
  instantSchema,
  daySchema,
  gregorianDateInput,
  intInput,
  normalizedString,
  queryBoolean,
} from './common/inputs.ts';
import { formatToman } from './common/format.ts';
import { isGregorianDate, jalaliToGregorian, todayGregorianInTehran } from './common/jalali.ts';
import { pagingQuerySchema, pagedSchema } from './common/paging.ts';
import { LIMITS } from './constants.ts';

/** A credit request's status (docs/product.md §3.8): 0 pending, 1 accepted, 2 rejected. */
export const CREDIT_STATUS = { pending: 0, accepted: 1, rejected: 2 } as const;
export type CreditStatus = (typeof CREDIT_STATUS)[keyof typeof CREDIT_STATUS];
export const CREDIT_STATUS_TEXT: Record<CreditStatus, string> = {
  0: 'در انتظار بررسی',
  1: 'تأیید شده',
  2: 'رد شده',
};

const AMOUNT_RANGE = `مبلغ باید بین ${formatToman(LIMITS.creditAmount.min)} و ${formatToman(LIMITS.creditAmount.max)} تومان باشد`;

export const creditAmountSchema = intInput({
  ...LIMITS.creditAmount,
  required: 'مبلغ الزامی است',
  range: AMOUNT_RANGE,
});

const FUTURE_DATE = 'تاریخ واریز نمی‌تواند در آینده باشد';

/** The transfer date (Gregorian yyyy-mm-dd, docs/product.md §1.5): a real date, not after today in Tehran. */
export const transferDateSchema = gregorianDateInput({
  required: 'تاریخ واریز الزامی است',
  format: 'تاریخ واریز معتبر نیست',
  invalid: 'تاریخ واریز معتبر نیست',
}).refine((d) => d <= todayGregorianInTehran(), FUTURE_DATE);

const accountSchema = normalizedString.pipe(
  z.string().min(1, 'حساب مقصد الزامی است').max(60, 'حساب مقصد بیش از حد طولانی است'),
);
const trackingCodeSchema = normalizedString.pipe(
  z.string().min(1, 'کد پیگیری الزامی است').max(60, 'کد پیگیری بیش از حد طولانی است'),
);

/**
 * `POST /Account/AddCredit`. The original API names the payload `value, date, account, id`; the bank tracking
 * code travels as `trackingCode`, and the legacy `id` is accepted as its alias when `trackingCode` is
 * absent.
 */
export const addCreditRequestSchema = z.preprocess(
  (body) => {
    if (typeof body !== 'object' || body === null) return body;
    const b = body as Record<string, unknown>;
    if ((b.trackingCode === undefined || b.trackingCode === null) && typeof b.id === 'string') {
      return { ...b, trackingCode: b.id };
    }
    return body;
  },
  z.object({
    value: creditAmountSchema,
    date: transferDateSchema,
    account: accountSchema,
    trackingCode: trackingCodeSchema,
  }),
);
export type AddCreditRequest = z.output<typeof addCreditRequestSchema>;

/**
 * The charge-request form: the same rules, with the date typed as Jalali yyyy/mm/dd (any digits); its
 * output is the request body.
 */
export const creditFormSchema = z.object({
  value: creditAmountSchema,
  date: normalizedString.pipe(z.string().min(1, 'تاریخ واریز الزامی است')).transform((jalali, ctx) => {
    const gregorian = jalaliToGregorian(jalali);
    if (!gregorian || !isGregorianDate(gregorian)) {
      ctx.addIssue({ code: 'custom', message: 'تاریخ واریز را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید' });
      return z.NEVER;
    }
    if (gregorian > todayGregorianInTehran()) {
      ctx.addIssue({ code: 'custom', message: FUTURE_DATE });
      return z.NEVER;
    }
    return gregorian;
  }),
  account: accountSchema,
  trackingCode: trackingCodeSchema,
});
export type CreditFormInput = z.input<typeof creditFormSchema>;
export type CreditFormOutput = z.output<typeof creditFormSchema>;

export const creditStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One of the workshop's own requests. `date` is the transfer date (yyyy-mm-dd) or null. */
export const creditItemSchema = z.object({
  id: z.string(),
  value: z.number().int(),
  date: daySchema.nullable(),
  account: z.string(),
  trackingCode: z.string(),
  status: creditStatusSchema,
  statusText: z.string(),
  createdAt: instantSchema,
});
export type CreditItem = z.infer<typeof creditItemSchema>;

/** `GET /Account/GetCredits`: the requests (newest first) and the balance of docs/product.md §5.6. */
export const creditsResponseSchema = z.object({
  list: z.array(creditItemSchema).describe('The requests, newest first (this app’s name)'),
  credits: z
    .array(creditItemSchema)
    .describe('The same requests under the original API’s name (docs/product.md §8.3)'),
  /** The network's account number and holder (system settings AccountNumber, AccountName). */
  accNum: z.string(),
  accName: z.string(),
  /** Accepted credits, toman. */
  totalCredit: z.number().int(),
  /** Σ count × price of the ranges bought, toman. */
  totalBuy: z.number().int(),
  totalBalance: z.number().int(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** `GET /Manage/AllCredits`: `waitFor=true` lists pending requests only; `user` is a workshop id. */
export const allCreditsQuerySchema = pagingQuerySchema.extend({
  waitFor: queryBoolean,
  user: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('آزمایشگاه نامعتبر است').optional()),
});
export type AllCreditsQuery = z.output<typeof allCreditsQuerySchema>;

export const adminCreditItemSchema = z.object({
  id: z.string(),
  amount: z.number().int().describe('Toman asked for (this app’s name)'),
  value: z.number().int().describe('Toman asked for (the original API’s name)'),
  /** The workshop's lab name (fName). */
  lab: z.string(),
  userFullName: z
    .string()
    .describe('The workshop’s manager (the original API’s name; `lab` is the lab’s own name)'),
  cDate: instantSchema.describe('ISO instant the request was made (the original API’s name for createdAt)'),
  userId: z.string(),
  trackingCode: z.string(),
  account: z.string(),
  date: daySchema.nullable(),
  status: creditStatusSchema,
  statusText: z.string(),
  createdAt: instantSchema,
  decidedAt: instantSchema.nullable(),
});
export type AdminCreditItem = z.infer<typeof adminCreditItemSchema>;
export const allCreditsResponseSchema = pagedSchema(adminCreditItemSchema);
export type AllCreditsResponse = z.infer<typeof allCreditsResponseSchema>;

/** `POST /Manage/AcceptCredit`: accepted=true accepts, false rejects. */
export const acceptCreditRequestSchema = z.object({
  creditId: z.uuid('درخواست شارژ نامعتبر است'),
  accepted: z.boolean({ error: 'نتیجه بررسی (تأیید یا رد) الزامی است' }),
});
export type AcceptCreditRequest = z.infer<typeof acceptCreditRequestSchema>;

export const acceptCreditResponseSchema = z.object({ id: z.string(), status: creditStatusSchema });
