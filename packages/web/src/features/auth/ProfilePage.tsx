import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { useQuery } from '@tanstack/react-query';
import { changePasswordFormSchema, toPersianDigits } from '@ayar/contract';
import type { ChangePasswordRequest } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { useAuth } from '../../lib/auth.ts';
import { useCommonPasswords } from '../../lib/commonPasswords.ts';
import { accountQueries, useChangePassword } from './api.ts';

function Fact({ label, value, ltr }: { label: string; value: string | null | undefined; ltr?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value ? ltr ? <Ltr>{value}</Ltr> : value : '—'}</Text>
    </Stack>
  );
}

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Who is signed in: the admin's name, or the lab's manager, group and workshop code. */
function AccountFacts() {
  const profile = useQuery(accountQueries.profile());
  const data = profile.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        مشخصات حساب
      </Title>
      {profile.isPending ? (
        <Skeleton h={60} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {data?.role === 'admin' ? (
            <>
              <Fact label="نام" value={data.fullName} />
              <Fact label="نقش" value="مدیر سامانه" />
            </>
          ) : (
            <>
              <Fact label="نام مدیر" value={data?.fullName} />
              <Fact label="نام آزمایشگاه (گروه)" value={data?.companyName} />
              <Fact
                label="کد کارگاه"
                value={data?.workspaceId != null ? toPersianDigits(data.workspaceId) : null}
                ltr
              />
            </>
          )}
          <Fact label="نام کاربری" value={data?.userName} ltr />
        </SimpleGrid>
      )}
    </Card>
  );
}

/** The password change: it ends every other session; this one stays (ADR 0025). */
function PasswordChange() {
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const userUsername = useAuth().user?.userUsername ?? '';
  useCommonPasswords();
  // The contract's rule, with this user's name: the new password may not be it (ADR 0043).
  const schema = useMemo(() => changePasswordFormSchema(userUsername), [userUsername]);
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty } = form.formState;
  useUnsavedInput(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const envelope = await change.mutateAsync(values);
      alertSuccess(envelope.message);
      form.reset(EMPTY);
      setChanged(true);
    } catch (error) {
      applyFieldErrors(error, form.setError, ['oldPassword', 'newPassword', 'confirmPassword']);
    }
  });

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="تغییر رمز عبور"
    >
      <Title order={2} fz="lg" mb={4}>
        تغییر رمز عبور
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        پس از تغییر رمز، از همه دستگاه‌های دیگر خارج می‌شوید؛ این دستگاه وارد می‌ماند.
      </Text>
      {changed ? (
        <Alert color="green" variant="light" mb="md" title="رمز عبور تغییر کرد">
          دستگاه‌های دیگر باید با رمز جدید وارد شوند.
        </Alert>
      ) : null}
      <Stack gap="sm">
        <PasswordField
          label="رمز عبور فعلی"
          autoComplete="current-password"
          withAsterisk
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <PasswordField
          label="رمز عبور جدید"
          description="دست‌کم ۸ نویسه، نه فقط عدد"
          autoComplete="new-password"
          withAsterisk
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label="تکرار رمز عبور جدید"
          autoComplete="new-password"
          withAsterisk
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={change.isPending}>
            تغییر رمز عبور
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * profile (docs/product.md §2.13), for a lab and for the admin: who is signed in, and the password change.
 * The change ends every other session; this one stays, so the person carries on (ADR 0025).
 */
export function ProfilePage() {
  return (
    <Stack gap="md" maw={640} mx="auto">
      <AccountFacts />
      <PasswordChange />
    </Stack>
  );
}
