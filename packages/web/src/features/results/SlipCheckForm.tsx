import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { MSG, verifySlipSchema } from '@ayar/contract';
import type { VerifySlipRequest } from '@ayar/contract';
import { ApiError, apiCall, landingRoute } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
// The kit's file itself, not its index: the index also brings the photo uploader.
import { FormDigitsField } from '../../components/ui/form/FormDigitsFields.tsx';
import { IconShield } from '../../components/ui/icons.tsx';
import { SlipVerdict } from './SlipVerdict.tsx';
import type { Verdict } from './SlipVerdict.tsx';

type Values = { code: string; purity: string };

/** The check's answer (or why there is none) and the submit that asks for it. */
function useSlipCheck() {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, VerifySlipRequest>({
    // The contract's rule, as the server applies it: Persian and Arabic digits, a purity of 600–999.
    resolver: zodResolver(verifySlipSchema) as unknown as Resolver<Values, unknown, VerifySlipRequest>,
    defaultValues: { code: '', purity: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setVerdict(null);
    setFailure(null);
    try {
      // A plain call, like the lookup's: the landing page loads without the query library.
      const envelope = await apiCall(landingRoute('tests', 'verifySlip'), { body: values, silent: true });
      setVerdict(envelope.data);
    } catch (error) {
      applyFieldErrors(error, form.setError, ['code', 'purity']);
      if (error instanceof ApiError && error.fieldErrors.length > 0) return;
      setFailure(
        error instanceof ApiError ? (error.status === 429 ? MSG.rateLimited : error.message) : MSG.failed,
      );
    }
  });
  const clear = () => {
    setVerdict(null);
    setFailure(null);
  };
  return { form, verdict, failure, onSubmit, clear };
}

/**
 * «بررسی برگه» on the landing page (ADR 0029): the packet number and the purity printed on a paper,
 * checked against the live result. Loaded when chosen: it brings zod and the form library, which the
 * landing page's first download does without (bench/web-size.ts).
 */
export function SlipCheckForm({ onBack }: { onBack: () => void }) {
  const { form, verdict, failure, onSubmit, clear } = useSlipCheck();
  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => void onSubmit(event)}
        // An answer belongs to the numbers it was given: typing again clears it.
        onChange={clear}
        noValidate
        aria-label="بررسی برگه"
      >
        <Stack gap="md">
          <FormDigitsField
            control={form.control}
            name="code"
            label="شماره بسته"
            description="شماره درج‌شده روی برگه"
            withAsterisk
            size="md"
            maxLength={16}
          />
          <FormDigitsField
            control={form.control}
            name="purity"
            label="عیار چاپ‌شده روی برگه"
            description="سه رقم، از ۶۰۰ تا ۹۹۹"
            withAsterisk
            size="md"
            // One digit more than a purity has: a fourth digit is named as wrong, not silently dropped.
            maxLength={4}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={form.formState.isSubmitting}
            leftSection={<IconShield size={20} />}
          >
            بررسی برگه
          </Button>
        </Stack>
      </form>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {verdict && (
        <section aria-label="نتیجه بررسی برگه">
          <SlipVerdict verdict={verdict} />
        </section>
      )}
      <Anchor component="button" type="button" onClick={onBack} c="gold.9" fw={500} size="sm" ta="center">
        بازگشت به استعلام نتیجه
      </Anchor>
    </Stack>
  );
}
