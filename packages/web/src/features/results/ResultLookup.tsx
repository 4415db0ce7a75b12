import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { RESULT_MSG, resultNumberError, toEnglishDigits } from '@ayar/contract';
import { ApiError, apiCall, landingRoute } from '../../lib/api.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { IconSearch } from '../../components/ui/icons.tsx';
import type { ResultItem } from './types.ts';

/** The answer's list (accordion, gallery, photo viewer) loads with the first answer, not with the page. */
const ResultList = lazy(() => import('./ResultList.tsx').then((m) => ({ default: m.ResultList })));

/** One lookup at a time: the number's error, the answer's items or the failure, and whether it runs. */
function useLookup() {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [items, setItems] = useState<ResultItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const lookup = useCallback(async (raw: string): Promise<boolean> => {
    const error = resultNumberError(raw);
    setFieldError(error);
    if (error) return false;
    setItems(null);
    setFailure(null);
    setPending(true);
    try {
      // Failures are shown under the form, where the eye already is, rather than as a toast. A plain
      // call, not a TanStack mutation: the landing page loads without the query library.
      const envelope = await apiCall(landingRoute('tests', 'result'), {
        body: { code: toEnglishDigits(raw).trim(), forWeb: true },
        silent: true,
      });
      setItems(Array.isArray(envelope.data?.list) ? envelope.data.list : []);
      return true;
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : RESULT_MSG.notFound);
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { fieldError, setFieldError, items, failure, pending, lookup };
}

/** Mode 1 of the landing page (and the embedded page): look up a result by document number. */
export function ResultLookup() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [code, setCode] = useState('');
  const { fieldError, setFieldError, items, failure, pending, lookup } = useLookup();

  // A number in the address (?code=…) is looked up as the page opens. The prerendered landing page
  // shows the form before its script has run; a number submitted in that moment arrives this way
  // (the form's own GET), and so does a shared link.
  const codeInAddress = searchParams.get('code');
  const shownCode = useRef<string | null>(null);
  useEffect(() => {
    if (!codeInAddress || codeInAddress === shownCode.current) return;
    shownCode.current = codeInAddress;
    setCode(codeInAddress);
    void lookup(codeInAddress);
  }, [codeInAddress, lookup]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = toEnglishDigits(code).trim();
    if (!(await lookup(code))) return;
    // The address follows the number looked up, so a reload or a shared link shows the same result.
    shownCode.current = value;
    if (value !== codeInAddress) setSearchParams({ code: value }, { replace: true });
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
              if (fieldError) setFieldError(resultNumberError(value));
            }}
            error={fieldError}
            maxLength={16}
            autoComplete="off"
          />
          <Button type="submit" size="md" fullWidth loading={pending} leftSection={<IconSearch size={20} />}>
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
          <Suspense fallback={<Loader size="sm" color="gold" mx="auto" aria-label="در حال نمایش نتیجه" />}>
            <ResultList items={items} />
          </Suspense>
        </section>
      )}
    </Stack>
  );
}
