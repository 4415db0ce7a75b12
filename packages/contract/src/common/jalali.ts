import { toGregorian, toJalaali, isValidJalaaliDate } from 'jalaali-js';
import { toEnglishDigits } from './digits.ts';

export const TEHRAN_TZ = 'Asia/Tehran';

const pad = (n: number) => String(n).padStart(2, '0');

const tehranFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TEHRAN_TZ,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * The wall clock in Tehran at an instant: its calendar date (Gregorian y, m, d) and time. The one
 * place that asks Intl for Tehran's parts: the Jalali dates, the statistics' days and the backups'
 * slots all start from it.
 */
export function tehranWallClock(instant: Date): {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
} {
  const parts = tehranFormat.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    hh: get('hour'),
    mm: get('minute'),
    ss: get('second'),
  };
}

/** Tehran's offset from UTC at an instant, in milliseconds (+03:30 since 2022; +04:30 in old summers). */
export function tehranOffsetMs(instant: Date): number {
  const w = tehranWallClock(instant);
  const wallAsUtc = Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss);
  return wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Jalali date of an instant in Tehran, as yyyy/mm/dd with ASCII digits. */
export function toJalaliDate(date: Date | string): string {
  const { y, m, d } = tehranWallClock(typeof date === 'string' ? new Date(date) : date);
  const j = toJalaali(y, m, d);
  return `${j.jy}/${pad(j.jm)}/${pad(j.jd)}`;
}

/** Jalali date and time (yyyy/mm/dd HH:mm) of an instant in Tehran. */
export function toJalaliDateTime(date: Date | string): string {
  const p = tehranWallClock(typeof date === 'string' ? new Date(date) : date);
  const j = toJalaali(p.y, p.m, p.d);
  return `${j.jy}/${pad(j.jm)}/${pad(j.jd)} ${pad(p.hh)}:${pad(p.mm)}`;
}

/** Today's Jalali date in Tehran. */
export function todayJalali(now: Date = new Date()): string {
  return toJalaliDate(now);
}

/**
 * Converts a Jalali yyyy/mm/dd (slashes or dashes, any digits already ASCII) to Gregorian yyyy-mm-dd,
 * the form the API takes (docs/product.md §1.5). Returns null for an impossible date.
 */
export function jalaliToGregorian(jalali: string): string | null {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(jalali.trim());
  if (!match) return null;
  const [jy, jm, jd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isValidJalaaliDate(jy, jm, jd)) return null;
  const g = toGregorian(jy, jm, jd);
  return `${g.gy}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** Gregorian yyyy-mm-dd to Jalali yyyy/mm/dd (calendar conversion only, no time zone). */
export function gregorianToJalali(gregorian: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(gregorian.trim());
  if (!match) return null;
  const j = toJalaali(Number(match[1]), Number(match[2]), Number(match[3]));
  return `${j.jy}/${pad(j.jm)}/${pad(j.jd)}`;
}

/**
 * The years a Gregorian date may have. PostgreSQL has no year 0 and `Date.UTC` reads 0–99 as 1900–1999,
 * so a date outside these would be refused or moved on its way; nothing a lab records is older or that
 * far ahead.
 */
export const GREGORIAN_YEARS = { min: 1900, max: 2999 } as const;

/**
 * A real Gregorian yyyy-mm-dd: it must come back unchanged from `Date`, which would quietly roll
 * 2026-02-30 over to 2026-03-02 (and PostgreSQL then refuses the original).
 */
export function isGregorianDate(value: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < GREGORIAN_YEARS.min || year > GREGORIAN_YEARS.max) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's calendar date in Tehran as Gregorian yyyy-mm-dd. */
export function todayGregorianInTehran(now: Date = new Date()): string {
  return jalaliToGregorian(todayJalali(now)) ?? now.toISOString().slice(0, 10);
}

/** What the Jalali date fields of a filter say when a date is wrong (one text everywhere). */
export const DATE_RANGE_MSG = {
  invalid: 'تاریخ نامعتبر است؛ مثل ۱۴۰۴/۰۱/۱۵',
  required: 'تاریخ را وارد کنید',
  order: 'تاریخ شروع نباید بعد از تاریخ پایان باشد',
} as const;

export type DateRangeErrors = { fromDate?: string; toDate?: string };

/**
 * Typed Jalali dates (yyyy/mm/dd, any digits) to the Gregorian dates the API takes (docs/product.md §1.5), or
 * the errors to show under the fields. Empty fields are allowed unless `required`. The API checks the
 * order again (assays and statistics schemas).
 */
export function jalaliRangeToGregorian(
  from: string,
  to: string,
  required = false,
): { ok: true; fromDate?: string; toDate?: string } | { ok: false; errors: DateRangeErrors } {
  const errors: DateRangeErrors = {};
  const convert = (value: string, key: keyof DateRangeErrors) => {
    if (!value.trim()) {
      if (required) errors[key] = DATE_RANGE_MSG.required;
      return undefined;
    }
    const g = jalaliToGregorian(toEnglishDigits(value));
    if (!g) errors[key] = DATE_RANGE_MSG.invalid;
    return g ?? undefined;
  };
  const fromDate = convert(from, 'fromDate');
  const toDate = convert(to, 'toDate');
  if (!errors.fromDate && !errors.toDate && fromDate && toDate && fromDate > toDate) {
    errors.toDate = DATE_RANGE_MSG.order;
  }
  if (errors.fromDate || errors.toDate) return { ok: false, errors };
  return { ok: true, fromDate, toDate };
}
