import { gregorianToJalali, toPersianDigits } from '@ayar/contract';
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
