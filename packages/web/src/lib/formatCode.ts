import { toEnglishDigits, toPersianDigits } from '@ayar/contract';

/**
 * A code as people read it: a number (digits with spaces or dashes) in Persian digits like the rest of
 * the page; an alphanumeric code (a bank tracking code such as `TRK7nl01390`, an IBAN) exactly as it
 * was typed, since Persian digits inside Latin letters would no longer match the bank's record.
 */
export function formatCode(code: string | number): string {
  const text = String(code);
  return /^[\d\s\-/]*$/.test(toEnglishDigits(text)) ? toPersianDigits(text) : text;
}
