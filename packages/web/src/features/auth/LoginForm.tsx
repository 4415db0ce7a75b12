import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { loginRequestSchema } from '@ayar/contract';
import type { z } from 'zod';
import { IconLogin } from '../../components/ui/icons.tsx';
import { useCompleteLogin } from './useCompleteLogin.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { useLogin } from './api.ts';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

/** Mode 0 of the landing page: user name and password (docs/product.md §2.2). */
export function LoginForm({ onUseOtp }: { onUseOtp: () => void }) {
  const completeLogin = useCompleteLogin();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { userName: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      completeLogin(await login.mutateAsync(values));
    } catch (error) {
      applyFieldErrors(error, setError, ['userName', 'password']);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="ورود با نام کاربری و رمز عبور">
      <Stack gap="md">
        <TextInput
          label="نام کاربری"
          autoComplete="username"
          attributes={{ input: { dir: 'ltr' } }}
          withAsterisk
          error={errors.userName?.message}
          {...register('userName')}
        />
        <PasswordField
          label="رمز عبور"
          autoComplete="current-password"
          attributes={{ input: { dir: 'ltr' } }}
          withAsterisk
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'نمایش رمز عبور' }}
          {...register('password')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={login.isPending}
          leftSection={<IconLogin size={20} />}
        >
          ورود
        </Button>
        <Anchor component="button" type="button" onClick={onUseOtp} c="gold.9" fw={500} size="sm" ta="center">
          ورود با رمز یکبار مصرف (پیامکی)
        </Anchor>
      </Stack>
    </form>
  );
}
