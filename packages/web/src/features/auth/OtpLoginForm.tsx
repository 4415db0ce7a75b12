import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ROUTES, otpRequestSchema, otpVerifySchema, toPersianDigits } from '@ayar/contract';
import type { LoginResponse, OtpRequestResponse } from '@ayar/contract';
import { useApiMutation } from '../../lib/query.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { useCompleteLogin } from './useCompleteLogin.ts';

const requestSchema = otpRequestSchema;
const verifySchema = z.object({ code: otpVerifySchema.shape.password });

/** A countdown in whole seconds: `start(n)` begins it; it ticks once a second until it reaches 0. */
function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  const running = clock.until > clock.now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setClock((c) => ({ ...c, now: Date.now() })), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}

/** Mode 2 of the landing page: one-time-code login (SPEC.md 2.2, 4). */
export function OtpLoginForm({ onUsePassword }: { onUsePassword: () => void }) {
  const completeLogin = useCompleteLogin();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const request = useApiMutation<OtpRequestResponse, { userName: string }>(ROUTES.account.disposableLogin);
  const verify = useApiMutation<LoginResponse, { userName: string; password: string }>(
    ROUTES.account.disposableLoginOtp,
  );

  const requestForm = useForm<z.input<typeof requestSchema>, unknown, z.output<typeof requestSchema>>({
    resolver: zodResolver(requestSchema),
    defaultValues: { userName: '' },
  });
  const verifyForm = useForm<z.input<typeof verifySchema>, unknown, z.output<typeof verifySchema>>({
    resolver: zodResolver(verifySchema),
    defaultValues: { code: '' },
  });

  const send = async (userName: string) => {
    try {
      const envelope = await request.mutateAsync({ userName });
      if (envelope.message) alertSuccess(envelope.message);
      verifyForm.reset({ code: '' });
      setSentTo(userName);
      startCountdown(envelope.data.resendAfterSeconds);
    } catch {
      // The API client has shown the message.
    }
  };
  const onRequest = requestForm.handleSubmit(({ userName }) => send(userName));

  const onVerify = verifyForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    try {
      completeLogin(await verify.mutateAsync({ userName: sentTo, password: code }));
    } catch {
      // The API client has shown the message.
    }
  });

  if (sentTo === null) {
    return (
      <form onSubmit={onRequest} noValidate aria-label="درخواست رمز یکبار مصرف">
        <Stack gap="md">
          <TextInput
            label="نام کاربری یا شماره موبایل"
            autoComplete="username"
            attributes={{ input: { dir: 'ltr' } }}
            withAsterisk
            error={requestForm.formState.errors.userName?.message}
            {...requestForm.register('userName')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            ارسال کد
          </Button>
          <Anchor
            component="button"
            type="button"
            onClick={onUsePassword}
            c="gold.9"
            fw={500}
            size="sm"
            ta="center"
          >
            ورود با نام کاربری و رمز عبور
          </Anchor>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={onVerify} noValidate aria-label="ورود با رمز یکبار مصرف">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          کد یکبار مصرف برای <Ltr>{sentTo}</Ltr> ارسال شد. آن را وارد کنید.
        </Text>
        <Controller
          control={verifyForm.control}
          name="code"
          render={({ field, fieldState }) => (
            <DigitsInput
              label="کد یکبار مصرف"
              autoComplete="one-time-code"
              withAsterisk
              maxLength={6}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              styles={{ input: { letterSpacing: '0.3em', textAlign: 'center' } }}
            />
          )}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          ورود
        </Button>
        <Group justify="space-between">
          {secondsLeft > 0 ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              ارسال دوباره تا {toPersianDigits(secondsLeft)} ثانیه دیگر
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="gold.9"
              disabled={request.isPending}
              onClick={() => void send(sentTo)}
            >
              ارسال دوباره کد
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" c="gold.9" onClick={() => setSentTo(null)}>
            تغییر نام کاربری
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="gold.9" onClick={onUsePassword}>
            ورود با رمز عبور
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
