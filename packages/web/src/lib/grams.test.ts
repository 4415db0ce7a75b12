import { describe, expect, it } from 'vitest';
import { gramsToMilligrams } from '@ayar/contract';
import { cleanGrams } from './grams.ts';

describe('cleanGrams: one rule for every weight typed in grams', () => {
  it('takes Persian and Arabic-Indic digits', () => {
    expect(cleanGrams('۱۲۳')).toBe('123');
    expect(cleanGrams('١٢٣')).toBe('123');
    expect(cleanGrams('۱2٣')).toBe('123');
  });

  it('reads «٫», «/» and «.» as the decimal point', () => {
    expect(cleanGrams('۱۲٫۵')).toBe('12.5');
    expect(cleanGrams('٠/۵')).toBe('0.5');
    expect(cleanGrams('3.25')).toBe('3.25');
  });

  it('keeps at most three decimals, cutting rather than rounding', () => {
    expect(cleanGrams('۱۲٫۳۴۵۶')).toBe('12.345');
    expect(cleanGrams('0.9999')).toBe('0.999');
    expect(cleanGrams('1.000')).toBe('1.000');
  });

  it('counts only the first decimal point', () => {
    expect(cleanGrams('1.2.3')).toBe('1.23');
    expect(cleanGrams('0.5.7')).toBe('0.57');
    expect(cleanGrams('1٫2/3.4')).toBe('1.234');
  });

  it('gives a leading point its zero, and leaves a trailing one while the number is typed', () => {
    expect(cleanGrams('.5')).toBe('0.5');
    expect(cleanGrams('٫')).toBe('0.');
    expect(cleanGrams('12.')).toBe('12.');
  });

  it('drops everything else: letters, signs, spaces, separators', () => {
    expect(cleanGrams('ab3')).toBe('3');
    expect(cleanGrams('a7b')).toBe('7');
    expect(cleanGrams('-1')).toBe('1');
    expect(cleanGrams('1 234')).toBe('1234');
    expect(cleanGrams('1,234')).toBe('1234');
    expect(cleanGrams('۱٬۲۳۴')).toBe('1234');
    expect(cleanGrams('1e3')).toBe('13');
  });

  it('leaves an empty text empty', () => {
    expect(cleanGrams('')).toBe('');
    expect(cleanGrams('abc')).toBe('');
  });

  it('gives the contract a text it reads to the milligram', () => {
    expect(gramsToMilligrams(cleanGrams('۱۲٫۳۴۵۹'))).toBe(12345);
    expect(gramsToMilligrams(cleanGrams('.5'))).toBe(500);
  });
});
