import { describe, expect, it } from 'vitest';
import {
  addCuttingSchema,
  addTestRequestSchema,
  labDraftFor,
  labDraftSchema,
  labListQuerySchema,
  manageEditTestSchema,
  removeTestSchema,
} from './assays.ts';
import { OTHER_CUSTOMER_ID, TEST_TYPES } from './constants.ts';
import { OFFLINE_MSG } from './offline.ts';

const customerId = '11111111-1111-4111-8111-111111111111';
const base = { customerId, customerName: 'علی', docNumber: '۱۰۰۰۰۱' };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('labDraftSchema', () => {
  it('accepts a minimal packet with Persian digits and applies the defaults', () => {
    const d = labDraftSchema.parse({ ...base, cutting: '۷۵۰', weight: '۱۲٫۳۴۵', readyTime: '30' });
    expect(d).toMatchObject({
      docNumber: 100001,
      cutting: 750,
      weight: 12.345,
      readyTime: 30,
      sendSMS: true,
      sendCall: true,
      saveInCustomer: false,
      platform: 'w',
      vage: 0,
      images: [],
    });
  });

  it('requires the customer and the number', () => {
    const r = labDraftSchema.safeParse({ customerName: '' });
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        'customerId: نام مشتری الزامی است',
        'customerName: نام مشتری الزامی است',
        'docNumber: شماره بسته الزامی است',
      ]),
    );
  });

  it.each(['599', '1000', '75', '0750', '7a0', '750.5'])('refuses the purity %s', (cutting) => {
    const r = labDraftSchema.safeParse({ ...base, cutting });
    expect(messages(r)).toEqual(['cutting: عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد']);
  });

  it.each(['0', '2881', '12345', '-1'])('refuses the ready time %s', (readyTime) => {
    const r = labDraftSchema.safeParse({ ...base, readyTime });
    expect(messages(r)).toEqual(['readyTime: زمان آماده شدن باید بین ۱ تا ۲۸۸۰ دقیقه باشد']);
  });

  it('refuses weights with more than three decimals', () => {
    const r = labDraftSchema.safeParse({ ...base, weight: '1.2345', sampleWeight: -1 });
    expect(messages(r)).toHaveLength(2);
  });

  it('requires owner name and mobile only for the other customer', () => {
    const r = labDraftSchema.safeParse({ ...base, customerId: OTHER_CUSTOMER_ID });
    expect(messages(r)).toEqual([
      'testFullName: نام صاحب نمونه الزامی است',
      'testMobile: موبایل صاحب نمونه الزامی است',
    ]);
    const ok = labDraftSchema.parse({
      ...base,
      customerId: OTHER_CUSTOMER_ID,
      testFullName: 'رضا',
      testMobile: '+98 912 123 4567',
    });
    expect(ok.testMobile).toBe('09121234567');
  });

  it('applies the settings rules: test type without a preset, ready time for packets without purity', () => {
    const none = labDraftFor({ testType: null, labType: 1 }).safeParse(base);
    expect(messages(none)).toEqual([
      'type: نوع نمونه را انتخاب کنید',
      'readyTime: زمان آماده شدن الزامی است',
    ]);
    const preset = labDraftFor({ testType: TEST_TYPES[0].id, labType: 0 }).safeParse(base);
    expect(preset.success).toBe(true);
    const withPurity = labDraftFor({ testType: TEST_TYPES[0].id, labType: 1 }).safeParse({
      ...base,
      cutting: 750,
    });
    expect(withPurity.success).toBe(true);
  });
});

describe('addTestRequestSchema', () => {
  it('refuses an empty list and duplicate numbers', () => {
    expect(addTestRequestSchema.safeParse([]).success).toBe(false);
    const r = addTestRequestSchema.safeParse([base, base]);
    expect(messages(r)).toEqual(['1.docNumber: شماره بسته تکراری است: 100001']);
  });

  it('takes a client-made public token of exactly 22 base64url characters, once per list', () => {
    const token = 'Qm9rX3p1R2VfV2lqY2h0eQ';
    expect(addTestRequestSchema.parse([{ ...base, publicToken: token }])[0]!.publicToken).toBe(token);
    expect(addTestRequestSchema.parse([base])[0]!.publicToken).toBeUndefined();
    for (const bad of [token.slice(1), `${token}A`, `${token.slice(1)}!`, `${token.slice(1)}=`]) {
      expect(messages(addTestRequestSchema.safeParse([{ ...base, publicToken: bad }]))).toEqual([
        `0.publicToken: ${OFFLINE_MSG.tokenInvalid}`,
      ]);
    }
    const twice = addTestRequestSchema.safeParse([
      { ...base, publicToken: token },
      { ...base, docNumber: 100002, publicToken: token },
    ]);
    expect(messages(twice)).toEqual([`1.publicToken: ${OFFLINE_MSG.tokenUsed}`]);
  });
});

describe('other schemas', () => {
  it('addCutting needs a purity for every row', () => {
    expect(addCuttingSchema.safeParse([{ id: customerId, cutting: '' }]).success).toBe(false);
    expect(addCuttingSchema.parse([{ id: customerId, cutting: '۸۰۰' }])).toEqual([
      { id: customerId, cutting: 800 },
    ]);
  });

  it('list query: numeric filter values and date order', () => {
    expect(labListQuerySchema.parse({})).toMatchObject({ pageNumber: 1, pageSize: 100 });
    expect(labListQuerySchema.safeParse({ filterType: '3', filterValue: 'abc' }).success).toBe(false);
    expect(labListQuerySchema.safeParse({ fromDate: '2025-02-01', toDate: '2025-01-01' }).success).toBe(
      false,
    );
    expect(labListQuerySchema.parse({ waitFor: 'true', filterType: '1', filterValue: 'علی' })).toMatchObject({
      waitFor: true,
      filterType: 1,
    });
  });

  it('admin edit requires the sample weight', () => {
    const r = manageEditTestSchema.safeParse({ testId: customerId, customerId, sampleWeight: '' });
    expect(messages(r)).toEqual(['sampleWeight: وزن نمونه الزامی است']);
  });

  it('removeTest requires a date', () => {
    expect(messages(removeTestSchema.safeParse({ startDate: '' }))).toEqual([
      'startDate: تاریخ شروع الزامی است',
    ]);
    expect(removeTestSchema.parse({ startDate: '۲۰۲۵-۰۱-۰۱' })).toEqual({ startDate: '2025-01-01' });
  });
});
