// The public lookup's packet number rule, zod-free on purpose: the landing page checks a typed number
// with it before asking the server (ADR 0016, the landing budget), and `resultLookupSchema` (results.ts)
// takes the same range, so the page and the server never disagree on what a number is.
import { toEnglishDigits } from './common/digits.ts';
import { RESULT_MSG } from './results-constants.ts';

/** The largest packet number the lookup takes (numbers are bigint in the database, safe integers here). */
export const MAX_DOC_NUMBER = Number.MAX_SAFE_INTEGER;

/** The numbers the lookup takes: whole, from 1 to `MAX_DOC_NUMBER`. */
export const RESULT_NUMBER_RANGE = { min: 1, max: MAX_DOC_NUMBER } as const;

/**
 * What is wrong with a typed packet number, or null when the lookup takes it: the schema's `intInput`
 * reading (Persian and Arabic digits, thousands separators and spaces dropped) and its messages.
 */
export function resultNumberError(raw: string): string | null {
  const cleaned = toEnglishDigits(raw).replace(/[,\u066c\u060c\s]/g, '');
  if (cleaned === '') return RESULT_MSG.codeRequired;
  if (!/^-?\d+$/.test(cleaned)) return RESULT_MSG.codeInvalid;
  const code = Number(cleaned);
  return code >= RESULT_NUMBER_RANGE.min && code <= RESULT_NUMBER_RANGE.max ? null : RESULT_MSG.codeInvalid;
}
