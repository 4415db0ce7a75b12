import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { Alert, Card, Title } from '@mantine/core';
import type { z } from 'zod';
import type { editableSettingsSchema } from '@ayar/contract';
import { FormSwitchField } from '../../components/ui/form/index.ts';
import { IconInfo } from '../../components/ui/icons.tsx';

type Input = z.input<typeof editableSettingsSchema>;
type Output = z.output<typeof editableSettingsSchema>;

export const SECOND_VERIFICATION_LABEL = 'تأیید دوم عیار';
export const SECOND_VERIFICATION_NOTE =
  'آزمایشگاه دست‌کم دو نفر با نقش مدیر آزمایشگاه یا عیارسنج لازم دارد: هیچ‌کس عیاری را که خودش ثبت کرده تأیید نمی‌کند. با یک نفر، عیاری منتشر نمی‌شود.';

/**
 * «تأیید دوم عیار» (ADR 0050): a purity waits for a second person before the public, the SMS and the
 * signature see it. Saved with the rest of the settings. When on, it says what the lab then needs:
 * two people who may record or verify purities, since nobody verifies their own.
 */
export function SecondVerificationCard({ control }: { control: Control<Input, unknown, Output> }) {
  const on = useWatch({ control, name: 'requireSecondVerification' });
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        انتشار عیار
      </Title>
      <FormSwitchField
        control={control}
        name="requireSecondVerification"
        label={SECOND_VERIFICATION_LABEL}
        description="عیار ثبت‌شده تا تأیید شخص دیگری منتشر نمی‌شود؛ پیامک نمی‌رود و امضا نمی‌شود"
      />
      {on ? (
        <Alert color="blue" variant="light" mt="md" icon={<IconInfo size={18} />} role="note">
          {SECOND_VERIFICATION_NOTE}
        </Alert>
      ) : null}
    </Card>
  );
}
