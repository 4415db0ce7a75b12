import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  envelopeSchema,
  labListResponseSchema,
  MAX_DOC_NUMBER,
  resultResponseSchema,
  ROUTES,
  type LabListRow,
  type ResultItem,
} from '@ayar/contract';
import { plainJsonSerializer } from './plain-json-serializer.ts';

/** What an answer was written with before (fastify-type-provider-zod's serializer). */
const zodWriter = (schema: z.ZodType) => (data: unknown) => JSON.stringify(z.encode(schema, data as never));
const lookupAnswer = envelopeSchema(resultResponseSchema);
const byZod = zodWriter(lookupAnswer);
const compiled = plainJsonSerializer(lookupAnswer);

const example = ROUTES.tests.result.example.response.list[0] as ResultItem;
const pending: ResultItem = {
  ...example,
  docNumber: 1,
  purity: null,
  remain: 19,
  status: 'pending',
  version: null,
  signedAt: null,
  changedAt: null,
  changeReason: null,
  jws: null,
};
const published: ResultItem = {
  ...pending,
  docNumber: MAX_DOC_NUMBER,
  title: 'شمش',
  // Characters JSON must escape: quotes, backslashes, control characters, line separators.
  customerName: 'علی "طلا" \\ رضایی\n\t\u2028\u0001',
  series: 42,
  purity: 999,
  rejeCode: 'R-77',
  remain: 0,
  weight: 15.5,
  sampleWeight: 1.234,
  readyTime: 30,
  images: ['/api/v1.0/Results/Photo/R6J3DVYlo84L_r2E1K49Ur/0b5e9a52-8f0c-4a49-9a53-8a1f4d1c7a10'],
  status: 'published',
  version: 1,
  signedAt: '2026-11-24T08:06:00.000Z',
  jws: 'eyJhbGciOiJFZERTQSJ9.eyJ2IjoxfQ.c2lnbmF0dXJl',
};
const withdrawn: ResultItem = {
  ...published,
  purity: null,
  status: 'withdrawn',
  version: 3,
  changedAt: '2026-11-24T09:00:00.000Z',
  changeReason: 'اشتباه در ثبت',
  weight: 0.001,
  sampleWeight: 0,
};

describe('the compiled serializer of the lookup answer', () => {
  it.each([
    ['a pending result', [pending]],
    ['a published one with everything shown', [published]],
    ['a withdrawn one', [withdrawn]],
    ['several', [pending, published, withdrawn]],
    ['none', []],
  ])('writes %s exactly as zod did', (_name, list) => {
    const answer = { successful: true, message: '', data: { list } };
    expect(compiled(answer)).toBe(byZod(answer));
    expect(JSON.parse(compiled(answer))).toEqual(answer);
  });

  it('writes no field the schema does not name', () => {
    const answer = { successful: true, message: '', data: { list: [{ ...pending, mobile: '09121234567' }] } };
    expect(compiled(answer)).not.toContain('0912');
    expect(compiled(answer)).toBe(byZod(answer));
  });
});

describe('the compiled serializer of a lab list page', () => {
  const pageAnswer = envelopeSchema(labListResponseSchema);
  const example = ROUTES.tests.allTests.example.response.list[0] as LabListRow;
  const rows: LabListRow[] = [
    example,
    // An 'other customer' packet still waiting, percentage fee, nothing signed, text to escape.
    {
      ...example,
      customerId: null,
      customerCode: null,
      customerName: 'رضا "رهگذر"\n',
      testFullName: 'رضا "رهگذر"\n',
      testMobile: '09357778899',
      cutting: null,
      weight: null,
      sampleWeight: null,
      readyTime: null,
      vage: 0.5,
      vageType: 0,
      feeToman: 0,
      feeGold: 0.062,
      desc: 'تا ساعت ۵\t\\',
      waitFor: true,
      purityAt: null,
      resultVersion: null,
      resultAt: null,
      resultStatus: null,
      serialNo: null,
      images: [],
    },
    // Withdrawn, deletion asked and declined, then deleted.
    {
      ...example,
      resultStatus: 'withdrawn',
      resultVersion: 2,
      forDelete: true,
      forDeleteDate: '2026-11-24T09:00:00.000Z',
      deleteDecline: { at: '2026-11-24T10:00:00.000Z', reason: 'دلیل «رد»' },
      deleted: true,
      deletedAt: '2026-11-24T11:00:00.000Z',
      customerMobile: null,
    },
  ];

  it.each([
    ['a page of each kind of row', rows, 3],
    ['an empty page', [], 0],
  ])('writes %s exactly as zod did', (_name, list, totalCount) => {
    const answer = { successful: true, message: '', data: { list, totalCount, currPage: 1, pageSize: 100 } };
    const written = plainJsonSerializer(pageAnswer)(answer);
    expect(written).toBe(zodWriter(pageAnswer)(answer));
    expect(JSON.parse(written)).toEqual(answer);
  });
});
