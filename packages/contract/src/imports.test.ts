import { describe, expect, it } from 'vitest';
import {
  docNumberFromSample,
  headerKey,
  importApplySchema,
  importMappingDraftSchema,
  purityFromGold,
} from './imports.ts';

const NO_STRIP = { stripPrefix: null, stripSuffix: null };

describe('purityFromGold: per mille rounded down by the text (ADR 0059)', () => {
  it('keeps one decimal of a percent and drops the rest, never rounding up', () => {
    expect(purityFromGold('75.08', 'percent')).toBe(750);
    expect(purityFromGold('75.09', 'percent')).toBe(750);
    expect(purityFromGold('75.1', 'percent')).toBe(751);
    expect(purityFromGold('99.99', 'percent')).toBe(999);
    // 0.1 + 0.2 style float error cannot creep in: 58.3 is 583, not 582.
    expect(purityFromGold('58.3', 'percent')).toBe(583);
    expect(purityFromGold('75', 'percent')).toBe(750);
    expect(purityFromGold('75.', 'percent')).toBe(750);
  });
  it('drops a per mille figure’s decimals', () => {
    expect(purityFromGold('750.9', 'permille')).toBe(750);
    expect(purityFromGold('999', 'permille')).toBe(999);
  });
  it('reads decimal commas, Persian and Arabic digits and separators, a trailing % and spaces', () => {
    expect(purityFromGold('75,08', 'percent')).toBe(750);
    expect(purityFromGold('۷۵٫۰۸', 'percent')).toBe(750);
    expect(purityFromGold('٧٥.٠٨ %', 'percent')).toBe(750);
    expect(purityFromGold(' 750 ', 'permille')).toBe(750);
  });
  it('is null for what is not a plain non-negative number', () => {
    for (const bad of ['', 'n/a', '-75.1', '7.5e1', '75.0.8', '12345', '1,234.5', '#VALUE!'])
      expect(purityFromGold(bad, 'percent'), bad).toBeNull();
  });
});

describe('docNumberFromSample', () => {
  it('reads whole digits, dropping the prefix and suffix in any case', () => {
    expect(docNumberFromSample('1000123', NO_STRIP)).toBe(1000123);
    expect(docNumberFromSample(' ۱۰۰۰۱۲۳ ', NO_STRIP)).toBe(1000123);
    const strip = { stripPrefix: 'AY-', stripSuffix: '/1' };
    expect(docNumberFromSample('ay-1000123/1', strip)).toBe(1000123);
    expect(docNumberFromSample('AY-1000123', strip)).toBe(1000123);
  });
  it('is null without a whole packet number', () => {
    expect(docNumberFromSample('AY-1000123', NO_STRIP)).toBeNull();
    expect(docNumberFromSample('12.5', NO_STRIP)).toBeNull();
    expect(docNumberFromSample('0', NO_STRIP)).toBeNull();
    expect(docNumberFromSample('', NO_STRIP)).toBeNull();
    expect(docNumberFromSample('1'.repeat(16), NO_STRIP)).toBeNull();
    expect(docNumberFromSample('1'.repeat(15), NO_STRIP)).toBe(111111111111111);
  });
});

describe('headerKey', () => {
  it('folds case, spaces, ZWNJ and the Arabic yeh and kaf of a Windows-1256 file', () => {
    expect(headerKey('  Au  [%] ')).toBe(headerKey('au [%]'));
    expect(headerKey('عيار')).toBe(headerKey('عیار'));
    expect(headerKey('شماره\u200Cبسته')).toBe(headerKey('شماره بسته'));
    expect(headerKey('كد')).toBe(headerKey('کد'));
  });
});

describe('importMappingDraftSchema', () => {
  const ok = { name: 'م', instrument: 'XRF', sampleColumn: 'Sample', goldColumn: 'Au', goldUnit: 'percent' };
  it('accepts names of 100 characters and affixes of 20; refuses 101 and 21', () => {
    expect(importMappingDraftSchema.safeParse({ ...ok, name: 'a'.repeat(100) }).success).toBe(true);
    expect(importMappingDraftSchema.safeParse({ ...ok, name: 'a'.repeat(101) }).success).toBe(false);
    expect(importMappingDraftSchema.safeParse({ ...ok, stripPrefix: 'a'.repeat(20) }).success).toBe(true);
    expect(importMappingDraftSchema.safeParse({ ...ok, stripSuffix: 'a'.repeat(21) }).success).toBe(false);
  });
  it('refuses the same column twice, a blank name and an unknown unit', () => {
    expect(importMappingDraftSchema.safeParse({ ...ok, goldColumn: ' sample ' }).success).toBe(false);
    expect(importMappingDraftSchema.safeParse({ ...ok, name: '  ' }).success).toBe(false);
    expect(importMappingDraftSchema.safeParse({ ...ok, goldUnit: 'karat' }).success).toBe(false);
  });
  it('reads an empty affix as none', () => {
    const parsed = importMappingDraftSchema.parse({ ...ok, stripPrefix: ' ' });
    expect(parsed.stripPrefix).toBeNull();
    expect(parsed.stripSuffix).toBeNull();
  });
});

describe('importApplySchema', () => {
  const id = '0b9c1d52-5c1e-4a55-9e9f-2a3c4d5e6f70';
  it('takes 1 to 10,000 row numbers', () => {
    expect(importApplySchema.safeParse({ importId: id, rows: [] }).success).toBe(false);
    expect(importApplySchema.safeParse({ importId: id, rows: [0] }).success).toBe(false);
    expect(importApplySchema.safeParse({ importId: id, rows: [1] }).success).toBe(true);
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1);
    expect(importApplySchema.safeParse({ importId: id, rows: many }).success).toBe(true);
    expect(importApplySchema.safeParse({ importId: id, rows: [...many, 10_001] }).success).toBe(false);
    expect(importApplySchema.safeParse({ importId: 'x', rows: [1] }).success).toBe(false);
  });
});
