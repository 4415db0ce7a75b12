import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { z } from 'zod';
import { ROUTES } from '@ayar/contract';
import { useApiMutation } from '../../lib/query.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { IconSearch } from '../../components/ui/icons.tsx';
import { ResultList } from './ResultList.tsx';
import type { ResultItem, ResultResponse } from './types.ts';

const lookupSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'وارد کردن شماره سند الزامی است')
    .regex(/^\d+$/, 'شماره سند باید عدد باشد')
    .max(20),
});
type LookupValues = z.infer<typeof lookupSchema>;

/** Mode 1 of the landing page (and the embedded page): look up a result by document number. */
export function ResultLookup() {
  const [items, setItems] = useState<ResultItem[] | null>(null);
  const lookup = useApiMutation<ResultResponse, { code: string; forWeb: true }>(ROUTES.tests.result);
  const { control, handleSubmit } = useForm<LookupValues>({
    resolver: zodResolver(lookupSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setItems(null);
    try {
      const envelope = await lookup.mutateAsync({ code, forWeb: true });
      setItems(Array.isArray(envelope.data?.list) ? envelope.data.list : []);
    } catch {
      // The API client has shown the server's message.
    }
  });

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label="استعلام جواب آزمایش">
        <Stack gap="md">
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <DigitsInput
                label="شماره سند (شماره بسته)"
                description="شماره درج‌شده روی برگه یا بسته آزمایش"
                withAsterisk
                size="md"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                maxLength={20}
              />
            )}
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
      {items && (
        <section aria-label="نتیجه استعلام">
          <ResultList items={items} />
        </section>
      )}
    </Stack>
  );
}
