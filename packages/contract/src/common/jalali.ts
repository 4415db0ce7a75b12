import { toGregorian, toJalaali, isValidJalaaliDate } from 'jalaali-js';

export const TEHRAN_TZ = 'Asia/Tehran';

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date (y, m, d) of an instant as seen in Tehran. */
function tehranParts(date: Date): { y: number; m: number; d: number; hh: number; mm: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TEHRAN_TZ,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), hh: get('hour'), mm: get('minute') };
}

/** Jalali date of an instant in Tehran, as yyyy/mm/dd with ASCII digits. */
export function toJalaliDate(date: Date | string): string {
  const { y, m, d } = tehranParts(typeof date === 'string' ? new Date(date) : date);
  const j = toJalaali(y, m, d);
  return `${j.jy}/${pad(j.jm)}/${pad(j.jd)}`;
}

/** Jalali date and time (yyyy/mm/dd HH:mm) of an instant in Tehran. */
export function toJalaliDateTime(date: Date | string): string {
  const p = tehranParts(typeof date === 'string' ? new Date(date) : date);
  const j = toJalaali(p.y, p.m, p.d);
  return `${j.jy}/${pad(j.jm)}/${pad(j.jd)} ${pad(p.hh)}:${pad(p.mm)}`;
}

/** Today's Jalali date in Tehran. */
export function todayJalali(now: Date = new Date()): string {
  return toJalaliDate(now);
}

/**
 * Converts a Jalali yyyy/mm/dd (slashes or dashes, any digits already ASCII) to Gregorian yyyy-mm-dd,
 * the form the API takes (SPEC.md 1). Returns null for an impossible date.
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

/** Today's calendar date in Tehran as Gregorian yyyy-mm-dd. */
export function todayGregorianInTehran(now: Date = new Date()): string {
  return jalaliToGregorian(todayJalali(now)) ?? now.toISOString().slice(0, 10);
}
