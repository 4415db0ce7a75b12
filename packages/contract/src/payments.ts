// Schemas of the «payments» feature (docs/product.md §2.13, §3.7, §5.7): receipts
// and payments of gold and money, and the fund report. Shared by the server and the web app.
import { z } from 'zod';
import { toEnglishDigits } from './common/digits.ts';
import {
  instantSchema,
  daySchema,
  gregorianDateInput,
  intInput,
  normalizedString,
  optionalTextInput,
} from './common/inputs.ts';
import { formatToman, gramsToMilligrams } from './common/format.ts';
import { isGregorianDate, jalaliToGregorian, todayJalali } from './common/jalali.ts';
import { pagedSchema } from './common/paging.ts';

/** Payment types (docs/product.md §3.7): 1 receipt (the workshop received), 2 payment (the workshop paid). */
export const PAY_TYPE = { receipt: 1, payment: 2 } as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];
export const PAY_TYPE_TEXT: Record<PayType, string> = { 1: 'دریافت', 2: 'پرداخت' };

/** Gold and money limits of one receipt or payment: 100 kg of gold, 100 billion toman. */
export const PAY_LIMITS = { goldMg: 100_000_000, money: 100_000_000_000 } as const;

/** Years of the fund report's selector (docs/product.md §6.4). */
export const STORE_YEARS = [1404, 1405, 1406] as const;
export const STORE_PAGE_SIZE = 50;

/**
 * A fund-report row's status: 0 the customer owes gold or money (highlighted, docs/product.md §5.7), 1
 * settled, 2 the workshop owes the customer (nothing owed by the customer, something owed to them).
 */
export const STORE_STATUS = { owes: 0, settled: 1, credit: 2 } as const;
export type StoreStatus = (typeof STORE_STATUS)[keyof typeof STORE_STATUS];
export const STORE_STATUS_TEXT: Record<StoreStatus, string> = { 0: 'بدهکار', 1: 'تسویه', 2: 'بستانکار' };

export function storeStatus(goldRemain: number, moneyRemain: number): StoreStatus {
  if (goldRemain > 0 || moneyRemain > 0) return STORE_STATUS.owes;
  if (goldRemain === 0 && moneyRemain === 0) return STORE_STATUS.settled;
  return STORE_STATUS.credit;
}

export const PAY_MSG = {
  customerRequired: 'مشتری را انتخاب کنید',
  typeInvalid: 'نوع را انتخاب کنید (دریافت یا پرداخت)',
  goldInvalid: 'وزن طلا را به گرم و حداکثر با سه رقم اعشار وارد کنید (مثل ۱۲٫۳۴۵)',
  goldTooMuch: 'وزن طلا بیش از حد مجاز است',
  moneyInvalid: 'مبلغ را به تومان و بدون اعشار وارد کنید',
  moneyTooMuch: `مبلغ حداکثر ${formatToman(PAY_LIMITS.money)} تومان است`,
  nothing: 'وزن طلا یا مبلغ را وارد کنید',
  otherSide: 'این مقدار با نوع (دریافت یا پرداخت) جور نیست؛ فقط یکی از دو سو را پر کنید',
  dateRequired: 'تاریخ الزامی است',
  dateInvalid: 'تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید',
  dateFuture: 'تاریخ نمی‌تواند در آینده باشد',
  tooLong: 'متن وارد شده بیش از حد طولانی است',
  idInvalid: 'شناسه معتبر نیست',
  yearInvalid: 'سال معتبر نیست',
  added: 'ثبت شد',
  deleted: 'حذف شد',
} as const;

const idSchema = (message: string = PAY_MSG.idInvalid) => z.string().trim().pipe(z.uuid(message));

/** Gold typed in grams (Persian digits, «٫» or «.», up to 3 decimals) → whole milligrams; empty is 0. */
export const goldGramsInput = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    const text = toEnglishDigits(String(value ?? ''))
      .replace(/[\u066b/]/g, '.')
      .replace(/[,\u066c\s]/g, '');
    if (text === '') return 0;
    const mg = gramsToMilligrams(text);
    if (mg === null) {
      ctx.addIssue({ code: 'custom', message: PAY_MSG.goldInvalid });
      return z.NEVER;
    }
    if (mg > PAY_LIMITS.goldMg) {
      ctx.addIssue({ code: 'custom', message: PAY_MSG.goldTooMuch });
      return z.NEVER;
    }
    return mg;
  });

