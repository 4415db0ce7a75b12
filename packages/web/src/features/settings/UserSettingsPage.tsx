import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { TEST_TYPES, editableSettingsSchema, userSettingsSchema } from '@ayar/contract';
import type { UserSettings } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { getUserSettings, saveUserSettings } from '../../lib/auth.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import {
  FormSegmentedField,
  FormSelectField,
  FormSwitchField,
  useFormField,
} from '../../components/ui/form/index.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { FireAssayCard } from './FireAssayCard.tsx';
import { SecondVerificationCard } from './SecondVerificationCard.tsx';
import { SmsChoice } from './SmsChoice.tsx';
import { useSaveSettings } from './api.ts';

type Input = z.input<typeof editableSettingsSchema>;
type Output = z.output<typeof editableSettingsSchema>;
type Flag = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const FORM_FLAGS: [Flag, string, string][] = [
  ['sendSMS', 'ارسال پیامک به مشتری', 'پیش‌فرض گزینه ارسال پیامک در ثبت بسته'],
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

type SettingsControl = Control<Input, unknown, Output>;

/** The fee as the form keeps it (a number), typed in FeeInput. */
function FeeField({ control, percent }: { control: SettingsControl; percent: boolean }) {
  const field = useFormField(control, 'vage');
  return (
    <FeeInput
      percent={percent}
      value={field.value ?? 0}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

/** «ثبت بسته»: the kind of number, the default sample type and what the registration form shows. */
function RegistrationCard({ control }: { control: SettingsControl }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        ثبت بسته
      </Title>
      <Stack gap="md">
        <FormSegmentedField
          control={control}
          name="labType"
          label="نوع شماره"
          parse={Number}
          data={[
            { value: '0', label: 'شماره انگ' },
            { value: '1', label: 'شماره بسته' },
          ]}
        />
        <FormSelectField
          control={control}
          name="testType"
          label="نوع نمونه پیش‌فرض"
          description="اگر انتخاب شود، در فرم ثبت پرسیده نمی‌شود"
          placeholder="هنگام ثبت انتخاب شود"
          clearable
          data={TEST_TYPES.map((t) => ({ value: t.id, label: t.name }))}
        />
        {FORM_FLAGS.map(([name, label, description]) => (
          <FormSwitchField key={name} control={control} name={name} label={label} description={description} />
        ))}
      </Stack>
    </Card>
  );
}

/** «اجرت»: a fixed amount or a percentage, and the default fee. */
function FeeCard({ control }: { control: SettingsControl }) {
  const vageType = useWatch({ control, name: 'vageType' });
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        اجرت
      </Title>
      <Stack gap="md">
        <FormSegmentedField
          control={control}
          name="vageType"
          aria-label="نوع اجرت"
          parse={Number}
          data={[
            { value: '1', label: 'مبلغ ثابت (تومان)' },
            { value: '0', label: 'درصدی (از وزن طلا)' },
          ]}
        />
        <FeeField control={control} percent={vageType === 0} />
      </Stack>
    </Card>
  );
}

/** «برگه نتیجه»: what the slip and the result SMS show the customer. */
function ReportCard({ control }: { control: SettingsControl }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb={4}>
        برگه نتیجه
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        آنچه روی برگه و پیامک نتیجه برای مشتری نمایش داده می‌شود
      </Text>
      <Stack gap="sm">
        {REPORT_FLAGS.map(([name, label]) => (
          <FormSwitchField key={name} control={control} name={name} label={label} />
        ))}
      </Stack>
    </Card>
  );
}

/**
 * user-settings/edit (docs/product.md §2.13, §3.2): the lab's defaults for the registration form and the
 * result slip, and whether its purities wait for a second person (ADR 0050).
 */
export function UserSettingsPage() {
  const save = useSaveSettings();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(editableSettingsSchema),
    defaultValues: getUserSettings(),
  });

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
        ['vage', 'vageType', 'labType', 'testType', 'readySms', 'waitSms', 'fireTolerance', 'fireRule'],
        'settings.',
      );
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="تنظیمات">
      <Stack gap="md" maw={720} mx="auto">
        <RegistrationCard control={form.control} />
        <SecondVerificationCard control={form.control} />
        <FireAssayCard control={form.control} />
        <FeeCard control={form.control} />
        <SmsChoice control={form.control} />
        <ReportCard control={form.control} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} disabled={!form.formState.isDirty}>
            ذخیره تنظیمات
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
