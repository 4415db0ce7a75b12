import { z } from 'zod';
import { toEnglishDigits } from './digits.ts';

// The zod side of typed input. Kept apart from digits.ts so that screens needing only the digit
// helpers (the public landing page) do not pull zod into their bundle.

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
