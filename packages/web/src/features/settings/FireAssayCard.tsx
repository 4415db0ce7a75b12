import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { Card, Stack, Title } from '@mantine/core';
import type { z } from 'zod';
import { FIRE_RULES, FIRE_RULE_LABELS, FIRE_TOLERANCE, toPersianDigits } from '@ayar/contract';
import type { editableSettingsSchema } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { FormSelectField, useFormField } from '../../components/ui/form/index.ts';

type Input = z.input<typeof editableSettingsSchema>;
type Output = z.output<typeof editableSettingsSchema>;

export const FIRE_TOLERANCE_LABEL = 'اختلاف مجاز دو تعیین (در هزار)';
export const FIRE_RULE_LABEL = 'قاعده گزارش عیار کوپلاسیون';

/** The tolerance as typed (any digits), handed to the form as a number; not a whole number: NaN. */
function ToleranceField({ control }: { control: Control<Input, unknown, Output> }) {
  const field = useFormField(control, 'fireTolerance');
  const [text, setText] = useState(String(field.value ?? FIRE_TOLERANCE.default));
  return (
    <DigitsInput
      label={FIRE_TOLERANCE_LABEL}
      description={`از ${toPersianDigits(FIRE_TOLERANCE.min)} تا ${toPersianDigits(FIRE_TOLERANCE.max)}؛ اختلافی برابر آن هنوز پذیرفته است`}
      digitsOnly
      inputMode="numeric"
      maxLength={3}
      value={text}
      onChange={(raw) => {
        setText(raw);
        field.onChange(/^\d+$/.test(raw) ? Number(raw) : Number.NaN);
      }}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

/**
 * Fire assay (cupellation) with duplicates (ADR 0059): how far two determinations may differ and still
 * be reported, and how the reported purity follows from them. Saved with the rest of the settings.
 */
export function FireAssayCard({ control }: { control: Control<Input, unknown, Output> }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        کوپلاسیون
      </Title>
      <Stack gap="md">
        <ToleranceField control={control} />
        <FormSelectField
          control={control}
          name="fireRule"
          label={FIRE_RULE_LABEL}
          allowDeselect={false}
          data={FIRE_RULES.map((rule) => ({ value: rule, label: FIRE_RULE_LABELS[rule] }))}
        />
      </Stack>
    </Card>
  );
}
