import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  FileButton,
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
import { ROUTES, siteInfoPayloadSchema, toPersianDigits } from '@ayar/contract';
import type { SiteInfo, SiteInfoPayload, SiteInfoPayloadInput } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { uploadPhoto } from '../../components/ui/PhotoUploader.tsx';
import { alertError, alertSuccess } from '../../lib/alert.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { setSiteInfo } from '../../lib/siteInfo.ts';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';

const FIELDS = [
  'supportPhone',
  'supportHours',
  'address',
  'postalCode',
  'company',
  'trustSealUrl',
  'trustSealImage',
  'sisterSiteUrl',
  'sisterSiteName',
] as const;

const toForm = (info: SiteInfo): SiteInfoPayloadInput => ({ ...info });

/** The seal as the form holds it: an address, and what to show for it (a public or a local URL). */
function SealPicker(props: {
  value: string;
  preview: string | null;
  onUploaded: (address: string, preview: string) => void;
  onRemove: () => void;
  error?: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      // The server checks and re-encodes it (the photo pipeline); a seal is small, so no resizing here.
      const address = await uploadPhoto(file, () => {});
      props.onUploaded(address, URL.createObjectURL(file));
    } catch (error) {
      alertError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        تصویر نماد
      </Text>
      <Group gap="md" align="center">
        {props.preview ? (
          <img
            src={props.preview}
            alt="تصویر نماد اعتماد"
            style={{ blockSize: 72, inlineSize: 'auto', border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            تصویری بارگذاری نشده است
          </Text>
        )}
        <FileButton onChange={(f) => void choose(f)} accept="image/png,image/jpeg">
          {(p) => (
            <Button {...p} variant="light" loading={busy}>
              {props.value ? 'تعویض تصویر' : 'بارگذاری تصویر'}
            </Button>
          )}
        </FileButton>
        {props.value ? (
          <Button variant="subtle" color="red" onClick={props.onRemove}>
            حذف تصویر
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        <Ltr>PNG</Ltr> یا <Ltr>JPEG</Ltr>؛ روی سرور همین سایت نگه داشته می‌شود و از جای دیگری بارگیری نمی‌شود.
      </Text>
      {props.error ? (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The public site information (ADR 0028) in manage/system-setting: what the landing page, the
 * embedded lookup and the about page show. Saved on its own, beside the system settings' form.
 */
export function SiteInfoSection() {
  const info = useApiQuery<SiteInfo>(['site-info'], ROUTES.site.info);
  const save = useApiMutation<SiteInfo, SiteInfoPayload>(ROUTES.manage.siteInfo);
  // A just-uploaded image is shown from the file itself (its address needs the token); a saved one from
  // its public address.
  const [local, setLocal] = useState<{ address: string; url: string } | null>(null);
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm<
    SiteInfoPayloadInput,
    unknown,
    SiteInfoPayload
  >({ resolver: zodResolver(siteInfoPayloadSchema) });
  const { errors } = formState;
  const image = useWatch({ control, name: 'trustSealImage' }) ?? '';
  const preview =
    local?.address === image ? local.url : image.startsWith('/api/v1.0/Site/TrustSeal/') ? image : null;

  useEffect(() => {
    if (!info.data) return;
    reset(toForm(info.data));
  }, [info.data, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await save.mutateAsync(values);
      alertSuccess(envelope.message);
      setSiteInfo(envelope.data);
      reset(toForm(envelope.data));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
    }
  });

  const text = (
    name: (typeof FIELDS)[number],
    label: string,
    props: { ltr?: boolean; hint?: ReactNode } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          description={props.hint}
          autoComplete="off"
          attributes={props.ltr ? { input: { dir: 'ltr' } } : undefined}
          {...field}
          // Stored with ASCII digits (as all text is); a Persian text shows them as Persian digits.
          value={props.ltr ? (field.value ?? '') : toPersianDigits(field.value ?? '')}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="اطلاعات عمومی سایت">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        maw={760}
        mx="auto"
        mb="xl"
        component="section"
        aria-label="اطلاعات عمومی سایت"
      >
        <Title order={2} fz="md" mb={4}>
          اطلاعات عمومی سایت
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          در صفحه نخست، صفحه استعلام جاسازی‌شده و صفحه «درباره ما» نمایش داده می‌شود؛ موردی که خالی بماند
          نمایش داده نمی‌شود.
        </Text>
        {info.isPending ? (
          <Skeleton h={320} radius="md" />
        ) : info.isError ? (
          // Never an empty form in its place: saving it would erase what the public sees.
          <Alert color="red" title="اطلاعات عمومی بارگذاری نشد">
            <Button variant="light" color="red" onClick={() => void info.refetch()}>
              تلاش دوباره
            </Button>
          </Alert>
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Controller
                control={control}
                name="supportPhone"
                render={({ field }) => (
                  <DigitsInput
                    label="تلفن پشتیبانی"
                    digitsOnly={false}
                    inputMode="tel"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.supportPhone?.message}
                  />
                )}
              />
              {text('supportHours', 'ساعات پاسخگویی', { hint: 'مثلاً شنبه تا پنجشنبه، ۹ تا ۱۷' })}
            </SimpleGrid>
            <Controller
              control={control}
              name="address"
              render={({ field }) => (
                <Textarea
                  label="نشانی"
                  autosize
                  minRows={2}
                  {...field}
                  value={toPersianDigits(field.value ?? '')}
                  error={errors.address?.message}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Controller
                control={control}
                name="postalCode"
                render={({ field }) => (
                  <DigitsInput
                    label="کد پستی"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    maxLength={10}
                    error={errors.postalCode?.message}
                  />
                )}
              />
              {text('company', 'شرکت')}
            </SimpleGrid>
            <Title order={3} fz="sm" mt="xs">
              نماد اعتماد الکترونیکی
            </Title>
            {text('trustSealUrl', 'نشانی صفحه تأیید نماد', {
              ltr: true,
              hint: (
                <>
                  همان نشانی‌ای که صادرکننده نماد داده است، با <Ltr>https://</Ltr>
                </>
              ),
            })}
            <SealPicker
              value={image}
              preview={preview}
              error={errors.trustSealImage?.message}
              onUploaded={(address, url) => {
                setValue('trustSealImage', address, { shouldDirty: true });
                setLocal({ address, url });
              }}
              onRemove={() => {
                setValue('trustSealImage', '', { shouldDirty: true });
              }}
            />
            <Title order={3} fz="sm" mt="xs">
              سایت همکار (در منوی صفحه نخست)
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {text('sisterSiteName', 'نام پیوند')}
              {text('sisterSiteUrl', 'نشانی سایت', {
                ltr: true,
                hint: (
                  <>
                    با <Ltr>https://</Ltr> یا <Ltr>http://</Ltr>
                  </>
                ),
              })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
                ذخیره اطلاعات عمومی
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </form>
  );
}