/** Whole toman typed by a person (thousands separators and Persian digits); empty is 0. */
export const moneyInput = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    const text = toEnglishDigits(String(value ?? '')).replace(/[,\u066c\u060c\s]/g, '');
    if (text === '') return 0;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: PAY_MSG.moneyInvalid });
      return z.NEVER;
    }
    const money = Number(text);
    if (money > PAY_LIMITS.money) {
      ctx.addIssue({ code: 'custom', message: PAY_MSG.moneyTooMuch });
      return z.NEVER;
    }
    return money;
  });

const typeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(toEnglishDigits(v)) : v),
  z.union([z.literal(1), z.literal(2)], PAY_MSG.typeInvalid),
);

/** Today's calendar date in Tehran, Gregorian yyyy-mm-dd. */
function todayInTehran(): string {
  return jalaliToGregorian(todayJalali()) ?? new Date().toISOString().slice(0, 10);
}

const descSchema = optionalTextInput(500, PAY_MSG.tooLong, { multiline: true });

const somethingMoves = <T extends { gold: number; money: number }>(v: T) => v.gold > 0 || v.money > 0;
const nothingIssue = {
  message: PAY_MSG.nothing,
  path: ['gold'],
  when: (payload: { value: unknown }) => {
    // The body may be anything here, `null` included.
    const v = (payload.value ?? {}) as { gold?: unknown; money?: unknown };
    return typeof v.gold === 'number' && typeof v.money === 'number';
  },
};

/**
 * The original API (docs/product.md §8.3) names a payment's amounts by side (ADR 0028): what the workshop
 * received from the customer (a receipt, type 1) and what it paid out (a payment, type 2).
 */
export const PAY_SPEC_FIELDS = {
  receivedGold: 'payRecGoldWeigh',
  receivedMoney: 'payMoneyPaidValue',
  paidGold: 'payGoldWeigh',
  paidMoney: 'payMoneyValue',
} as const;

const PAY_FIELD_DOC = {
  payRecGoldWeigh:
    'Grams of gold the workshop received from the customer (a receipt, type 1); up to 3 decimals',
  payMoneyPaidValue: 'Toman the customer paid the workshop (a receipt, type 1); whole toman',
  payGoldWeigh: 'Grams of gold the workshop paid out to the customer (a payment, type 2); up to 3 decimals',
  payMoneyValue: 'Toman the workshop paid out to the customer (a payment, type 2); whole toman',
} as const;

const given = (v: unknown) =>
  v !== undefined && v !== null && toEnglishDigits(String(v)).replace(/[\s,.0\u066b\u066c]/g, '') !== '';

/**
 * A body in the original names (docs/product.md §8.3) becomes `gold` and `money`: the type's own side is
 * read, and an amount put on the other side of the pair is understood too (the type still says which way it
 * moves). The same amount on both sides contradicts the type and is refused. `gold`/`money` (this app's own
 * client) win when present.
 */
function fromSpecNames(body: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.gold !== undefined || b.money !== undefined) return body;
  const receipt = toEnglishDigits(String(b.type ?? '')).trim() !== '2';
  const F = PAY_SPEC_FIELDS;
  const pick = (own: string, other: string) => {
    if (given(b[own]) && given(b[other])) {
      ctx.addIssue({ code: 'custom', path: [other], message: PAY_MSG.otherSide });
      return b[own];
    }
    return given(b[own]) ? b[own] : b[other];
  };
  return {
    ...b,
    gold: receipt ? pick(F.receivedGold, F.paidGold) : pick(F.paidGold, F.receivedGold),
    money: receipt ? pick(F.receivedMoney, F.paidMoney) : pick(F.paidMoney, F.receivedMoney),
  };
}

