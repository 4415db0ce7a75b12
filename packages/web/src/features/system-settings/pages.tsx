import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  ROUTES,
  TEMPLATE_PLACEHOLDERS,
  renderTemplate,
  splitTemplates,
  systemSettingsPayloadSchema,
  toPersianDigits,
} from '@ayar/contract';
import type { SystemSettingEntry, SystemSettingsPayload, SystemSettingsPayloadInput } from '@ayar/contract';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { formatTomanLabel } from '../../lib/format.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';
import { TemplateListEditor, TemplateText } from './TemplateListEditor.tsx';
import { SiteInfoSection } from './SiteInfoSection.tsx';

const QUERY_KEY = ['system-settings'];
const UNSAVED_DRAFT = 'این متن هنوز به فهرست اضافه نشده است؛ دکمه + را بزنید یا متن را پاک کنید';
/** Sample values for the live preview of a template; the preview shows them in Persian digits. */
const SAMPLE = { d: '100245', c: '750', n: 'آزمایشگاه نمونه', t: '30' };

type FormInput = SystemSettingsPayloadInput;

const EMPTY: FormInput = { AccNumber: '', AccName: '', price: '', readySMS: [], waitSMS: [], smsRey: '' };

function toFormValues(entries: SystemSettingEntry[]): FormInput {
  const value = (key: SystemSettingEntry['key']) => entries.find((e) => e.key === key)?.value ?? '';
  return {
    AccNumber: value('AccountNumber'),
    AccName: value('AccountName'),
    price: value('NumPrice'),
    readySMS: splitTemplates(value('ReadySMS')),
    waitSMS: splitTemplates(value('WaitSMS')),
    smsRey: value('RaySMS'),
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

/**
 * manage/system-setting (SPEC.md 2.14): the system settings' form, and beside it (a form of its own)
 * the public site information (ADR 0028).
 */
export function SystemSettingsPage() {
  return (
    <>
      <SystemSettingsForm />
      <SiteInfoSection />
    </>
  );
}

/** Price, account, SMS templates and the rey text. */
function SystemSettingsForm() {
  const queryClient = useQueryClient();
  const settings = useApiQuery<SystemSettingEntry[]>(QUERY_KEY, ROUTES.account.systemSettings);
  const save = useApiMutation<SystemSettingEntry[], SystemSettingsPayload>(
    ROUTES.account.addOrUpdateSystemSetting,
  );
  const [readyDraft, setReadyDraft] = useState('');
  const [waitDraft, setWaitDraft] = useState('');
  const [readyDraftError, setReadyDraftError] = useState<string | undefined>();
  const [waitDraftError, setWaitDraftError] = useState<string | undefined>();
  const readyDraftRef = useRef<HTMLTextAreaElement>(null);
  const waitDraftRef = useRef<HTMLTextAreaElement>(null);

  const { control, handleSubmit, reset, setError, formState } = useForm<
    FormInput,
    unknown,
    SystemSettingsPayload
  >({ resolver: zodResolver(systemSettingsPayloadSchema), defaultValues: EMPTY });
  const { errors } = formState;
  const price = useWatch({ control, name: 'price' });
  const readySMS = useWatch({ control, name: 'readySMS' });
  const waitSMS = useWatch({ control, name: 'waitSMS' });
  const priceNumber = typeof price === 'string' && /^\d+$/.test(price) ? Number(price) : null;

  useEffect(() => {
    if (settings.data) reset(toFormValues(settings.data));
  }, [settings.data, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await save.mutateAsync(values);
      alertSuccess(envelope.message);
      queryClient.setQueryData([...QUERY_KEY, null, null], envelope.data);
      reset(toFormValues(envelope.data));
    } catch (error) {
      applyFieldErrors(error, setError, ['AccNumber', 'AccName', 'price', 'readySMS', 'waitSMS', 'smsRey']);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Text typed but never added with «+» would be lost silently: ask for it first.
    const unsavedReady = readyDraft.trim() !== '';
    const unsavedWait = waitDraft.trim() !== '';
    if (unsavedReady || unsavedWait) {
      event.preventDefault();
      if (unsavedReady) setReadyDraftError(UNSAVED_DRAFT);
      if (unsavedWait) setWaitDraftError(UNSAVED_DRAFT);
      (unsavedReady ? readyDraftRef : waitDraftRef).current?.focus();
      return;
    }
    void submit(event);
  };

  if (settings.isPending) {
    return (
      <Stack maw={760} mx="auto" gap="md" aria-busy="true" aria-label="در حال بارگذاری تنظیمات">
        <Skeleton h={210} radius="lg" />
        <Skeleton h={120} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Stack maw={760} mx="auto">
        <Alert color="red" title="تنظیمات بارگذاری نشد">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{settings.error.message}</Text>
            <Button variant="light" color="red" onClick={() => void settings.refetch()}>
              تلاش دوباره
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="تنظیمات سیستم">
      <Stack maw={760} mx="auto" gap="md" pb="xl">
        <Section title="قیمت و حساب بانکی">
          <Stack gap="sm">
            <Controller
              control={control}
              name="price"
              render={({ field }) => (
                <DigitsInput
                  label="قیمت هر شماره بسته (تومان)"
                  description={
                    priceNumber !== null
                      ? formatTomanLabel(priceNumber)
                      : 'مبلغی که برای هر شماره بسته از اعتبار کم می‌شود'
                  }
                  withAsterisk
                  name={field.name}
                  ref={field.ref}
                  value={
                    typeof field.value === 'string' || typeof field.value === 'number'
                      ? String(field.value)
                      : ''
                  }
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.price?.message}
                  maxLength={10}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Controller
                control={control}
                name="AccNumber"
                render={({ field }) => (
                  <TextInput
                    label="شماره حساب"
                    description="شماره حساب، کارت یا شبا برای واریز شارژ"
                    withAsterisk
                    attributes={{ input: { dir: 'ltr' } }}
                    autoComplete="off"
                    {...field}
                    value={field.value ?? ''}
                    error={errors.AccNumber?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="AccName"
                render={({ field }) => (
                  <TextInput
                    label="نام صاحب حساب"
                    autoComplete="off"
                    {...field}
                    value={field.value ?? ''}
                    error={errors.AccName?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Stack>
        </Section>

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

        <Section title="پیامک آماده شدن نتیجه">
          <Controller
            control={control}
            name="readySMS"
            render={({ field }) => (
              <TemplateListEditor
                label="متن‌های پیامک آماده شدن"
                description="وقتی عیار ثبت می‌شود برای مشتری فرستاده می‌شود. هر آزمایشگاه در تنظیمات خود یکی را برمی‌گزیند؛ نخستین متن پیش‌فرض است."
                templates={field.value}
                onChange={field.onChange}
                textareaRef={readyDraftRef}
                draft={readyDraft}
                onDraftChange={setReadyDraft}
                draftError={readyDraftError}
                onDraftError={setReadyDraftError}
                error={errors.readySMS?.message ?? errors.readySMS?.root?.message}
                itemErrors={
                  Array.isArray(errors.readySMS) ? errors.readySMS.map((e) => e?.message) : undefined
                }
              />
            )}
          />
          <Preview label="پیش‌نمایش نخستین متن با مقادیر نمونه" template={readySMS[0]} />
        </Section>

        <Section title="پیامک انتظار">
          <Controller
            control={control}
            name="waitSMS"
            render={({ field }) => (
              <TemplateListEditor
                label="متن‌های پیامک انتظار"
                description={
                  <>
                    وقتی بسته بدون عیار ثبت می‌شود فرستاده می‌شود؛ <TemplateText text="#t" /> زمان آماده شدن
                    است. هر آزمایشگاه یکی را برمی‌گزیند؛ نخستین متن پیش‌فرض است.
                  </>
                }
                templates={field.value}
                onChange={field.onChange}
                textareaRef={waitDraftRef}
                draft={waitDraft}
                onDraftChange={setWaitDraft}
                draftError={waitDraftError}
                onDraftError={setWaitDraftError}
                error={errors.waitSMS?.message ?? errors.waitSMS?.root?.message}
                itemErrors={Array.isArray(errors.waitSMS) ? errors.waitSMS.map((e) => e?.message) : undefined}
              />
            )}
          />
          <Preview label="پیش‌نمایش نخستین متن با مقادیر نمونه" template={waitSMS[0]} />
        </Section>

        <Section title="پیامک ری">
          <Controller
            control={control}
            name="smsRey"
            render={({ field }) => (
              <Textarea
                label="متن پیامک ری"
                description="پیامک پیگیری: یک دقیقه پس از پیامک آماده شدن نخستین عیارِ بسته‌های «آبشده» فرستاده می‌شود. خالی بماند، فرستاده نمی‌شود."
                autosize
                minRows={2}
                maxRows={6}
                {...field}
                value={field.value ?? ''}
                error={errors.smsRey?.message}
              />
            )}
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
