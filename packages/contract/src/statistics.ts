// Schemas of the «statistics» feature (docs/product.md §2.6, §2.7, §3.9, §5.9), shared by the server and the
// web app, and the period arithmetic (today, yesterday, this week, this month in Tehran) the server
// counts with.
import { toGregorian, toJalaali } from 'jalaali-js';
import { z } from 'zod';
import { DATE_RANGE_MSG, tehranOffsetMs, tehranWallClock } from './common/jalali.ts';
import { instantSchema, daySchema, gregorianDateInput, queryBoolean } from './common/inputs.ts';

export const STATS_MSG = {
  dateOrder: DATE_RANGE_MSG.order,
  fromRequired: 'تاریخ شروع را وارد کنید',
  toRequired: 'تاریخ پایان را وارد کنید',
  rangeTooLong: 'بازه نمودار حداکثر ۳۶۶ روز است',
  idInvalid: 'شناسه نامعتبر است',
  userRequired: 'آزمایشگاه را انتخاب کنید',
} as const;

/** The longest period the daily chart draws (one point a day). */
export const CHART_MAX_DAYS = 366;
/** The median time to purity covers at most the last this many days of the chart's period. */
export const MEDIAN_MAX_DAYS = 14;
/** How many workshops the admin's median chart shows (the busiest of the period). */
export const MEDIAN_TOP_WORKSHOPS = 12;

// ————— Periods (Asia/Tehran) —————

/** Whole Tehran days as Gregorian yyyy-mm-dd: `from` inclusive, `to` exclusive. */
export interface DayRange {
  from: string;
  to: string;
}

export interface StatisticsPeriods {
  today: DayRange;
  yesterday: DayRange;
  /** The Jalali week holding today, Saturday to Friday. */
  week: DayRange;
  /** The Jalali month holding today, its 1st to the next month's 1st. */
  month: DayRange;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

function parseIso(date: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a yyyy-mm-dd date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const isoOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** A calendar date moved by whole days (no time zone involved). */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseIso(date);
  const moved = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return isoOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Days from `from` to `to` (to − from). */
export function daysBetween(from: string, to: string): number {
  const a = parseIso(from);
  const b = parseIso(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** The instant a Tehran calendar day (Gregorian yyyy-mm-dd) begins: 00:00 Asia/Tehran. */
export function tehranDayStart(date: string): Date {
  const { y, m, d } = parseIso(date);
  const midnightUtc = Date.UTC(y, m - 1, d);
  let guess = midnightUtc - tehranOffsetMs(new Date(midnightUtc));
  // The offset at the guess may differ (a daylight-saving change that day): settle on it.
  const offset = tehranOffsetMs(new Date(guess));
  guess = midnightUtc - offset;
  return new Date(guess);
}

/** The calendar date (Gregorian yyyy-mm-dd) of an instant in Tehran. */
export function tehranDate(instant: Date): string {
  const w = tehranWallClock(instant);
  return isoOf(w.y, w.m, w.d);
}

/** The instants [start, end) of a range of whole Tehran days, for the database. */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  return { start: tehranDayStart(range.from), end: tehranDayStart(range.to) };
}

/** The periods of the statistics tiles, as seen in Tehran at `now`. */
export function statisticsPeriods(now: Date = new Date()): StatisticsPeriods {
  const today = tehranDate(now);
  const { y, m, d } = parseIso(today);
  // getUTCDay: Sunday 0 … Saturday 6; the Jalali week starts on Saturday.
  const sinceSaturday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1) % 7;
  const weekStart = addDays(today, -sinceSaturday);
  const j = toJalaali(y, m, d);
  const first = toGregorian(j.jy, j.jm, 1);
  const next = j.jm === 12 ? toGregorian(j.jy + 1, 1, 1) : toGregorian(j.jy, j.jm + 1, 1);
  return {
    today: { from: today, to: addDays(today, 1) },
    yesterday: { from: addDays(today, -1), to: today },
    week: { from: weekStart, to: addDays(weekStart, 7) },
    month: { from: isoOf(first.gy, first.gm, first.gd), to: isoOf(next.gy, next.gm, next.gd) },
  };
}

/**
 * A filter's dates as a range of whole Tehran days: `fromDate` and `toDate` both inclusive (as typed),
 * either one open. Returns null bounds for an open side.
 */
export function filterRange(fromDate?: string, toDate?: string): { from: string | null; to: string | null } {
  return { from: fromDate ?? null, to: toDate ? addDays(toDate, 1) : null };
}

// ————— The usage gauge (docs/product.md §2.7) —————

export type UsageColor = 'green' | 'yellow' | 'red';

/** Percent of allotted codes used, 0 when nothing was allotted (never NaN), rounded to one decimal. */
export function usagePercent(used: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((used / total) * 1000) / 10;
}

/** Green below 60 %, amber from 60 to under 80, red at 80 or more. */
export function usageColor(percent: number): UsageColor {
  if (percent >= 80) return 'red';
  if (percent >= 60) return 'yellow';
  return 'green';
}

// ————— Requests —————

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalDate = z.preprocess(emptyToUndefined, gregorianDateInput().optional());
const optionalId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
  z.uuid(STATS_MSG.idInvalid).optional(),
);
const requiredDate = (message: string) => gregorianDateInput({ required: message });

function dateOrder(q: { fromDate?: string | undefined; toDate?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.fromDate && q.toDate && q.fromDate > q.toDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: STATS_MSG.dateOrder });
}

