import { z } from 'zod';
import { toEnglishDigits } from './digits.ts';
import { isGregorianDate } from './jalali.ts';
import { MSG } from './texts.ts';
import { normalizeMobile } from './mobile.ts';

// The zod side of typed input. Kept apart from digits.ts so that screens needing only the digit
// helpers (the public landing page) do not pull zod into their bundle.

/**
 * Whether text holds a character no person types: a control character (C0 or DEL), or half of a
 * surrogate pair. PostgreSQL refuses NUL in text outright, and a lone surrogate as soon as the text is
 * stored in jsonb (the audit log); the others come from a bad paste or a probe, never from a keyboard.
 * Multi-line text (descriptions, addresses, SMS templates) keeps tab, line feed and carriage return,
 * which a person does type there; one-line text (names, codes, searches) keeps none of them.
 */
export function hasInvalidCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1;
      continue;
    }
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/**
 * Free text typed by a person: Persian/Arabic digits become ASCII (unless `keepDigits`: text shown to
 * people as written, such as an SMS), the ends are trimmed (so a line break pasted after a name is
 * harmless) and characters no person types (`hasInvalidCharacters`) are refused with the field named.
 * `error` is the message for a missing or non-string value. Every text field of the contract goes
 * through here, so a NUL or a lone surrogate is refused in one place rather than answered with a 500.
 */
export function normalizedText(opts: { multiline?: boolean; keepDigits?: boolean; error?: string } = {}) {
  return z
    .string(opts.error === undefined ? undefined : { error: opts.error })
    .transform((s) => (opts.keepDigits ? s : toEnglishDigits(s)).trim())
    .refine((s) => !hasInvalidCharacters(s, opts.multiline), { message: MSG.invalidText, abort: true });
}

/** An optional Iranian mobile: empty is null, anything else must be a mobile and becomes 09xxxxxxxxx. */
export function optionalMobileInput(invalid: string) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = toEnglishDigits(value ?? '').trim();
      if (text === '') return null;
      const mobile = normalizeMobile(text);
      if (!mobile) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return mobile;
    });
}

/** A one-line text field: Persian/Arabic digits accepted, trimmed, `hasInvalidCharacters` refused. */
export const normalizedString = normalizedText();

/**
 * Optional free text (descriptions, phones, names of a sample's owner): empty or missing is null,
 * otherwise `normalizedText` at most `max` characters long.
 */
export function optionalTextInput(max: number, tooLong: string, opts: { multiline?: boolean } = {}) {
  return z
    .string()
    .nullish()
    .transform((s) => (s ? toEnglishDigits(s).trim() : '') || null)
    .refine((s) => s === null || !hasInvalidCharacters(s, opts.multiline), {
      message: MSG.invalidText,
      abort: true,
    })
    .pipe(z.string().max(max, tooLong).nullable());
}

/**
 * A Gregorian yyyy-mm-dd (docs/product.md §1.5: Jalali dates are converted before they are sent), Persian
 * digits accepted; empty counts as missing. The one date input of the API: the date must be a real one
 * (`isGregorianDate`), so 2026-02-30 is refused here instead of reaching PostgreSQL. Both checks abort,
 * so a bad date is named once and the range checks of the object around it stay quiet.
 */
export function gregorianDateInput(messages: { required?: string; format?: string; invalid?: string } = {}) {
  const format = messages.format ?? MSG.dateFormat;
  return z.preprocess(
    (v) => (typeof v === 'string' ? toEnglishDigits(v).trim() || undefined : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? messages.required : format) })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: format, abort: true })
      .refine(isGregorianDate, { message: messages.invalid ?? MSG.invalidDate, abort: true })
      .meta({ format: 'date' }),
  );
}

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

/**
 * An instant the API answers: ISO 8601 in UTC (`2026-10-18T07:42:10.000Z`). The document says
 * `format: date-time`, so a generated client can parse it (ADR 0060).
 */
export const instantSchema = z.string().meta({ format: 'date-time' });

/** A day the API answers: Gregorian `yyyy-mm-dd` (a day in Asia/Tehran), `format: date`. */
export const daySchema = z.string().meta({ format: 'date' });
