import { describe, expect, it } from 'vitest';
import { resultNumberError } from './result-number.ts';
import { RESULT_MSG, resultLookupSchema } from './results.ts';

/** What the server answers for a typed number: its field's message, or null when it is taken. */
function schemaError(code: string): string | null {
  const parsed = resultLookupSchema.safeParse({ code });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'no message');
}

describe('resultNumberError (the landing page) and resultLookupSchema (the server)', () => {
  it.each([
    ['12345', null],
    ['۱۲۳۴۵', null],
    ['١٢٣', null],
    [' 42 ', null],
    ['1,234', null],
    ['9007199254740991', null],
    ['', RESULT_MSG.codeRequired],
    ['   ', RESULT_MSG.codeRequired],
    ['0', RESULT_MSG.codeInvalid],
    ['-3', RESULT_MSG.codeInvalid],
    ['12a', RESULT_MSG.codeInvalid],
    ['1.5', RESULT_MSG.codeInvalid],
    ['9007199254740992', RESULT_MSG.codeInvalid],
    ['99999999999999999999', RESULT_MSG.codeInvalid],
  ])('says the same of %j', (typed, message) => {
    expect(resultNumberError(typed)).toBe(message);
    expect(schemaError(typed)).toBe(message);
  });
});
