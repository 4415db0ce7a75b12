import { d2j, isValidJalaaliDate, j2d, jalaaliMonthLength, toGregorian } from 'jalaali-js';
import { toEnglishDigits, toPersianDigits } from '@ayar/contract';

// The arithmetic of the date fields' calendar (docs/product.md §1.5: Jalali dates, Tehran): days as
// Julian day numbers (jalaali-js), weeks from Saturday as the Iranian calendar has them.

/** A Jalali calendar day. */
export interface JDay {
  y: number;
  m: number;
  d: number;
}

export const JALALI_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/** Saturday first. */
export const WEEKDAYS = [
  { short: 'ش', name: 'شنبه' },
  { short: 'ی', name: 'یک‌شنبه' },
  { short: 'د', name: 'دوشنبه' },
  { short: 'س', name: 'سه‌شنبه' },
  { short: 'چ', name: 'چهارشنبه' },
  { short: 'پ', name: 'پنج‌شنبه' },
  { short: 'ج', name: 'جمعه' },
] as const;

/** A typed yyyy/mm/dd (any digits, slashes or dashes) as a day; null when it is not a whole real date. */
export function parseJDay(text: string | null | undefined): JDay | null {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(toEnglishDigits(text ?? '').trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidJalaaliDate(y, m, d) ? { y, m, d } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy/mm/dd with English digits: what the date fields hold. */
export function formatJDay(day: JDay): string {
  return `${day.y}/${pad(day.m)}/${pad(day.d)}`;
}

const serial = (day: JDay) => j2d(day.y, day.m, day.d);

function fromSerial(n: number): JDay {
  const j = d2j(n);
  return { y: j.jy, m: j.jm, d: j.jd };
}

export function compareJDay(a: JDay, b: JDay): number {
  return serial(a) - serial(b);
}

export const sameJDay = (a: JDay | null, b: JDay | null) =>
  a !== null && b !== null && compareJDay(a, b) === 0;

export function addDays(day: JDay, n: number): JDay {
  return fromSerial(serial(day) + n);
}

/** The same day `n` months on, kept within the month (31 Shahrivar + 1 month is 30 Mehr). */
export function addMonths(day: JDay, n: number): JDay {
  const index = day.y * 12 + (day.m - 1) + n;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(day.d, jalaaliMonthLength(y, m)) };
}

/** 0 for Saturday … 6 for Friday. */
export function weekdayIndex(day: JDay): number {
  const g = toGregorian(day.y, day.m, day.d);
  return (new Date(Date.UTC(g.gy, g.gm - 1, g.gd)).getUTCDay() + 1) % 7;
}

/** The month's weeks, Saturday to Friday; days of other months are null. */
export function monthWeeks(y: number, m: number): (JDay | null)[][] {
  const first = weekdayIndex({ y, m, d: 1 });
  const length = jalaaliMonthLength(y, m);
  const cells: (JDay | null)[] = Array.from({ length: first }, () => null);
  for (let d = 1; d <= length; d++) cells.push({ y, m, d });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (JDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Whether the day is within [min, max] (either may be missing). */
export function inRange(day: JDay, min: JDay | null, max: JDay | null): boolean {
  return (min === null || compareJDay(day, min) >= 0) && (max === null || compareJDay(day, max) <= 0);
}

export function clampJDay(day: JDay, min: JDay | null, max: JDay | null): JDay {
  if (min !== null && compareJDay(day, min) < 0) return min;
  if (max !== null && compareJDay(day, max) > 0) return max;
  return day;
}

/** «آذر ۱۴۰۵». */
export const monthLabel = (y: number, m: number) => `${JALALI_MONTHS[m - 1]} ${toPersianDigits(y)}`;

/** «شنبه ۷ آذر ۱۴۰۵»: a day's accessible name. */
export function dayLabel(day: JDay): string {
  return `${WEEKDAYS[weekdayIndex(day)]?.name ?? ''} ${toPersianDigits(day.d)} ${monthLabel(day.y, day.m)}`;
}
