// Schemas of the printed papers (docs/product.md §2.13, §5.7): a customer's statement for a range of days
// and the lab's letterhead every paper carries. Shared by the server and the web app.
import { z } from 'zod';
import { gregorianDateInput } from './common/inputs.ts';
import { DATE_RANGE_MSG, todayGregorianInTehran } from './common/jalali.ts';
import { toPersianDigits } from './common/digits.ts';
import { daysBetween } from './statistics.ts';

/**
 * The longest statement: three years of days (1096, a leap day included). A longer range is printed as
 * several statements; the cap keeps one answer and one paper to a size a lab actually settles from.
 */
export const STATEMENT_MAX_DAYS = 1096;
/** The most entries one statement lists; a busier range is asked for in shorter pieces. */
export const STATEMENT_MAX_ENTRIES = 5000;

export const STATEMENT_MSG = {
  customerRequired: 'مشتری را انتخاب کنید',
  idInvalid: 'شناسه معتبر نیست',
  fromRequired: 'تاریخ شروع را وارد کنید',
  toRequired: 'تاریخ پایان را وارد کنید',
  order: DATE_RANGE_MSG.order,
  future: 'تاریخ پایان نمی‌تواند بعد از امروز باشد',
  tooLong: `بازه صورت‌حساب حداکثر ${toPersianDigits(STATEMENT_MAX_DAYS)} روز (سه سال) است`,
  tooMany: `در این بازه بیش از ${toPersianDigits(STATEMENT_MAX_ENTRIES)} ردیف هست؛ بازه را کوتاه‌تر کنید`,
  notFound: 'مشتری پیدا نشد',
} as const;

/** The issues of a range of days (Gregorian yyyy-mm-dd, both included), on the `to` field. */
export function statementRangeIssue(
  from: string,
  to: string,
  today = todayGregorianInTehran(),
): string | null {
  if (from > to) return STATEMENT_MSG.order;
  if (to > today) return STATEMENT_MSG.future;
  if (daysBetween(from, to) + 1 > STATEMENT_MAX_DAYS) return STATEMENT_MSG.tooLong;
  return null;
}

/** `GET /Customer/Statement?cid=&from=&to=`: whole Tehran days, `from` and `to` included. */
export const statementQuerySchema = z
  .object({
    cid: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v),
      z.uuid({
        error: (issue) =>
          issue.input === undefined ? STATEMENT_MSG.customerRequired : STATEMENT_MSG.idInvalid,
      }),
    ),
    from: gregorianDateInput({ required: STATEMENT_MSG.fromRequired }).describe(
      'First day, Gregorian yyyy-mm-dd (a Tehran day, included)',
    ),
    to: gregorianDateInput({ required: STATEMENT_MSG.toRequired }).describe(
      'Last day, Gregorian yyyy-mm-dd (a Tehran day, included); not after today',
    ),
  })
  .superRefine((q, ctx) => {
    const issue = statementRangeIssue(q.from, q.to);
    if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** The lab as its papers name it (the workshop's own record, docs/glossary.md). */
export const letterheadSchema = z.object({
  labName: z.string().describe('fName'),
  managerName: z.string().describe('fullName'),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  cellPhone: z.string().nullable(),
  workshopCode: z.number().int().nullable().describe('The lab code (کد کارگاه), from 1001'),
  rejeCode: z.string().nullable().describe('The registration code (کد مرجع)'),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

/** Gold (milligrams) and money (toman) a customer owes: positive owed by the customer, negative to it. */
export const goldMoneySchema = z.object({
  goldMg: z.number().int(),
  money: z.number().int(),
});
export type GoldMoney = z.infer<typeof goldMoneySchema>;

export const STATEMENT_KIND_TEXT = { fee: 'اجرت آزمایش', receipt: 'دریافت', payment: 'پرداخت' } as const;
export type StatementKind = keyof typeof STATEMENT_KIND_TEXT;

export const statementEntrySchema = z.object({
  kind: z
    .enum(['fee', 'receipt', 'payment'])
    .describe('A packet’s fee, a receipt (type 1), a payment (type 2)'),
  id: z.string().describe('The packet or the receipt/payment'),
  date: z
    .string()
    .describe('Gregorian yyyy-mm-dd: the payment’s date, or the Tehran day the packet was registered'),
  at: z.string().describe('ISO instant the row was recorded (orders the rows of one day)'),
  docNumber: z.number().int().nullable().describe('The packet’s number (fees only)'),
  desc: z.string().nullable(),
  goldMg: z
    .number()
    .int()
    .describe('What the row adds to what the customer owes, milligrams (negative lowers it)'),
  money: z.number().int().describe('What the row adds to what the customer owes, toman (negative lowers it)'),
  goldBalance: z.number().int().describe('Milligrams owed after this row'),
  moneyBalance: z.number().int().describe('Toman owed after this row'),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementResponseSchema = z.object({
  letterhead: letterheadSchema,
  customer: z.object({
    id: z.string(),
    name: z.string(),
    code: z.number().int(),
    deleted: z.boolean(),
  }),
  from: z.string(),
  to: z.string(),
  opening: goldMoneySchema.describe('Owed before `from` (docs/product.md §5.7: fees − received + paid)'),
  entries: z.array(statementEntrySchema).describe('Oldest first, each with the balance after it'),
  closing: goldMoneySchema.describe('Owed at the end of `to`: opening plus every entry'),
  totals: z.object({
    fees: goldMoneySchema,
    received: goldMoneySchema,
    paid: goldMoneySchema,
    testCount: z.number().int(),
  }),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;
