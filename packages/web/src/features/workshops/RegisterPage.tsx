import { useForm } from 'react-hook-form';
import type { Control, UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { addPublicUserRequestSchema } from '@ayar/contract';
import type { AddPublicUserInput, AddPublicUserRequest } from '@ayar/contract';
import { PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { useCommonPasswords } from '../../lib/commonPasswords.ts';
import { FormDigitsField } from '../../components/ui/form/index.ts';
import { IconInfo, IconUserPlus } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { useRegisterWorkshop } from './api.ts';
import { href } from '../../lib/screens.ts';

const REGISTER_FIELDS = [
  'fName',
  'fullName',
  'cellPhone',
  'phone',
  'userName',
  'password',
  'confirmPassword',
] as const;

type Errors = Partial<Record<(typeof REGISTER_FIELDS)[number], { message?: string }>>;

/** The lab's names and phones. */
function LabFields(props: {
  control: Control<AddPublicUserInput, unknown, AddPublicUserRequest>;
  register: UseFormRegister<AddPublicUserInput>;
  errors: Errors;
}) {
  const { control, register, errors } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput label="نام آزمایشگاه" withAsterisk error={errors.fName?.message} {...register('fName')} />
      <TextInput label="نام مدیر" withAsterisk error={errors.fullName?.message} {...register('fullName')} />
      <FormDigitsField
        control={control}
        name="cellPhone"
        label="موبایل"
        placeholder="۰۹۱۲۳۴۵۶۷۸۹"
        inputMode="tel"
        autoComplete="tel"
        maxLength={14}
      />
      <FormDigitsField
        control={control}
        name="phone"
        label="تلفن"
        inputMode="tel"
        digitsOnly={false}
        maxLength={20}
      />
    </SimpleGrid>
  );
}

/** The user name and the password, twice. */
function AccountFields({
  register,
  errors,
}: {
  register: UseFormRegister<AddPublicUserInput>;
  errors: Errors;
}) {
  useCommonPasswords();
  return (
    <>
      <TextInput
        label="نام کاربری"
        description="حروف انگلیسی، رقم و _ . - (دست‌کم ۳ نویسه)"
        withAsterisk
        autoComplete="username"
        attributes={{ input: { dir: 'ltr' } }}
        error={errors.userName?.message}
        {...register('userName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <PasswordField
          label="رمز عبور"
          description="دست‌کم ۸ نویسه؛ نه رمز رایج یا نام کاربری"
          withAsterisk
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          visibilityToggleButtonProps={{ 'aria-label': 'نمایش رمز عبور' }}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="تکرار رمز عبور"
          withAsterisk
          autoComplete="new-password"
          attributes={{ input: { dir: 'ltr' } }}
          visibilityToggleButtonProps={{ 'aria-label': 'نمایش تکرار رمز عبور' }}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </SimpleGrid>
    </>
  );
}

/** register (docs/product.md §2.3): a lab registers itself; it can sign in once an admin activates it. */
export function RegisterPage() {
  const navigate = useNavigate();
  const submit = useRegisterWorkshop();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddPublicUserInput, unknown, AddPublicUserRequest>({
    resolver: zodResolver(addPublicUserRequestSchema),
    defaultValues: {
      fName: '',
      fullName: '',
      cellPhone: '',
      phone: '',
      userName: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await submit.mutateAsync(values);
      alertSuccess(envelope.message);
      void navigate(href('landing'));
    } catch (error) {
      applyFieldErrors(error, setError, REGISTER_FIELDS);
    }
  });

  return (
    <PublicLayout title="ثبت نام">
      <Stack gap="md">
        <Alert color="gold" variant="light" radius="md" icon={<IconInfo />} title="توجه">
          این صفحه مخصوص کاربران ری‌گیری است. پس از ثبت نام، حساب شما باید توسط مدیر سامانه فعال شود.
        </Alert>
        <Paper withBorder radius="lg" p="lg" shadow="xs">
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="ثبت نام آزمایشگاه">
            <Stack gap="sm">
              <LabFields control={control} register={register} errors={errors} />
              <AccountFields register={register} errors={errors} />
              <Button
                type="submit"
                size="md"
                mt="xs"
                loading={submit.isPending}
                leftSection={<IconUserPlus size={20} />}
              >
                ثبت نام
              </Button>
              <Text size="sm" c="dimmed" ta="center">
                حساب کاربری دارید؟{' '}
                <Anchor component={Link} to={href('landing')} c="gold.9" fw={500}>
                  ورود
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </PublicLayout>
  );
}
