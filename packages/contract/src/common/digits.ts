import { z } from 'zod';

const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

/** Turns Persian (۰–۹) and Arabic-Indic (٠–٩) digits into ASCII digits; leaves everything else alone. */
export function toEnglishDigits(input: string): string {
  return input.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO);
  });
}

/** ASCII digits to Persian digits, for display. */
export function toPersianDigits(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** A string field that accepts Persian/Arabic digits and is trimmed. */
export const normalizedString = z.string().transform((s) => toEnglishDigits(s).trim());

/**
 * An integer typed by a person: accepts a number or a string with Persian, Arabic or ASCII digits
 * (and thousands separators), so the server takes what the form takes. `required` and `range` give
 * the field its own Persian messages instead of zod's generic ones.
 */
export function intInput(opts: { min?: number; max?: number; required?: string; range?: string } = {}) {
  const { range } = opts;
  let schema = z.number({
    error: (issue) => (issue.input === undefined ? (opts.required ?? range) : range),
  });
  schema = schema.int(range);
  if (opts.min !== undefined) schema = schema.min(opts.min, range);
  if (opts.max !== undefined) schema = schema.max(opts.max, range);
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const cleaned = toEnglishDigits(value).replace(/[,\u066c\u060c\s]/g, '');
    if (cleaned === '') return undefined;
    return /^-?\d+$/.test(cleaned) ? Number(cleaned) : value;
  }, schema);
}

/** A boolean in a query string: `true`/`false` (any case), `1`/`0`; empty means not given. */
export const queryBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (v === '') return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return value;
}, z.boolean().optional());
