import { toPersianDigits } from './digits.ts';

// Built on first use: creating a fa-IR formatter loads the locale's ICU data, ~100 ms of main thread on
// a slow phone, and the landing page imports this module without formatting anything at first.
let tomanFormat: Intl.NumberFormat | undefined;
let gramFormat: Intl.NumberFormat | undefined;

/** Whole toman with Persian digits and separators: 1250000 → «۱٬۲۵۰٬۰۰۰». */
export function formatToman(toman: number | bigint): string {
  return (tomanFormat ??= new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 })).format(toman);
}

/** Gold is stored as whole milligrams; shown in grams with up to 3 decimals: 12345 → «۱۲٫۳۴۵». */
export function formatGrams(milligrams: number | bigint): string {
  return (gramFormat ??= new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 3 })).format(
    Number(milligrams) / 1000,
  );
}

/** Parses grams typed by a person (ASCII digits, '.' or Persian decimal separator) to whole milligrams. */
export function gramsToMilligrams(grams: string | number): number | null {
  const text = String(grams).replace('\u066b', '.').trim();
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
}

/** Purity (per mille) with Persian digits. */
export function formatPurity(purity: number): string {
  return toPersianDigits(purity);
}