const specAmount = (name: keyof typeof PAY_FIELD_DOC) =>
  z.union([z.string(), z.number()]).nullish().describe(PAY_FIELD_DOC[name]);

/**
 * `POST /Customer/AddPay`: `gold` in grams (up to 3 decimals, stored as milligrams), `money` in
 * toman, `date` Gregorian yyyy-mm-dd (not after today in Tehran); at least one of gold and money.
 * The original names (`payRecGoldWeigh`, `payMoneyPaidValue`, `payGoldWeigh`, `payMoneyValue`) are
 * accepted in their place.
 */
const addPayObjectSchema = z
  .object({
    customerId: idSchema(PAY_MSG.customerRequired),
    type: typeSchema.describe('1 receipt (the workshop received), 2 payment (the workshop paid out)'),
    gold: goldGramsInput.describe(
      "Grams of gold moving in the type's direction (this app's name; the original API's pair is accepted instead, docs/product.md §8.3)",
    ),
    money: moneyInput.describe("Toman moving in the type's direction (this app's name)"),
    payRecGoldWeigh: specAmount('payRecGoldWeigh'),
    payMoneyPaidValue: specAmount('payMoneyPaidValue'),
    payGoldWeigh: specAmount('payGoldWeigh'),
    payMoneyValue: specAmount('payMoneyValue'),
    date: gregorianDateInput({
      required: PAY_MSG.dateRequired,
      format: PAY_MSG.dateInvalid,
      invalid: PAY_MSG.dateInvalid,
    })
      .refine((d) => d <= todayInTehran(), PAY_MSG.dateFuture)
      .describe('Gregorian yyyy-mm-dd, not after today in Tehran'),
    desc: descSchema,
  })
  .refine(somethingMoves, nothingIssue);
export const addPayRequestSchema = z.preprocess(fromSpecNames, addPayObjectSchema);
export type AddPayRequest = z.output<typeof addPayObjectSchema>;
export type AddPayInput = z.input<typeof addPayObjectSchema>;

/** Whole milligrams as the grams text the API takes: 2500 → «2.500». */
export function milligramsToGramsText(mg: number): string {
  return `${Math.floor(mg / 1000)}.${String(mg % 1000).padStart(3, '0')}`;
}

/**
 * The pay/add form: the same rules, the date typed as Jalali; its output is the request body (gold
 * back in grams, as `AddPay` takes it).
 */
export const payFormSchema = z
  .object({
    customerId: z.string().min(1, PAY_MSG.customerRequired).pipe(z.uuid(PAY_MSG.customerRequired)),
    type: typeSchema,
    gold: goldGramsInput,
    money: moneyInput,
    date: normalizedString.pipe(z.string().min(1, PAY_MSG.dateRequired)).transform((jalali, ctx) => {
      const gregorian = jalaliToGregorian(jalali);
      if (!gregorian || !isGregorianDate(gregorian)) {
        ctx.addIssue({ code: 'custom', message: PAY_MSG.dateInvalid });
        return z.NEVER;
      }
      if (gregorian > todayInTehran()) {
        ctx.addIssue({ code: 'custom', message: PAY_MSG.dateFuture });
        return z.NEVER;
      }
      return gregorian;
    }),
    desc: descSchema,
  })
  .refine(somethingMoves, nothingIssue)
  .transform((v) => ({ ...v, gold: milligramsToGramsText(v.gold) }));
export type PayFormInput = z.input<typeof payFormSchema>;
export type PayFormOutput = z.output<typeof payFormSchema>;

export const getPaysQuerySchema = z.object({ cid: idSchema() });
export const deletePayRequestSchema = z.object({ id: idSchema() });