/** `POST /Manage/GetManageStatistics` (docs/product.md §3.9, the admin's filter). */
export const manageStatisticsRequestSchema = z
  .object({
    /** One workshop, or every workshop when absent. */
    userId: optionalId,
    /** Gregorian yyyy-mm-dd, whole Tehran days, both inclusive; they bound `searchRes` only. */
    fromDate: optionalDate,
    toDate: optionalDate,
    /** true → every count only of packets still waiting for their purity. */
    waitFor: queryBoolean,
  })
  .superRefine(dateOrder);
export type ManageStatisticsRequest = z.output<typeof manageStatisticsRequestSchema>;
export type ManageStatisticsInput = z.input<typeof manageStatisticsRequestSchema>;

/** `POST /Tests/GetStatistics` (docs/product.md §3.9, a workshop's filter). */
export const labStatisticsRequestSchema = z
  .object({
    /** One of the workshop's customers, or all of them when absent. */
    customerId: optionalId,
    fromDate: optionalDate,
    toDate: optionalDate,
    waitFor: queryBoolean,
  })
  .superRefine(dateOrder);
export type LabStatisticsRequest = z.output<typeof labStatisticsRequestSchema>;
export type LabStatisticsInput = z.input<typeof labStatisticsRequestSchema>;

/** `POST /Manage/GetTestStatisticsWithGroupUser`: Gregorian dates, both inclusive, both required. */
export const groupUserStatisticsRequestSchema = z
  .object({
    fromDate: requiredDate(STATS_MSG.fromRequired),
    toDate: requiredDate(STATS_MSG.toRequired),
  })
  .superRefine(dateOrder);
export type GroupUserStatisticsRequest = z.output<typeof groupUserStatisticsRequestSchema>;

/** `GET /Manage/GetTestStatisticsDetailByUserId?userId=`. */
export const statisticsDetailQuerySchema = z.object({
  userId: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.uuid({ error: (issue) => (issue.input === undefined ? STATS_MSG.userRequired : STATS_MSG.idInvalid) }),
  ),
});
export type StatisticsDetailQuery = z.output<typeof statisticsDetailQuerySchema>;

/** `POST /Tests/GetDailyStatistics` and `POST /Manage/GetDailyStatistics`: the chart's period. */
export const dailyStatisticsRequestSchema = z
  .object({
    fromDate: requiredDate(STATS_MSG.fromRequired),
    toDate: requiredDate(STATS_MSG.toRequired),
    /** Admin only: one workshop's packets (the median list always covers the busiest workshops). */
    userId: optionalId,
  })
  .superRefine((q, ctx) => {
    dateOrder(q, ctx);
    if (q.fromDate <= q.toDate && daysBetween(q.fromDate, q.toDate) + 1 > CHART_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: STATS_MSG.rangeTooLong });
  });
export type DailyStatisticsRequest = z.output<typeof dailyStatisticsRequestSchema>;

// ————— Responses —————

const dayRangeSchema = z.object({ from: z.string(), to: z.string() });

/** docs/product.md §3.9: packet counts (live packets) per period. */
export const statisticsCountsSchema = z.object({
  /** Within the filter's dates (all time when none). */
  searchRes: z.number().int(),
  todayRes: z.number().int(),
  yesterdayRes: z.number().int(),
  weekRes: z.number().int(),
  monthRes: z.number().int(),
  totalRes: z.number().int(),
  /** The periods counted, [from, to) Gregorian, so the screen can say which days they are. */
  periods: z.object({
    today: dayRangeSchema,
    yesterday: dayRangeSchema,
    week: dayRangeSchema,
    month: dayRangeSchema,
  }),
});
export type StatisticsCounts = z.infer<typeof statisticsCountsSchema>;

