import { useForm } from 'react-hook-form';
import type { Control, Resolver, UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, STAFF_ROLE_NAMES, addStaffRequestSchema, editStaffRequestSchema } from '@ayar/contract';
import type { AddStaffRequest, EditStaffRequest, StaffMember, StaffRole } from '@ayar/contract';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { FormDigitsField, FormTextField, useFormField } from '../../components/ui/form/index.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { useCommonPasswords } from '../../lib/commonPasswords.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { STAFF_KEY, useAddStaff, useEditStaff } from './api.ts';

/** What each role may do, one line each (ADR 0049, the role matrix in words). */
const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'همه کارها، از جمله تنظیمات، کارکنان و امور مالی',
  counter: 'مشتریان، ثبت و ویرایش بسته پیش از عیار، دریافت و پرداخت؛ بدون ثبت عیار',
  assayer: 'لیست در انتظار عیار، ثبت و اصلاح عیار، لیست بسته‌ها',
  accountant: 'دریافت و پرداخت، گزارش صندوق، درخواست شارژ، خرید شماره بسته و آمار',
};

interface StaffValues {
  id: string;
  fullName: string;
  mobile: string;
  userName: string;
  password: string;
  confirmPassword: string;
  roles: StaffRole[];
}

const FIELDS = ['fullName', 'mobile', 'userName', 'password', 'confirmPassword', 'roles'] as const;

/** The roles as checkboxes, each with its line of what it may do. */
function RolesField({ control }: { control: Control<StaffValues, unknown, unknown> }) {
  const field = useFormField(control, 'roles');
  return (
    <Checkbox.Group
      label="نقش‌ها"
      withAsterisk
      value={field.value}
      onChange={(value) => field.onChange(STAFF_ROLES.filter((role) => value.includes(role)))}
      error={field.error}
    >
      <Stack gap="xs" mt="xs">
        {STAFF_ROLES.map((role) => (
          <Checkbox key={role} value={role} label={STAFF_ROLE_NAMES[role]} description={ROLE_HINTS[role]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The password twice, with the same rules and hint as the registration form (ADR 0043). */
function PasswordPair({
  register,
  errors,
  optional,
}: {
  register: UseFormRegister<StaffValues>;
  errors: Partial<Record<string, { message?: string }>>;
  optional: boolean;
}) {
  useCommonPasswords();
  return (
    <>
      <Text size="xs" c="dimmed" mb={-6}>
        {optional
          ? 'تغییر رمز عبور: برای نگه داشتن رمز فعلی، هر دو فیلد را خالی بگذارید؛ رمز تازه دست‌کم ۸ نویسه، نه فقط رقم، نه رمزی رایج و نه نام کاربری.'
          : 'رمز عبور: دست‌کم ۸ نویسه، نه فقط رقم، نه رمزی رایج و نه نام کاربری.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <PasswordField
          label={optional ? 'رمز عبور تازه' : 'رمز عبور'}
          withAsterisk={!optional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="تکرار رمز عبور"
          withAsterisk={!optional}
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </SimpleGrid>
    </>
  );
}

function valuesOf(member: StaffMember | null): StaffValues {
  return {
    id: member?.id ?? '',
    fullName: member?.fullName ?? '',
    mobile: member?.mobile ?? '',
    userName: member?.userName ?? '',
    password: '',
    confirmPassword: '',
    roles: member ? [...member.roles] : [],
  };
}

/** Saves the form: «افزودن کارمند» or the edit of one person; server field errors go under their inputs. */
function useSaveStaff(member: StaffMember | null, onSaved: () => void) {
  const queryClient = useQueryClient();
  const add = useAddStaff();
  const edit = useEditStaff();
  const schema = member ? editStaffRequestSchema : addStaffRequestSchema;
  const form = useForm<StaffValues, unknown, AddStaffRequest | EditStaffRequest>({
    resolver: zodResolver(schema) as unknown as Resolver<
      StaffValues,
      unknown,
      AddStaffRequest | EditStaffRequest
    >,
    defaultValues: valuesOf(member),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = member
        ? await edit.mutateAsync(values as EditStaffRequest)
        : await add.mutateAsync(values as AddStaffRequest);
      alertSuccess(result.message);
      form.reset(form.getValues());
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onSaved();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });
  return { form, onSubmit, saving: add.isPending || edit.isPending };
}

/**
 * «افزودن کارمند» (no `member`) or the edit of one of the lab's people (ADR 0049): the same rules as the
 * server (`addStaffRequestSchema`, `editStaffRequestSchema`). The lab's own account keeps its owner role.
 */
export function StaffForm({ member, onDone }: { member: StaffMember | null; onDone: () => void }) {
  const { form, onSubmit, saving } = useSaveStaff(member, onDone);
  const { control, register, formState } = form;
  useUnsavedInput(formState.isDirty);
  const title = member ? `ویرایش ${member.fullName}` : 'افزودن کارمند';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <FormTextField control={control} name="fullName" label="نام و نام خانوادگی" withAsterisk />
          <FormDigitsField
            control={control}
            name="mobile"
            label="موبایل"
            description="کد یک‌بارمصرف ورود به این شماره فرستاده می‌شود"
            withAsterisk
            placeholder="۰۹۱۲۳۴۵۶۷۸۹"
            inputMode="tel"
            maxLength={14}
          />
        </SimpleGrid>
        {member ? null : (
          <TextInput
            label="نام کاربری"
            description="حروف انگلیسی، رقم و _ . - (دست‌کم ۳ نویسه)"
            withAsterisk
            autoComplete="off"
            attributes={{ input: { dir: 'ltr' } }}
            error={formState.errors.userName?.message}
            {...register('userName')}
          />
        )}
        <PasswordPair register={register} errors={formState.errors} optional={member !== null} />
        {member?.isLabAccount ? (
          <Alert variant="light" color="gray">
            حساب اصلی آزمایشگاه همیشه مدیر آزمایشگاه است و نقش آن تغییر نمی‌کند.
          </Alert>
        ) : (
          <RolesField control={control} />
        )}
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {member ? 'ذخیره تغییرات' : 'افزودن کارمند'}
          </Button>
          <Button variant="default" onClick={onDone}>
            انصراف
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
