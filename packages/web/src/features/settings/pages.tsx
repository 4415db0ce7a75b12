import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { ROUTES, TEST_TYPES, editableSettingsSchema, userSettingsSchema } from '@ayar/contract';
import type { UserSettings } from '@ayar/contract';
import { useApiMutation } from '../../lib/query.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { getUserSettings, saveUserSettings } from '../../lib/auth.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';
import { SmsChoice } from './SmsChoice.tsx';

type Input = z.input<typeof editableSettingsSchema>;
type Output = z.output<typeof editableSettingsSchema>;
type Flag = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const FORM_FLAGS: [Flag, string, string][] = [
  ['sendSMS', 'ارسال پیامک به مشتری', 'پیش‌فرض گزینه ارسال پیامک در ثبت آزمایش'],
  ['showWeight', 'وزن طلا', 'نمایش فیلد وزن طلا در فرم ثبت'],
  ['showSampleWeight', 'وزن نمونه', 'نمایش فیلد وزن نمونه در فرم ثبت'],
  ['showDesc', 'توضیحات', 'نمایش فیلد توضیحات در فرم ثبت'],
];
const REPORT_FLAGS: [Flag, string][] = [
  ['showCustomerNameForReport', 'نام مشتری'],
  ['showTypeForReport', 'نوع نمونه'],
  ['showReadyTimeForReport', 'زمان آماده شدن'],
  ['showWeightForReport', 'وزن طلا'],
  ['showSampleWeightForReport', 'وزن نمونه'],
];

/**
 * The fee: whole toman, or a percentage with decimals. It keeps the text as typed («1.» on the way to
 * «1.5») and hands the form a number; a text that is not a number becomes NaN, which the schema refuses.
 */
function FeeInput(props: {
  percent: boolean;
  value: number;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: string;
}) {
  const [text, setText] = useState(String(props.value));
  return (
    <DigitsInput
      // The unit sits in the label: inside an LTR field a Mantine section would overlap the digits in RTL.
      label={props.percent ? 'درصد اجرت (٪)' : 'مبلغ اجرت (تومان)'}
      digitsOnly={!props.percent}
      inputMode={props.percent ? 'decimal' : 'numeric'}
      value={text}
      onChange={(raw) => {
        const v = raw.replace('\u066b', '.').replace(/[^\d.]/g, '');
        setText(v);
        props.onChange(v === '' ? 0 : Number(v));
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

/** user-settings/edit (SPEC.md 2.13, 3): the lab's defaults for the registration form and the result slip. */
export function UserSettingsPage() {
  const save = useApiMutation<UserSettings, { settings: Output }>(ROUTES.account.editSettings);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(editableSettingsSchema),
    defaultValues: getUserSettings(),
  });
  const vageType = useWatch({ control: form.control, name: 'vageType' });

  const onSubmit = form.handleSubmit(async (settings) => {
    try {
      const envelope = await save.mutateAsync({ settings });
      saveUserSettings(userSettingsSchema.parse(envelope.data));
      form.reset(envelope.data);
      alertSuccess(envelope.message);
    } catch (error) {
      applyFieldErrors(
        error,
        form.setError,
        ['vage', 'vageType', 'labType', 'testType', 'readySms', 'waitSms'],
        'settings.',
      );
    }
  });

  const flag = (name: Flag, label: string, description?: string) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="تنظیمات">
      <Stack gap="md" maw={720} mx="auto">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="md">
            ثبت آزمایش
          </Title>
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                نوع شماره
              </Text>
              <Controller
                control={form.control}
                name="labType"
                render={({ field }) => (
                  <SegmentedControl
                    fullWidth
                    aria-label="نوع شماره"
                    data={[
                      { value: '0', label: 'شماره انگ' },
                      { value: '1', label: 'شماره بسته' },
                    ]}
                    value={String(field.value ?? 0)}
                    onChange={(v) => field.onChange(Number(v))}
                  />
                )}
              />
            </Stack>
            <Controller
              control={form.control}
              name="testType"
              render={({ field, fieldState }) => (
                <Select
                  label="نوع نمونه پیش‌فرض"
                  description="اگر انتخاب شود، در فرم ثبت پرسیده نمی‌شود"
                  placeholder="هنگام ثبت انتخاب شود"
                  clearable
                  data={TEST_TYPES.map((t) => ({ value: t.id, label: t.name }))}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v)}
                  error={fieldState.error?.message}
                />
              )}
            />
            {FORM_FLAGS.map(([name, label, description]) => flag(name, label, description))}
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="md">
            اجرت
          </Title>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="vageType"
              render={({ field }) => (
                <SegmentedControl
                  fullWidth
                  aria-label="نوع اجرت"
                  data={[
                    { value: '1', label: 'مبلغ ثابت (تومان)' },
                    { value: '0', label: 'درصدی (از وزن طلا)' },
                  ]}
                  value={String(field.value ?? 1)}
                  onChange={(v) => field.onChange(Number(v))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="vage"
              render={({ field, fieldState }) => (
                <FeeInput
                  percent={vageType === 0}
                  value={field.value ?? 0}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </Card>

        <SmsChoice control={form.control} />

        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb={4}>
            برگه نتیجه
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            آنچه روی برگه و پیامک نتیجه برای مشتری نمایش داده می‌شود
          </Text>
          <Stack gap="sm">{REPORT_FLAGS.map(([name, label]) => flag(name, label))}</Stack>
        </Card>

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} disabled={!form.formState.isDirty}>
            ذخیره تنظیمات
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