export const pendingCreditSchema = z.object({
  id: z.string(),
  userId: z.string(),
  lab: z.string(),
  amount: z.number().int(),
  trackingCode: z.string(),
  /** The transfer's date (Gregorian), as the workshop gave it. */
  date: daySchema.nullable(),
  createdAt: instantSchema,
});
export type PendingCredit = z.infer<typeof pendingCreditSchema>;

/** How many pending credit requests the admin home lists (the count and total cover all of them). */
export const PENDING_CREDITS_SHOWN = 20;

export const manageStatisticsResponseSchema = statisticsCountsSchema.extend({
  /** Toman of every credit request awaiting approval. */
  credits: z.number().int(),
  pendingCredits: z.object({
    count: z.number().int(),
    /** The oldest first, at most PENDING_CREDITS_SHOWN. */
    list: z.array(pendingCreditSchema),
  }),
});
export type ManageStatisticsResponse = z.infer<typeof manageStatisticsResponseSchema>;

export const labStatisticsResponseSchema = statisticsCountsSchema.extend({
  /** The workshop's balance in toman (accepted credits − codes bought). */
  credits: z.number().int(),
  /** Toman of its own credit requests awaiting approval. */
  pendingCredits: z.number().int(),
});
export type LabStatisticsResponse = z.infer<typeof labStatisticsResponseSchema>;

/** docs/product.md §3.9: the admin's per-lab row. */
export const groupUserItemSchema = z.object({
  userId: z.string(),
  userFName: z.string(),
  userFullName: z.string(),
  userCellPhone: z.string().nullable(),
  userPhone: z.string().nullable(),
  /** 1 active lab, 5 inactive lab. */
  status: z.number().int(),
  /** Live packets registered in the period. */
  testCount: z.number().int(),
  /** Packet numbers ever allotted to it. */
  sumTotalCode: z.number().int(),
  /** Of those, handed out (each range's next number − its first, as manage/codes counts). */
  totalCodeUse: z.number().int(),
});
export type GroupUserItem = z.infer<typeof groupUserItemSchema>;

export const groupUserStatisticsResponseSchema = z.object({
  list: z.array(groupUserItemSchema),
  summary: z.object({
    /** Packets registered in the period, every workshop. */
    sumTestCount: z.number().int(),
    /** Workshops (labs with status 1 or 5). */
    count: z.number().int(),
    /** Of those, workshops with at least one packet in the period. */
    countActive: z.number().int(),
    allSumTotalCode: z.number().int(),
    allTotalCodeUse: z.number().int(),
  }),
});
export type GroupUserStatisticsResponse = z.infer<typeof groupUserStatisticsResponseSchema>;

/** docs/product.md §3.9: a lab's usage detail. */
export const statisticsDetailResponseSchema = z.object({
  labName: z.string(),
  address: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      /** The allotment's Jalali date (yyyy/mm/dd, Tehran). */
      createDatePer: z.string(),
      createDate: instantSchema,
      serialNo: z.number().int(),
      codeFrom: z.number().int(),
      codeTo: z.number().int(),
      count: z.number().int(),
      countUseage: z.number().int(),
    }),
  ),
});
export type StatisticsDetailResponse = z.infer<typeof statisticsDetailResponseSchema>;

export const dailyStatisticsResponseSchema = z.object({
  /** Every day of the period (zeros included), Gregorian yyyy-mm-dd, oldest first. */
  days: z.array(z.object({ date: daySchema, count: z.number().int() })),
  /** The days the medians cover (Gregorian, inclusive): the period's last MEDIAN_MAX_DAYS at most. */
  medianFrom: z.string(),
  medianTo: z.string(),
  /**
   * Median minutes from registration to the first purity of those days' packets, those registered with
   * their purity left out (null: none waited).
   */
  medianMinutes: z.number().nullable(),
  /** Per workshop: the admin gets the busiest MEDIAN_TOP_WORKSHOPS, a workshop only itself. */
  workshops: z.array(
    z.object({
      userId: z.string(),
      userFName: z.string(),
      count: z.number().int(),
      /** Packets whose purity was recorded after registration. */
      withPurity: z.number().int(),
      medianMinutes: z.number().nullable(),
    }),
  ),
});
export type DailyStatisticsResponse = z.infer<typeof dailyStatisticsResponseSchema>;
