// Schemas of the «codes» feature (docs/product.md §2.8, §2.14, §3.6, §5.1), shared by the server and the
// web app.
import { z } from 'zod';
import { formatToman } from './common/format.ts';
import { pagingQuerySchema, pagedSchema } from './common/paging.ts';
import { LIMITS } from './constants.ts';
import { instantSchema, intInput } from './common/inputs.ts';

/** The network's first packet number: the first range ever bought starts here. */
export const FIRST_PACKET_NUMBER = 100_000;
/** Packet numbers stay far below 2^53 (ADR 5) and within what a person can type on a slip. */
export const MAX_PACKET_NUMBER = 999_999_999_999;

const COUNT_RANGE = `تعداد باید بین ${formatToman(LIMITS.codeCount.min)} و ${formatToman(LIMITS.codeCount.max)} باشد`;

export const codeCountSchema = intInput({
  ...LIMITS.codeCount,
  required: 'تعداد الزامی است',
  range: COUNT_RANGE,
});

/**
 * `POST /Account/GetCode`: buy `count` packet numbers. The original API sends fromCode, toCode, id, all and
 * isAdmin as well; they are accepted and ignored (the range is the network's next free block).
 */
export const buyCodesRequestSchema = z.object({ count: codeCountSchema });
export type BuyCodesRequest = z.output<typeof buyCodesRequestSchema>;
export type BuyCodesInput = z.input<typeof buyCodesRequestSchema>;

/**
 * One of a workshop's ranges; `used` = its numbers that packets carry. Numbers its devices hold for
 * offline use are not used (ADR 0045; `GET /Tests/Reservations` counts them).
 */
export const codeRangeSchema = z.object({
  id: z.string(),
  fromCode: z.number().int(),
  toCode: z.number().int(),
  count: z.number().int(),
  used: z.number().int(),
  serialNo: z.number().int(),
  createdAt: instantSchema,
});
export type CodeRange = z.infer<typeof codeRangeSchema>;

export const buyCodesResponseSchema = z.object({
  fromCode: z.number().int(),
  toCode: z.number().int(),
  count: z.number().int(),
  /** The workshop's earlier ranges, newest first (the new one excluded). */
  all: z.array(codeRangeSchema),
});
export type BuyCodesResponse = z.infer<typeof buyCodesResponseSchema>;

/**
 * `GET /Account/GetAllCode`: the workshop's ranges (newest first) with what the code/add screen needs:
 * the price of one number, the balance and whether the workshop may buy (status 1).
 */
export const myCodesResponseSchema = z.object({
  list: z.array(codeRangeSchema),
  price: z.number().int(),
  balance: z.number().int(),
  canBuy: z.boolean(),
});
export type MyCodesResponse = z.infer<typeof myCodesResponseSchema>;

const packetNumber = (required: string) =>
  intInput({
    min: 1,
    max: MAX_PACKET_NUMBER,
    required,
    range: 'شماره بسته باید عددی مثبت و حداکثر ۱۲ رقمی باشد',
  });
const optionalPacketNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  packetNumber('').optional(),
);
const optionalUserId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.uuid('آزمایشگاه نامعتبر است').optional(),
);
const optionalSerial = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  intInput({ min: 1, max: 2_000_000_000, required: '', range: 'سری باید عددی مثبت باشد' }).optional(),
);

/** `GET /Manage/GetAllCode`: filters; fromCode/toCode keep the ranges that overlap that span. */
export const allCodesQuerySchema = pagingQuerySchema.extend({
  userId: optionalUserId,
  serialNo: optionalSerial,
  fromCode: optionalPacketNumber,
  toCode: optionalPacketNumber,
});
export type AllCodesQuery = z.output<typeof allCodesQuerySchema>;

export const adminCodeRangeSchema = z.object({
  id: z.string(),
  fromCode: z.number().int(),
  toCode: z.number().int(),
  count: z.number().int(),
  used: z.number().int(),
  /** The workshop's lab name (fName). */
  user: z.string(),
  userId: z.string(),
  createDate: instantSchema,
  serialNo: z.number().int(),
  pricePerCode: z.number().int(),
});
export type AdminCodeRange = z.infer<typeof adminCodeRangeSchema>;
export const allCodesResponseSchema = pagedSchema(adminCodeRangeSchema);
export type AllCodesResponse = z.infer<typeof allCodesResponseSchema>;

/** `POST /Manage/GetCodes`: allot a range to a workshop (free of charge). */
export const allotCodesRequestSchema = z
  .object({
    userId: z.uuid({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'آزمایشگاه را انتخاب کنید'
          : 'آزمایشگاه نامعتبر است',
    }),
    fromCode: packetNumber('از شماره الزامی است'),
    toCode: packetNumber('تا شماره الزامی است'),
    serialNo: optionalSerial,
  })
  .refine((v) => v.fromCode <= v.toCode, {
    path: ['toCode'],
    message: '«تا شماره» نباید کوچک‌تر از «از شماره» باشد',
  })
  .refine((v) => v.toCode - v.fromCode < 10_000_000, {
    path: ['toCode'],
    message: 'یک بازه حداکثر ۱۰٬۰۰۰٬۰۰۰ شماره دارد',
  });
export type AllotCodesRequest = z.output<typeof allotCodesRequestSchema>;
export type AllotCodesInput = z.input<typeof allotCodesRequestSchema>;

export const allotCodesResponseSchema = z.object({
  /** The workshop's ranges after the allotment, newest first. */
  all: z.array(adminCodeRangeSchema),
});
export type AllotCodesResponse = z.infer<typeof allotCodesResponseSchema>;

export const deleteCodeRequestSchema = z.object({ id: z.uuid('بازه نامعتبر است') });
