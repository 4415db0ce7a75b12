import { useState } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { addUserRequestSchema, editUserRequestSchema } from '@ayar/contract';
import type { AddUserInput, AddUserRequest, EditUserInput, EditUserRequest } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { IconDownload } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { downloadStoredFile, uploadWorkshopAudio } from './api/files.ts';

export const WORKSHOP_FORM_FIELDS = [
  'fName',
  'fullName',
  'cellPhone',
  'phone',
  'rejeCode',
  'address',
  'userName',
  'password',
  'confirmPassword',
  'file',
] as const;

/** A speaker: the audio file's link. */
function IconSpeaker({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7" />
      <path d="M19 6a8.5 8.5 0 0 1 0 12" />
    </svg>
  );
}

type CommonValues = AddUserInput | EditUserInput;

/** The fields shared by «ایجاد آزمایشگاه» and «ویرایش آزمایشگاه» (SPEC.md 2.14). */
function WorkshopFields<T extends CommonValues & FieldValues>({
  form,
  passwordOptional,
  extra,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  passwordOptional: boolean;
  extra?: ReactNode;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const f = (name: string) => name as Path<T>;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="نام آزمایشگاه" withAsterisk error={err('fName')} {...register(f('fName'))} />
        <TextInput label="نام مدیر" withAsterisk error={err('fullName')} {...register(f('fullName'))} />
        <Controller
          control={control}
          name={f('cellPhone')}
          render={({ field }) => (
            <DigitsInput
              label="موبایل"
              placeholder="۰۹۱۲۳۴۵۶۷۸۹"
              inputMode="tel"
              maxLength={14}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('cellPhone')}
            />
          )}
        />
        <Controller
          control={control}
          name={f('phone')}
          render={({ field }) => (
            <DigitsInput
              label="تلفن"
              inputMode="tel"
              digitsOnly={false}
              maxLength={20}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('phone')}
            />
          )}
        />
        <Controller
          control={control}
          name={f('rejeCode')}
          render={({ field }) => (
            // A code of letters and digits: shown as typed (the contract reads its digits).
            <TextInput
              label="کد رجه"
              maxLength={50}
              autoComplete="off"
              attributes={{ input: { dir: 'ltr' } }}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={err('rejeCode')}
            />
          )}
        />
        <TextInput
          label="نام کاربری"
          withAsterisk
          autoComplete="off"
          attributes={{ input: { dir: 'ltr' } }}
          error={err('userName')}
          {...register(f('userName'))}
        />
      </SimpleGrid>
      <Textarea
        label="آدرس"
        autosize
        minRows={2}
        maxRows={5}
        error={err('address')}
        {...register(f('address'))}
      />
      <Text size="xs" c="dimmed" mb={-6}>
        {passwordOptional
          ? 'رمز عبور: برای تغییر ندادن رمز، هر دو فیلد را خالی بگذارید؛ رمز تازه دست‌کم ۸ نویسه و نه فقط رقم.'
          : 'رمز عبور: دست‌کم ۸ نویسه و نه فقط رقم.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <PasswordField
          label="رمز عبور"
          withAsterisk={!passwordOptional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={err('password')}
          {...register(f('password'))}
        />
        <PasswordField
          label="تکرار رمز عبور"
          withAsterisk={!passwordOptional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={err('confirmPassword')}
          {...register(f('confirmPassword'))}
        />
      </SimpleGrid>
      <Checkbox
        label="فقط نمایش در لیست"
        description="در فهرست عمومی آزمایشگاه‌ها دیده می‌شود ولی ورود به سامانه ندارد"
        {...register(f('isPublicUser'))}
      />
      {extra}
    </Stack>
  );
}

function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" maw={820}>
      {children}
    </Paper>
  );
}

export const EMPTY_WORKSHOP: AddUserInput = {
  fName: '',
  fullName: '',
  cellPhone: '',
  phone: '',
  rejeCode: '',
  address: '',
  userName: '',
  password: '',
  confirmPassword: '',
  isPublicUser: false,
};

/** manage/add-user: «ایجاد آزمایشگاه». */
export function AddWorkshopForm({
  onSubmit,
  pending,
}: {
  onSubmit: (
    values: AddUserRequest,
    form: UseFormReturn<AddUserInput, unknown, AddUserRequest>,
  ) => Promise<void>;
  pending: boolean;
}) {
  const form = useForm<AddUserInput, unknown, AddUserRequest>({
    resolver: zodResolver(addUserRequestSchema),
    defaultValues: EMPTY_WORKSHOP,
  });
  return (
    <FormCard>
      <form
        onSubmit={form.handleSubmit((values) => onSubmit(values, form))}
        noValidate
        aria-label="ایجاد آزمایشگاه"
      >
        <Stack gap="md">
          <WorkshopFields
            form={form as unknown as UseFormReturn<AddUserInput, unknown, unknown>}
            passwordOptional={false}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={pending}>
              ایجاد آزمایشگاه
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}

/** The uploaded audio: a link with an icon once there is one, and a button to upload (another). */
function AudioField({
  value,
  onChange,
  error,
}: {
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        فایل صوتی
      </Text>
      <Group gap="sm" wrap="wrap">
        {value ? (
          <Anchor
            component="button"
            type="button"
            c="ink.7"
            onClick={() => void downloadStoredFile(value, 'audio')}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconSpeaker />
            فایل صوتی آزمایشگاه
            <IconDownload size={16} />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            فایلی بارگذاری نشده است
          </Text>
        )}
        <FileButton
          accept="audio/*,.mp3,.ogg,.wav,.m4a,.amr,.webm"
          onChange={async (file) => {
            if (!file) return;
            setUploading(true);
            const result = await uploadWorkshopAudio(file);
            setUploading(false);
            if (result) {
              onChange(result.address);
              alertSuccess(`${result.message}؛ برای ثبت، «ذخیره» را بزنید`);
            }
          }}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={uploading}>
              {value ? 'بارگذاری فایل دیگر' : 'بارگذاری فایل صوتی'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            حذف فایل
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        mp3، ogg، wav، m4a، amr یا webm؛ حداکثر ۵ مگابایت
      </Text>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** manage/edit-user/{id}/{name}: the same fields, plus «آیا کاربر آزمایشگاه است؟» and the audio. */
export function EditWorkshopForm({
  initial,
  onSubmit,
  pending,
}: {
  initial: EditUserInput;
  onSubmit: (
    values: EditUserRequest,
    form: UseFormReturn<EditUserInput, unknown, EditUserRequest>,
  ) => Promise<void>;
  pending: boolean;
}) {
  const form = useForm<EditUserInput, unknown, EditUserRequest>({
    resolver: zodResolver(editUserRequestSchema),
    defaultValues: initial,
  });
  return (
    <FormCard>
      <form
        onSubmit={form.handleSubmit((values) => onSubmit(values, form))}
        noValidate
        aria-label="ویرایش آزمایشگاه"
      >
        <Stack gap="md">
          <WorkshopFields
            form={form as unknown as UseFormReturn<EditUserInput, unknown, unknown>}
            passwordOptional
            extra={
              <>
                <Checkbox
                  label="آیا کاربر آزمایشگاه است؟"
                  description="داشبوردش صف بسته‌های در انتظار عیار را نشان می‌دهد و با رسیدن بسته تازه، فایل صوتی زیر را پخش می‌کند"
                  {...form.register('isLabOwner')}
                />
                <Controller
                  control={form.control}
                  name="file"
                  render={({ field, fieldState }) => (
                    <AudioField
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </>
            }
          />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={pending}>
              ذخیره
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
