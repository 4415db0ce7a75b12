import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control, UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
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
  Title,
} from '@mantine/core';
import { siteInfoPayloadSchema } from '@ayar/contract';
import type { SiteInfo, SiteInfoPayload, SiteInfoPayloadInput } from '@ayar/contract';
import { FormDigitsField, FormTextField, FormTextareaField } from '../../components/ui/form/index.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { uploadPhoto } from '../../components/ui/PhotoUploader.tsx';
import { alertError, alertSuccess } from '../../lib/alert.ts';
import { setSiteInfo } from '../../lib/siteInfo.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { systemSettingsQueries, useSaveSiteInfo } from './api.ts';

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

type SiteControl = Control<SiteInfoPayloadInput, unknown, SiteInfoPayload>;

/** A text of the site information; a Persian text shows its digits as Persian digits. */
function SiteText(props: {
  control: SiteControl;
  name: (typeof FIELDS)[number];
  label: string;
  ltr?: boolean;
  hint?: ReactNode;
}) {
  return (
    <FormTextField
      control={props.control}
      name={props.name}
      label={props.label}
      description={props.hint}
      autoComplete="off"
      ltr={props.ltr}
      // Stored with ASCII digits (as all text is); a Persian text shows them as Persian digits.
      persianDigits={!props.ltr}
    />
  );
}

/** The support line, the address and the company. */
function ContactFields({ control }: { control: SiteControl }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormDigitsField
          control={control}
          name="supportPhone"
          label="تلفن پشتیبانی"
          digitsOnly={false}
          inputMode="tel"
        />
        <SiteText
          control={control}
          name="supportHours"
          label="ساعات پاسخگویی"
          hint="مثلاً شنبه تا پنجشنبه، ۹ تا ۱۷"
        />
      </SimpleGrid>
      <FormTextareaField control={control} name="address" label="نشانی" autosize minRows={2} persianDigits />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormDigitsField control={control} name="postalCode" label="کد پستی" maxLength={10} />
        <SiteText control={control} name="company" label="شرکت" />
      </SimpleGrid>
    </>
  );
}

/** The trust seal's page and image, and the sister site in the landing page's menu. */
function SealAndSisterFields({
  form,
}: {
  form: UseFormReturn<SiteInfoPayloadInput, unknown, SiteInfoPayload>;
}) {
  const { control, setValue } = form;
  // A just-uploaded image is shown from the file itself (its address needs the token); a saved one from
  // its public address.
  const [local, setLocal] = useState<{ address: string; url: string } | null>(null);
  const image = useWatch({ control, name: 'trustSealImage' }) ?? '';
  const preview =
    local?.address === image ? local.url : image.startsWith('/api/v1.0/Site/TrustSeal/') ? image : null;
  return (
    <>
      <Title order={3} fz="sm" mt="xs">
        نماد اعتماد الکترونیکی
      </Title>
      <SiteText
        control={control}
        name="trustSealUrl"
        label="نشانی صفحه تأیید نماد"
        ltr
        hint={
          <>
            همان نشانی‌ای که صادرکننده نماد داده است، با <Ltr>https://</Ltr>
          </>
        }
      />
      <SealPicker
        value={image}
        preview={preview}
        error={form.formState.errors.trustSealImage?.message}
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
        <SiteText control={control} name="sisterSiteName" label="نام پیوند" />
        <SiteText
          control={control}
          name="sisterSiteUrl"
          label="نشانی سایت"
          ltr
          hint={
            <>
              با <Ltr>https://</Ltr> یا <Ltr>http://</Ltr>
            </>
          }
        />
      </SimpleGrid>
    </>
  );
}

/**
 * The public site information (ADR 0028) in manage/system-setting: what the landing page, the
 * embedded lookup and the about page show. Saved on its own, beside the system settings' form.
 */
export function SiteInfoSection() {
  const info = useQuery(systemSettingsQueries.siteInfo());
  const save = useSaveSiteInfo();
  const form = useForm<SiteInfoPayloadInput, unknown, SiteInfoPayload>({
    resolver: zodResolver(siteInfoPayloadSchema),
  });
  const { handleSubmit, reset, setError, formState } = form;

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
            <ContactFields control={form.control} />
            <SealAndSisterFields form={form} />
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
