import { toEnglishDigits } from '@ayar/contract';

/** Formats what was typed as yyyy/mm/dd (digits only, slashes added as the digits arrive). */
export function maskJalaliDate(input: string): string {
  const digits = toEnglishDigits(input).replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}/${digits.slice(4)}`;
  return `${digits.slice(0, 4)}/${digits.slice(4, 6)}/${digits.slice(6)}`;
}
