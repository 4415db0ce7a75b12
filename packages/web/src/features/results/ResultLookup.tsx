import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { RESULT_MSG, ROUTES, toEnglishDigits } from '@ayar/contract';
import { ApiError } from '../../lib/api.ts';
import { useApiMutation } from '../../lib/query.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { IconSearch } from '../../components/ui/icons.tsx';
import { ResultList } from './ResultList.tsx';
import type { ResultItem, ResultResponse } from './types.ts';

/**
 * The number's rule, as the contract's resultLookupSchema has it: required, digits only (Persian and
 * Arabic digits count). Checked by hand rather than with zod and react-hook-form, which would double
 * the landing page's first download (bench/web-size.ts); the server checks it again with the schema.
 */
export function lookupCodeError(raw: string): string | null {
  const code = toEnglishDigits(raw).trim();
  if (code === '') return RESULT_MSG.codeRequired;
  if (!/^\d{1,16}$/.test(code) || Number(code) < 1) return RESULT_MSG.codeInvalid;
  return null;
}

/** Mode 1 of the landing page (and the embedded page): look up a result by document number. */
export function ResultLookup() {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [items, setItems] = useState<ResultItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Failures are shown under the form, where the eye already is, rather than as a toast.
  const lookup = useApiMutation<ResultResponse, { code: string; forWeb: true }>(ROUTES.tests.result, {
    silent: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = lookupCodeError(code);
    setFieldError(error);
    if (error) return;
    setItems(null);
    setFailure(null);
    try {
      const envelope = await lookup.mutateAsync({ code: toEnglishDigits(code).trim(), forWeb: true });
      setItems(Array.isArray(envelope.data?.list) ? envelope.data.list : []);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : RESULT_MSG.notFound);
    }
  };

  return (
    <Stack gap="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="استعلام جواب آزمایش">
        <Stack gap="md">
          <DigitsInput
            label="شماره سند (شماره بسته)"
            description="شماره درج‌شده روی برگه یا بسته آزمایش"
            withAsterisk
            size="md"
            name="code"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (fieldError) setFieldError(lookupCodeError(value));
            }}
            error={fieldError}
            maxLength={16}
            autoComplete="off"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={lookup.isPending}
            leftSection={<IconSearch size={20} />}
          >
            استعلام نتیجه
          </Button>
        </Stack>
      </form>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {items && (
        <section aria-label="نتیجه استعلام">
          <ResultList items={items} />
        </section>
      )}
    </Stack>
  );
}
