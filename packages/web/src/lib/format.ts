/** One place for what the UI shows: digits, Jalali dates, toman and grams (docs/product.md §1.5). */
export {
  toEnglishDigits,
  toPersianDigits,
  toJalaliDate,
  toJalaliDateTime,
  todayJalali,
  jalaliToGregorian,
  gregorianToJalali,
  formatToman,
  formatGrams,
  formatPurity,
  gramsToMilligrams,
  normalizeMobile,
} from '@ayar/contract';

import {
  formatToman,
  toEnglishDigits,
  toJalaliDate,
  toJalaliDateTime,
  toPersianDigits,
} from '@ayar/contract';

/** «۱۲۵٬۰۰۰ تومان». */
export function formatTomanLabel(toman: number | bigint): string {
  return `${formatToman(toman)} تومان`;
}

/** A Jalali yyyy/mm/dd with Persian digits, or '' for a missing or invalid date. */
export function formatJalaliDate(date: Date | string | null | undefined): string {
  if (!date) return '';
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return toPersianDigits(toJalaliDate(value));
}

/** A Jalali yyyy/mm/dd HH:mm with Persian digits, or '' for a missing or invalid date. */
export function formatJalaliDateTime(date: Date | string | null | undefined): string {
  if (!date) return '';
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return toPersianDigits(toJalaliDateTime(value));
}

/** Whole minutes left until a result is announced: floored, never below 0 (docs/product.md §5.10). */
export function remainingMinutes(remain: number | null | undefined): number {
  if (remain === null || remain === undefined || !Number.isFinite(remain)) return 0;
  return Math.max(0, Math.floor(remain));
}

/** Formats what was typed as yyyy/mm/dd (digits only, slashes added as the digits arrive). */
export function maskJalaliDate(input: string): string {
  const digits = toEnglishDigits(input).replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}/${digits.slice(4)}`;
  return `${digits.slice(0, 4)}/${digits.slice(4, 6)}/${digits.slice(6)}`;
}

/**
 * Between the parts of a list row's line («کد ۱ | ۲ آزمایش»). A middle dot «·» beside Persian digits reads
 * as a Persian zero «۰» (docs/product.md §1.5: numbers must read unambiguously), so every such line uses this.
 */
export const SEP = ' | ';
