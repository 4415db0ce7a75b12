import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toEnglishDigits, toPersianDigits } from './digits.ts';
import {
  gregorianDateInput,
  hasInvalidCharacters,
  intInput,
  normalizedString,
  normalizedText,
} from './inputs.ts';
import { MSG } from './texts.ts';
import { formatGrams, formatToman, gramsToMilligrams } from './format.ts';
import { jalaliToGregorian, gregorianToJalali, toJalaliDate, toJalaliDateTime } from './jalali.ts';
import { normalizeMobile } from './mobile.ts';
import { pageCount } from './paging.ts';

describe('digits', () => {
  it('turns Persian and Arabic digits into ASCII and back', () => {
    expect(toEnglishDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toEnglishDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toEnglishDigits('بسته ۱۲a٣')).toBe('بسته 12a3');
    expect(toPersianDigits(2026)).toBe('۲۰۲۶');
  });

  it('intInput takes what a person types and enforces the range', () => {
    const schema = intInput({ min: 1, max: 100_000 });
    expect(schema.parse('۱۰۰۰')).toBe(1000);
    expect(schema.parse('١٢')).toBe(12);
    expect(schema.parse('1,000')).toBe(1000);
    expect(schema.parse(5)).toBe(5);
    expect(schema.safeParse('0').success).toBe(false);
    expect(schema.safeParse('100001').success).toBe(false);
    expect(schema.safeParse('12a').success).toBe(false);
    expect(z.object({ n: schema }).safeParse({ n: '' }).success).toBe(false);
  });
});

describe('mobile', () => {
  it('normalises Iranian mobiles to 09xxxxxxxxx', () => {
    for (const input of [
      '09121234567',
      '+989121234567',
      '00989121234567',
      '9121234567',
      '۰۹۱۲ ۱۲۳ ۴۵۶۷',
      '0912-123-4567',
    ]) {
      expect(normalizeMobile(input)).toBe('09121234567');
    }
    for (const bad of ['0212345678', '091212345', '0812345678901', 'abc'])
      expect(normalizeMobile(bad)).toBeNull();
  });
});

describe('Jalali dates in Tehran', () => {
  it('shows the Tehran calendar date of an instant', () => {
    // 2026-03-20 21:00 UTC is already 21 March 00:30 in Tehran: Nowruz, 1405/01/01.
    expect(toJalaliDate(new Date('2026-03-20T21:00:00Z'))).toBe('1405/01/01');
    expect(toJalaliDate(new Date('2026-03-20T20:00:00Z'))).toBe('1404/12/29');
    expect(toJalaliDateTime('2026-11-22T08:00:00Z')).toBe('1405/09/01 11:30');
  });

  it('converts between Jalali and Gregorian dates for the API', () => {
    expect(jalaliToGregorian('1405/09/01')).toBe('2026-11-22');
    expect(jalaliToGregorian('1405-1-1')).toBe('2026-03-21');
    expect(jalaliToGregorian('1405/13/01')).toBeNull();
    expect(jalaliToGregorian('1405/12/31')).toBeNull();
    expect(gregorianToJalali('2026-11-22')).toBe('1405/09/01');
  });
});

describe('money and gold', () => {
  it('toman has no decimals, grams up to three, both with Persian digits', () => {
    expect(formatToman(1250000)).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatGrams(12345)).toBe('۱۲٫۳۴۵');
    expect(formatGrams(12300)).toBe('۱۲٫۳');
    expect(formatGrams(5000)).toBe('۵');
  });

  it('parses grams to whole milligrams without floating-point drift', () => {
    expect(gramsToMilligrams('12.345')).toBe(12345);
    expect(gramsToMilligrams('0.1')).toBe(100);
    expect(gramsToMilligrams('4.35')).toBe(4350);
    expect(gramsToMilligrams('1.2345')).toBeNull();
    expect(gramsToMilligrams('-1')).toBeNull();
  });

  it('pages are total over size, rounded up', () => {
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(100, 100)).toBe(1);
    expect(pageCount(101, 100)).toBe(2);
  });
});

describe('shared text and date inputs', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => i.message);

  it('one-line text refuses every control character inside it, once', () => {
    expect(normalizedString.parse('  ۱۲ حسن\n')).toBe('12 حسن');
    for (const ch of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f']) {
      expect(messages(normalizedString.pipe(z.string().min(1)).safeParse(`a${ch}b`))).toEqual([
        MSG.invalidText,
      ]);
    }
    // Zero-width non-joiner and direction marks are ordinary Persian text, and so is a whole emoji.
    expect(normalizedString.parse('محمد\u200cرضا\u200f')).toBe('محمد\u200cرضا\u200f');
    expect(normalizedString.parse('طلا 😀')).toBe('طلا 😀');
    // Half of a surrogate pair cannot be typed, and PostgreSQL refuses it in jsonb.
    for (const half of ['\ud800', 'a\udfff', '\udfff\ud800', 'x\ud83d'])
      expect(messages(normalizedString.safeParse(half)), JSON.stringify(half)).toEqual([MSG.invalidText]);
  });

  it('multi-line text keeps tab and line breaks', () => {
    const text = normalizedText({ multiline: true });
    expect(text.parse('یک\r\n\tدو')).toBe('یک\r\n\tدو');
    for (const ch of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f'])
      expect(messages(text.safeParse(`a${ch}b`))).toEqual([MSG.invalidText]);
    expect(hasInvalidCharacters('a\tb', true)).toBe(false);
    expect(hasInvalidCharacters('a\tb')).toBe(true);
  });

  it('a Gregorian date must be a real day, both edges of February included', () => {
    const date = gregorianDateInput({ required: 'لازم' });
    expect(date.parse('2026-02-28')).toBe('2026-02-28');
    expect(date.parse('2028-02-29')).toBe('2028-02-29');
    expect(date.parse('۲۰۲۴-۰۲-۲۹')).toBe('2024-02-29');
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01'])
      expect(messages(date.safeParse(bad)), bad).toEqual([MSG.invalidDate]);
    expect(messages(date.safeParse('2026/02/01'))).toEqual([MSG.dateFormat]);
    expect(messages(date.safeParse(20260201))).toEqual([MSG.dateFormat]);
    expect(messages(date.safeParse(''))).toEqual(['لازم']);
  });
});
