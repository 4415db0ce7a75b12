import { toEnglishDigits } from '@ayar/contract';

/** Gold is typed to the milligram: grams with at most three decimals (docs/product.md §1.5). */
export const GRAM_DECIMALS = 3;

/**
 * Grams as a person types them, cleaned as they type (the one rule of every weight field): Persian
 * and Arabic-Indic digits become ASCII; «٫» (the Persian decimal separator) and «/» (the Persian
 * keyboard's decimal key) become '.'; anything else is dropped; only the first decimal point counts,
 * a leading one gets its zero («.5» → «0.5»), and decimals past the third are cut, never rounded.
 * The contract's schema reads the result (`gramsToMilligrams`); an empty text stays empty.
 */
export function cleanGrams(input: string): string {
  const text = toEnglishDigits(input).replace(/[\u066b/]/g, '.');
  let out = '';
  let dot = false;
  let decimals = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (dot) {
        if (decimals >= GRAM_DECIMALS) continue;
        decimals += 1;
      }
      out += ch;
    } else if (ch === '.' && !dot) {
      dot = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}
