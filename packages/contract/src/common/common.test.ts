import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toEnglishDigits, toPersianDigits } from './digits.ts';
import { intInput } from './inputs.ts';
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