export const payItemSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  type: z
    .union([z.literal(1), z.literal(2)])
    .describe('1 receipt (the workshop received), 2 payment (it paid out)'),
  goldMg: z.number().int().describe('Milligrams of gold moving in the type’s direction'),
  money: z.number().int().describe('Toman moving in the type’s direction'),
  payRecGoldWeigh: z.number().describe(PAY_FIELD_DOC.payRecGoldWeigh + ' (0 for a payment)'),
  payMoneyPaidValue: z
    .number()
    .int()
    .describe(PAY_FIELD_DOC.payMoneyPaidValue + ' (0 for a payment)'),
  payGoldWeigh: z.number().describe(PAY_FIELD_DOC.payGoldWeigh + ' (0 for a receipt)'),
  payMoneyValue: z
    .number()
    .int()
    .describe(PAY_FIELD_DOC.payMoneyValue + ' (0 for a receipt)'),
  date: daySchema.describe('Gregorian yyyy-mm-dd'),
  desc: z.string().nullable(),
  createdAt: instantSchema.describe('ISO instant the entry was recorded'),
});
export type PayItem = z.infer<typeof payItemSchema>;

/**
 * A customer's balance over all time (docs/product.md §5.7): fees of its packets, minus what was received,
 * plus what was paid. Positive remains are what the customer owes the workshop.
 */
export const customerBalanceSchema = z.object({
  testCount: z.number().int(),
  feeGoldMg: z.number().int(),
  feeMoney: z.number().int(),
  receivedGoldMg: z.number().int(),
  receivedMoney: z.number().int(),
  paidGoldMg: z.number().int(),
  paidMoney: z.number().int(),
  goldRemain: z.number().int(),
  moneyRemain: z.number().int(),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

export const getPaysResponseSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  list: z.array(payItemSchema).describe('The receipts and payments, newest first (this app’s name)'),
  /** The original API's names (docs/product.md §8.3) for the same list and its totals (ADR 0028). */
  pays: z
    .array(payItemSchema)
    .describe('The receipts and payments, newest first (the original API’s name, docs/product.md §8.3)'),
  totalPayGoldWeigh: z
    .number()
    .describe('Grams of gold the listed entries moved, net: received (type 1) minus paid out (type 2)'),
  totalPayMoneyValue: z
    .number()
    .int()
    .describe('Toman the listed entries moved, net: received (type 1) minus paid out (type 2)'),
  totalBalance: z
    .number()
    .int()
    .describe(
      'Toman the customer still owes over all time: packet fees − received + paid out (negative: the workshop owes)',
    ),
  totalGoldBalance: z
    .number()
    .describe(
      'Grams of gold the customer still owes over all time, on the same rule (negative: the workshop owes)',
    ),
  balance: customerBalanceSchema,
});
export type GetPaysResponse = z.infer<typeof getPaysResponseSchema>;

// ————— Fund report (user/store, GET /Account/GetStore) —————

export const getStoreQuerySchema = z.object({
  pageNumber: intInput({ min: 1, max: 1_000_000 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(STORE_PAGE_SIZE),
  customerId: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(z.uuid(PAY_MSG.idInvalid).optional()),
  /** A Jalali year; left out, the report covers all time. */
  year: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    intInput({ min: 1300, max: 1500 }).optional(),
  ),
});
export type GetStoreQuery = z.output<typeof getStoreQuerySchema>;

export const storeRowSchema = z.object({
  customerId: z.string(),
  customerFullName: z.string(),
  customerCode: z.number().int(),
  /** Milligrams of gold the customer owes (negative: the workshop owes). */
  goldRemain: z.number().int(),
  /** Toman the customer owes (negative: the workshop owes). */
  moneyRemain: z.number().int(),
  testCount: z.number().int(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The customer was deleted; its history still counts. */
  deleted: z.boolean(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

export const storeResponseSchema = pagedSchema(storeRowSchema).extend({
  year: z.number().int().nullable(),
  totalGoldRemain: z.number().int(),
  totalMoneyRemain: z.number().int(),
  totalTestCount: z.number().int(),
});
export type StoreResponse = z.infer<typeof storeResponseSchema>;

/** The Gregorian [start, end) dates of a Jalali year (1 Farvardin to the next 1 Farvardin). */
export function jalaliYearBounds(year: number): { start: string; end: string } {
  return {
    start: jalaliToGregorian(`${year}/01/01`)!,
    end: jalaliToGregorian(`${year + 1}/01/01`)!,
  };
}
