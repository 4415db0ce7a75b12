import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  TEMPLATE_PLACEHOLDERS,
  renderTemplate,
  splitTemplates,
  systemSettingsPayloadSchema,
  toPersianDigits,
} from '@ayar/contract';
import type { SystemSettingEntry, SystemSettingsPayload, SystemSettingsPayloadInput } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { formatTomanLabel } from '../../lib/format.ts';
import {
  FormDigitsField,
  FormSwitchField,
  FormTextField,
  FormTextareaField,
  useFormField,
} from '../../components/ui/form/index.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { TemplateListEditor, TemplateText } from './TemplateListEditor.tsx';
import { systemSettingsQueries, useSaveSystemSettings } from './api.ts';

const UNSAVED_DRAFT = 'این متن هنوز به فهرست اضافه نشده است؛ دکمه + را بزنید یا متن را پاک کنید';
/** Sample values for the live preview of a template; the preview shows them in Persian digits. */
const SAMPLE = { d: '100245', c: '750', n: 'آزمایشگاه نمونه', t: '30' };

type FormInput = SystemSettingsPayloadInput;
type SettingsControl = Control<FormInput, unknown, SystemSettingsPayload>;

const EMPTY: FormInput = {
  AccNumber: '',
  AccName: '',
  price: '',
  readySMS: [],
  waitSMS: [],
  smsRey: '',
  requireSecondVerification: false,
};

