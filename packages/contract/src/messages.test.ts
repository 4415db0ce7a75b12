import { describe, expect, it } from 'vitest';
import { joinTemplates, messagesQuerySchema, renderTemplate, splitTemplates } from './messages.ts';
import { systemSettingsPayloadSchema } from './system-settings.ts';

describe('renderTemplate', () => {
  it('fills #d, #c, #n and #t, every occurrence', () => {
    expect(
      renderTemplate('بسته #d: عیار #c (#d)\n#n — آماده تا #t دقیقه', {
        d: 100234,
        c: 750,
        n: 'آزمایشگاه زر',
        t: 30,
      }),
    ).toBe('بسته 100234: عیار 750 (100234)\nآزمایشگاه زر — آماده تا 30 دقیقه');
  });

  it('turns a missing value into empty text and leaves other # text alone', () => {
    expect(renderTemplate('#d/#c #x ##n', { d: '12' })).toBe('12/ #x #');
  });
});

describe('splitTemplates / joinTemplates', () => {
  it('round-trips the -=- list and drops blank entries', () => {
    const stored = joinTemplates(['  اول #d ', '', 'دوم #c', '   ']);
    expect(stored).toBe('اول #d-=-دوم #c');
    expect(splitTemplates(stored)).toEqual(['اول #d', 'دوم #c']);
    expect(splitTemplates('')).toEqual([]);
    expect(splitTemplates(null)).toEqual([]);
    expect(splitTemplates('a-=--=-b')).toEqual(['a', 'b']);
  });
});

describe('systemSettingsPayloadSchema', () => {
  const valid = { AccNumber: '۶۰۳۷-۹۹۷۵', price: '۱۲,۵۰۰', readySMS: ['آماده #d'], waitSMS: ['صبر #t'] };

  it('accepts Persian digits and separators in the price and drops blank templates', () => {
    const parsed = systemSettingsPayloadSchema.parse({ ...valid, readySMS: ['', ' آماده #d '] });
    expect(parsed).toMatchObject({
      AccNumber: '6037-9975',
      price: 12500,
      readySMS: ['آماده #d'],
      smsRey: '',
    });
  });

  it('refuses a template holding the separator, a negative price and a missing account number', () => {
    const result = systemSettingsPayloadSchema.safeParse({
      ...valid,
      AccNumber: ' ',
      price: -1,
      waitSMS: ['یک -=- دو'],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['AccNumber', 'price', 'waitSMS.0']));
  });

  it('requires a price', () => {
    const result = systemSettingsPayloadSchema.safeParse({ ...valid, price: '' });
    expect(result.error?.issues[0]?.message).toBe('قیمت هر شماره بسته الزامی است');
  });
});

describe('messagesQuerySchema', () => {
  it('defaults to 50 a page and ignores empty filters', () => {
    expect(messagesQuerySchema.parse({ status: '', kind: '' })).toMatchObject({
      pageNumber: 1,
      pageSize: 50,
    });
  });

  it('refuses a start date after the end date', () => {
    expect(messagesQuerySchema.safeParse({ fromDate: '2025-02-02', toDate: '2025-02-01' }).success).toBe(
      false,
    );
    expect(messagesQuerySchema.parse({ fromDate: '۲۰۲۵-۰۲-۰۱', to: '۰۹۱۲' })).toMatchObject({
      fromDate: '2025-02-01',
      to: '0912',
    });
  });
});
