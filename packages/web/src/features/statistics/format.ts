import { gregorianToJalali, jalaliToGregorian, toEnglishDigits, toPersianDigits } from '@ayar/contract';
import type { DayRange } from '@ayar/contract';

/** A count with Persian digits and separators: 12500 → «۱۲٬۵۰۰». */
export function formatCount(n: number): string {
  return n.toLocaleString('fa-IR');
}

/** Minutes as a person says them: «۴۵ دقیقه», «۲ ساعت و ۱۰ دقیقه», «۳ روز و ۴ ساعت». */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${toPersianDigits(m)} دقیقه`;
  if (m < 1440) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest
      ? `${toPersianDigits(h)} ساعت و ${toPersianDigits(rest)} دقیقه`
      : `${toPersianDigits(h)} ساعت`;
  }
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  return h ? `${toPersianDigits(d)} روز و ${toPersianDigits(h)} ساعت` : `${toPersianDigits(d)} روز`;
}

/** A Gregorian yyyy-mm-dd as Jalali yyyy/mm/dd with Persian digits. */
export function jalaliLabel(gregorian: string): string {
  return toPersianDigits(gregorianToJalali(gregorian) ?? gregorian);
}

/** A [from, to) range of days as «۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۰۱/۰۷» (inclusive), or one day alone. */
export function rangeLabel(range: DayRange): string {
  const from = gregorianToJalali(range.from);
  const last = new Date(`${range.to}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  const to = gregorianToJalali(last.toISOString().slice(0, 10));
  if (!from || !to) return '';
  return from === to ? toPersianDigits(from) : `${toPersianDigits(from)} تا ${toPersianDigits(to)}`;
}

export type DateErrors = { fromDate?: string; toDate?: string };

export const DATE_MSG = {
  invalid: 'تاریخ نامعتبر است؛ مثل ۱۴۰۴/۰۱/۱۵',
  required: 'تاریخ را وارد کنید',
  order: 'تاریخ شروع نباید بعد از تاریخ پایان باشد',
} as const;

/**
 * Typed Jalali dates (yyyy/mm/dd) to the Gregorian dates the API takes (SPEC.md 1), or the errors to
 * show under the fields. Empty fields are allowed unless `required`.
 */
export function toGregorianRange(
  from: string,
  to: string,
  required = false,
): { ok: true; fromDate?: string; toDate?: string } | { ok: false; errors: DateErrors } {
  const errors: DateErrors = {};
  const convert = (value: string, key: keyof DateErrors) => {
    if (!value.trim()) {
      if (required) errors[key] = DATE_MSG.required;
      return undefined;
    }
    const g = jalaliToGregorian(toEnglishDigits(value));
    if (!g) errors[key] = DATE_MSG.invalid;
    return g ?? undefined;
  };
  const fromDate = convert(from, 'fromDate');
  const toDate = convert(to, 'toDate');
  if (!errors.fromDate && !errors.toDate && fromDate && toDate && fromDate > toDate)
    errors.toDate = DATE_MSG.order;
  if (errors.fromDate || errors.toDate) return { ok: false, errors };
  return { ok: true, fromDate, toDate };
}
