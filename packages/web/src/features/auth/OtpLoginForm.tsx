import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { otpRequestSchema, otpVerifySchema, toPersianDigits } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { FormDigitsField } from '../../components/ui/form/index.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { useRequestOtp, useVerifyOtp } from './api.ts';
import { useCompleteLogin } from './useCompleteLogin.ts';

const requestSchema = otpRequestSchema;
const verifySchema = z.object({ code: otpVerifySchema.shape.password });
type RequestForm = UseFormReturn<z.input<typeof requestSchema>, unknown, z.output<typeof requestSchema>>;

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

/** The first step: the user name or mobile the code goes to. */
function RequestStep(props: {
  form: RequestForm;
  onSend: (userName: string) => Promise<boolean>;
  sending: boolean;
  onUsePassword: () => void;
}) {
  const { form } = props;
  const onRequest = form.handleSubmit(async ({ userName }) => {
    await props.onSend(userName);
  });
  return (
    <form onSubmit={(event) => void onRequest(event)} noValidate aria-label="درخواست رمز یکبار مصرف">
      <Stack gap="md">
        <TextInput
          label="نام کاربری یا شماره موبایل"
          autoComplete="username"
          attributes={{ input: { dir: 'ltr' } }}
          withAsterisk
          error={form.formState.errors.userName?.message}
          {...form.register('userName')}
        />
        <Button type="submit" size="md" fullWidth loading={props.sending}>
          ارسال کد
        </Button>
        <Anchor
          component="button"
          type="button"
          onClick={props.onUsePassword}
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

/** The second step: the code that was sent, a resend once the countdown ends, and the ways back. */
function VerifyStep(props: {
  sentTo: string;
  secondsLeft: number;
  onResend: () => Promise<boolean>;
  resending: boolean;
  onChangeUser: () => void;
  onUsePassword: () => void;
}) {
  const completeLogin = useCompleteLogin();
  const verify = useVerifyOtp();
  const form = useForm<z.input<typeof verifySchema>, unknown, z.output<typeof verifySchema>>({
    resolver: zodResolver(verifySchema),
    defaultValues: { code: '' },
  });
  const onVerify = form.handleSubmit(async ({ code }) => {
    try {
      completeLogin(await verify.mutateAsync({ userName: props.sentTo, password: code }));
    } catch {
      // The API client has shown the message.
    }
  });
  const resend = async () => {
    if (await props.onResend()) form.reset({ code: '' });
  };
  const link = { component: 'button', type: 'button', size: 'sm', c: 'gold.9' } as const;

  return (
    <form onSubmit={(event) => void onVerify(event)} noValidate aria-label="ورود با رمز یکبار مصرف">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          کد یکبار مصرف برای <Ltr>{props.sentTo}</Ltr> ارسال شد. آن را وارد کنید.
        </Text>
        <FormDigitsField
          control={form.control}
          name="code"
          label="کد یکبار مصرف"
          autoComplete="one-time-code"
          withAsterisk
          maxLength={6}
          styles={{ input: { letterSpacing: '0.3em', textAlign: 'center' } }}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          ورود
        </Button>
        <Group justify="space-between">
          {props.secondsLeft > 0 ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              ارسال دوباره تا {toPersianDigits(props.secondsLeft)} ثانیه دیگر
            </Text>
          ) : (
            <Anchor {...link} disabled={props.resending} onClick={() => void resend()}>
              ارسال دوباره کد
            </Anchor>
          )}
          <Anchor {...link} onClick={props.onChangeUser}>
            تغییر نام کاربری
          </Anchor>
          <Anchor {...link} onClick={props.onUsePassword}>
            ورود با رمز عبور
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** Mode 2 of the landing page: one-time-code login (docs/product.md §2.2, §4.1). */
export function OtpLoginForm({ onUsePassword }: { onUsePassword: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const request = useRequestOtp();
  // Kept here, so «تغییر نام کاربری» comes back to the name as it was typed.
  const requestForm: RequestForm = useForm({
    resolver: zodResolver(requestSchema),
    defaultValues: { userName: '' },
  });

  const send = async (userName: string): Promise<boolean> => {
    try {
      const envelope = await request.mutateAsync({ userName });
      if (envelope.message) alertSuccess(envelope.message);
      setSentTo(userName);
      startCountdown(envelope.data.resendAfterSeconds);
      return true;
    } catch {
      return false; // The API client has shown the message.
    }
  };

  if (sentTo === null) {
    return (
      <RequestStep
        form={requestForm}
        onSend={send}
        sending={request.isPending}
        onUsePassword={onUsePassword}
      />
    );
  }
  return (
    <VerifyStep
      sentTo={sentTo}
      secondsLeft={secondsLeft}
      onResend={() => send(sentTo)}
      resending={request.isPending}
      onChangeUser={() => setSentTo(null)}
      onUsePassword={onUsePassword}
    />
  );
}
