import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldValues, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { addUserRequestSchema, editUserRequestSchema } from '@ayar/contract';
import type { AddUserInput, AddUserRequest, EditUserInput, EditUserRequest } from '@ayar/contract';
import { FormDigitsField, FormTextField } from '../../components/ui/form/index.ts';
import type { TextPath } from '../../components/ui/form/index.ts';
import { useCommonPasswords } from '../../lib/commonPasswords.ts';
import { AudioField } from './components/AudioField.tsx';

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

type CommonValues = AddUserInput | EditUserInput;

/** The password, twice: required when adding, left empty when editing keeps the old one. */
function PasswordFields<T extends FieldValues>({
  register,
  err,
  passwordOptional,
}: {
  register: UseFormRegister<T>;
  err: (name: string) => string | undefined;
  passwordOptional: boolean;
}) {
  useCommonPasswords();
  return (
    <>
      <Text size="xs" c="dimmed" mb={-6}>
        {passwordOptional
          ? 'رمز عبور: برای تغییر ندادن رمز، هر دو فیلد را خالی بگذارید؛ رمز تازه دست‌کم ۸ نویسه، نه فقط رقم، نه رمزی رایج و نه نام کاربری.'
          : 'رمز عبور: دست‌کم ۸ نویسه، نه فقط رقم، نه رمزی رایج و نه نام کاربری.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <PasswordField
          label="رمز عبور"
          withAsterisk={!passwordOptional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={err('password')}
          {...register('password' as Path<T>)}
        />
        <PasswordField
          label="تکرار رمز عبور"
          withAsterisk={!passwordOptional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={err('confirmPassword')}
          {...register('confirmPassword' as Path<T>)}
        />
      </SimpleGrid>
    </>
  );
}

/** The fields shared by «ایجاد آزمایشگاه» and «ویرایش آزمایشگاه» (docs/product.md §2.14). */
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
  const t = (name: string) => name as TextPath<T>;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="نام آزمایشگاه" withAsterisk error={err('fName')} {...register(f('fName'))} />
        <TextInput label="نام مدیر" withAsterisk error={err('fullName')} {...register(f('fullName'))} />
        <FormDigitsField
          control={control}
          name={t('cellPhone')}
          label="موبایل"
          placeholder="۰۹۱۲۳۴۵۶۷۸۹"
          inputMode="tel"
          maxLength={14}
        />
        <FormDigitsField
          control={control}
          name={t('phone')}
          label="تلفن"
          inputMode="tel"
          digitsOnly={false}
          maxLength={20}
        />
        {/* A code of letters and digits: shown as typed (the contract reads its digits). */}
        <FormTextField
          control={control}
          name={t('rejeCode')}
          label="کد مرجع"
          maxLength={50}
          autoComplete="off"
          ltr
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
      <PasswordFields register={register} err={err} passwordOptional={passwordOptional} />
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
        onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values, form))(event)}
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
        onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values, form))(event)}
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
                <AudioField control={form.control} />
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
