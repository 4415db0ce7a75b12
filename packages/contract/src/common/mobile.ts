import { toEnglishDigits } from './digits.ts';

/**
 * Normalises an Iranian mobile number to 09xxxxxxxxx, accepting +98, 0098, 98 and 9xxxxxxxxx forms
 * and Persian/Arabic digits. Returns null when it is not a mobile number.
 */
export function normalizeMobile(input: string): string | null {
  const digits = toEnglishDigits(input).replace(/[\s\-()]/g, '');
  const match = /^(?:\+98|0098|98|0)?(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}