function toFormValues(entries: SystemSettingEntry[]): FormInput {
  const value = (key: SystemSettingEntry['key']) => entries.find((e) => e.key === key)?.value ?? '';
  return {
    AccNumber: value('AccountNumber'),
    AccName: value('AccountName'),
    price: value('NumPrice'),
    readySMS: splitTemplates(value('ReadySMS')),
    waitSMS: splitTemplates(value('WaitSMS')),
    smsRey: value('RaySMS'),
    // Stored as 'true' / 'false' (ADR 0050); absent: off.
    requireSecondVerification: value('RequireSecondVerification') === 'true',
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Preview({ label, template }: { label: string; template: string | undefined }) {
  if (!template) return null;
  return (
    <Stack gap={4} mt="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Paper bg="gray.0" radius="md" p="xs" aria-label={label}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {toPersianDigits(renderTemplate(template, SAMPLE))}
        </Text>
      </Paper>
    </Stack>
  );
}

/** The text being typed into a template list, owned here so unsaved text is noticed on save. */
function useTemplateDraft() {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLTextAreaElement>(null);
  return { draft, setDraft, error, setError, ref };
}
type TemplateDraft = ReturnType<typeof useTemplateDraft>;

/** A list of SMS templates bound to its form field, with the draft being typed and a preview. */
function TemplateListField(props: {
  control: SettingsControl;
  name: 'readySMS' | 'waitSMS';
  label: string;
  description: ReactNode;
  draft: TemplateDraft;
}) {
  const field = useFormField(props.control, props.name);
  const listErrors = useFormState({ control: props.control, name: props.name }).errors[props.name];
  const { draft } = props;
  return (
    <>
      <TemplateListEditor
        label={props.label}
        description={props.description}
        templates={field.value}
        onChange={field.onChange}
        textareaRef={draft.ref}
        draft={draft.draft}
        onDraftChange={draft.setDraft}
        draftError={draft.error}
        onDraftError={draft.setError}
        error={listErrors?.message ?? listErrors?.root?.message}
        itemErrors={Array.isArray(listErrors) ? listErrors.map((e) => e?.message) : undefined}
      />
      <Preview label="پیش‌نمایش نخستین متن با مقادیر نمونه" template={field.value[0]} />
    </>
  );
}

/** «قیمت و حساب بانکی»: the price of a packet number, read back in toman, and the bank account. */
function PriceSection({ control }: { control: SettingsControl }) {
  const price = useWatch({ control, name: 'price' });
  const priceNumber = typeof price === 'string' && /^\d+$/.test(price) ? Number(price) : null;
  return (
    <Section title="قیمت و حساب بانکی">
      <Stack gap="sm">
        <FormDigitsField
          control={control}
          name="price"
          label="قیمت هر شماره بسته (تومان)"
          description={
            priceNumber !== null
              ? formatTomanLabel(priceNumber)
              : 'مبلغی که برای هر شماره بسته از اعتبار کم می‌شود'
          }
          withAsterisk
          maxLength={10}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormTextField
            control={control}
            name="AccNumber"
            label="شماره حساب"
            description="شماره حساب، کارت یا شبا برای واریز شارژ"
            withAsterisk
            ltr
            autoComplete="off"
          />
          <FormTextField control={control} name="AccName" label="نام صاحب حساب" autoComplete="off" />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

function PlaceholdersSection() {
  return (
    <Section title="متغیرهای متن پیامک">
      <Text size="sm" c="dimmed" mb="xs">
        این نشانه‌ها هنگام ارسال با مقدار واقعی جایگزین می‌شوند:
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <Group key={p.key} gap={6} wrap="nowrap">
            <Code component="dt" fz="sm" fw={700} dir="ltr">
              {p.token}
            </Code>
            <Text component="dd" size="sm" m={0}>
              {p.label}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/**
 * «تأیید دوم عیار» for the whole network (ADR 0050): every lab's purities wait for a second person,
 * whatever the lab's own setting says.
 */
function SecondVerificationSection({ control }: { control: SettingsControl }) {
  return (
    <Section title="انتشار عیار">
      <FormSwitchField
        control={control}
        name="requireSecondVerification"
        label="تأیید دوم عیار برای همه آزمایشگاه‌ها"
        description="در هر آزمایشگاه، عیار ثبت‌شده تا تأیید شخص دیگری منتشر نمی‌شود، هرچه تنظیم خود آزمایشگاه باشد؛ پیامک نمی‌رود و امضا نمی‌شود. آزمایشگاهی که فقط یک نفر دارد عیاری منتشر نمی‌کند."
      />
    </Section>
  );
}

/** The form's state while the settings load, or when they could not be read. */
function SettingsPending({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (!error) {
    return (
      <Stack maw={760} mx="auto" gap="md" role="status" aria-busy="true" aria-label="در حال بارگذاری تنظیمات">
        <Skeleton h={210} radius="lg" />
        <Skeleton h={120} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  }
  return (
    <Stack maw={760} mx="auto">
      <Alert color="red" title="تنظیمات بارگذاری نشد">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button variant="light" color="red" onClick={onRetry}>
            تلاش دوباره
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

/** The ready and the wait texts: the lists each workshop chooses from (ADR 0027). */
function TemplateSections(props: { control: SettingsControl; ready: TemplateDraft; wait: TemplateDraft }) {
  const { control, ready, wait } = props;
  return (
    <>
      <Section title="پیامک آماده شدن نتیجه">
        <TemplateListField
          control={control}
          name="readySMS"
          label="متن‌های پیامک آماده شدن"
          description="وقتی عیار ثبت می‌شود برای مشتری فرستاده می‌شود. هر آزمایشگاه در تنظیمات خود یکی را برمی‌گزیند؛ نخستین متن پیش‌فرض است."
          draft={ready}
        />
      </Section>
      <Section title="پیامک انتظار">
        <TemplateListField
          control={control}
          name="waitSMS"
          label="متن‌های پیامک انتظار"
          description={
            <>
              وقتی بسته بدون عیار ثبت می‌شود فرستاده می‌شود؛ <TemplateText text="#t" /> زمان آماده شدن است. هر
              آزمایشگاه یکی را برمی‌گزیند؛ نخستین متن پیش‌فرض است.
            </>
          }
          draft={wait}
        />
      </Section>
    </>
  );
}

/** Price, account, the second verification (ADR 0050), SMS templates and the rey text. */
export function SystemSettingsForm() {
  const queryClient = useQueryClient();
  const settings = useQuery(systemSettingsQueries.all());
  const save = useSaveSystemSettings();
  const ready = useTemplateDraft();
  const wait = useTemplateDraft();
  const { control, handleSubmit, reset, setError } = useForm<FormInput, unknown, SystemSettingsPayload>({
    resolver: zodResolver(systemSettingsPayloadSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (settings.data) reset(toFormValues(settings.data));
  }, [settings.data, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await save.mutateAsync(values);
      alertSuccess(envelope.message);
      queryClient.setQueryData(systemSettingsQueries.all().queryKey, envelope.data);
      reset(toFormValues(envelope.data));
    } catch (error) {
      applyFieldErrors(error, setError, ['AccNumber', 'AccName', 'price', 'readySMS', 'waitSMS', 'smsRey']);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Text typed but never added with «+» would be lost silently: ask for it first.
    const unsaved = [ready, wait].filter((d) => d.draft.trim() !== '');
    if (unsaved.length > 0) {
      event.preventDefault();
      for (const d of unsaved) d.setError(UNSAVED_DRAFT);
      unsaved[0]!.ref.current?.focus();
      return;
    }
    void submit(event);
  };

  if (settings.isPending || settings.isError) {
    return <SettingsPending error={settings.error} onRetry={() => void settings.refetch()} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="تنظیمات سیستم">
      <Stack maw={760} mx="auto" gap="md" pb="xl">
        <PriceSection control={control} />
        <SecondVerificationSection control={control} />
        <PlaceholdersSection />
        <TemplateSections control={control} ready={ready} wait={wait} />
        <Section title="پیامک ری">
          <FormTextareaField
            control={control}
            name="smsRey"
            label="متن پیامک ری"
            description="پیامک پیگیری: یک دقیقه پس از پیامک آماده شدن نخستین عیارِ بسته‌های «آبشده» فرستاده می‌شود. خالی بماند، فرستاده نمی‌شود."
            autosize
            minRows={2}
            maxRows={6}
          />
        </Section>
        <Group justify="flex-end">
          <Button type="submit" size="md" miw={160} loading={save.isPending}>
            تغییر
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
