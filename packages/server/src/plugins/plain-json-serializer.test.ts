import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, MAX_DOC_NUMBER, resultResponseSchema, type ResultItem } from '@ayar/contract';
import { plainJsonSerializer } from './plain-json-serializer.ts';

/** What the lookup's answers were written with before (fastify-type-provider-zod's serializer). */
const lookupAnswer = envelopeSchema(resultResponseSchema);
const byZod = (data: unknown) => JSON.stringify(z.encode(lookupAnswer, data as z.input<typeof lookupAnswer>));
const compiled = plainJsonSerializer(lookupAnswer);

const pending: ResultItem = {
  token: 'R6J3DVYlo84L_r2E1K49Ur',
  docNumber: 1,
  title: null,
  customerName: null,
  series: null,
  purity: null,
  name: 'آزمایشگاه الماس',
  rejeCode: null,
  createDate: '2026-11-24T08:05:01.135Z',
  remain: 19,
  weight: null,
  sampleWeight: null,
  readyTime: null,
  images: [],
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
