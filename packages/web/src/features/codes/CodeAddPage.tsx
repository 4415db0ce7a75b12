import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  LIMITS,
  ROUTES,
  buyCodesRequestSchema,
  formatToman,
  toEnglishDigits,
  toPersianDigits,
} from '@ayar/contract';
import type { BuyCodesInput, BuyCodesRequest, BuyCodesResponse, MyCodesResponse } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconCreditCard } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';

const fa = (n: number) => toPersianDigits(n);

/** code/add (SPEC.md 2.8): buy the network's next block of packet numbers with the account's balance. */
export function CodeAddPage() {
  const navigate = useNavigate();
  const codes = useApiQuery<MyCodesResponse>(['codes', 'mine'], ROUTES.account.getAllCode, {
    fresh: true,
  });
  const buy = useApiMutation<BuyCodesResponse, BuyCodesRequest>(ROUTES.account.getCode);
  const [newest, setNewest] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BuyCodesInput, unknown, BuyCodesRequest>({
    resolver: zodResolver(buyCodesRequestSchema),
    defaultValues: { count: '' },
  });

  // SPEC.md 5: the count is reset to 1000 once the page has loaded.
  const loaded = codes.isSuccess;
  useEffect(() => {
    if (loaded) reset({ count: String(LIMITS.codeCount.defaultAfterLoad) });
  }, [loaded, reset]);

  const data = codes.data;
  const countText = useWatch({ control, name: 'count' });
  const typed = Number(toEnglishDigits(String(countText ?? '')).replace(/\D/g, '')) || 0;
  const cost = data ? typed * data.price : 0;
  const short = data && cost > data.balance ? cost - Math.max(0, data.balance) : 0;

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const result = await buy.mutateAsync(values);
      alertSuccess(result.message);
      setNewest(result.data.fromCode);
      await codes.refetch();
    } catch (error) {
      applyFieldErrors(error, setError, ['count']);
      if (error instanceof ApiError && error.envelope?.code === 'BUSINESS_RULE') setRefusal(error.message);
    }
  });

  const chargeButton = (
    <Button
      variant="light"
      leftSection={<IconCreditCard size={18} />}
      onClick={() => void navigate('/credit/add')}
    >
      درخواست شارژ
    </Button>
  );

  const showShortage = refusal !== null || (short > 0 && data?.canBuy === true);
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate aria-label="دریافت شماره بسته">
          <Stack gap="sm">
            {data ? (
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">
                  موجودی: <b>{formatToman(data.balance)}</b> تومان
                </Text>
                <Text size="sm">
                  قیمت هر شماره: <b>{formatToman(data.price)}</b> تومان
                </Text>
              </Group>
            ) : (
              <Skeleton height={22} />
            )}
            {data && !data.canBuy ? (
              <Alert color="yellow" variant="light">
                حساب شما هنوز به آزمایشگاه دارای کد تبدیل نشده است؛ برای خرید شماره بسته با مدیر سامانه تماس
                بگیرید. ثبت درخواست شارژ از همین حالا ممکن است.
              </Alert>
            ) : null}
            <Controller
              control={control}
              name="count"
              render={({ field }) => (
                <DigitsInput
                  label="تعداد شماره"
                  withAsterisk
                  value={String(field.value ?? '')}
                  onChange={(v) => {
                    setRefusal(null);
                    field.onChange(v);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  maxLength={6}
                  error={errors.count?.message}
                  description={
                    data && typed > 0
                      ? `هزینه: ${formatToman(cost)} تومان`
                      : `از ${fa(1)} تا ${formatToman(LIMITS.codeCount.max)} شماره`
                  }
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                />
              )}
            />
            {showShortage ? (
              <Alert color="red" variant="light" title="موجودی کافی نیست">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {refusal ??
                      `برای ${fa(typed)} شماره ${formatToman(short)} تومان کم دارید. برای شارژ حساب درخواست شارژ ثبت کنید.`}
                  </Text>
                  {chargeButton}
                </Stack>
              </Alert>
            ) : null}
            <Group gap="sm" grow>
              <Button type="submit" size="md" loading={buy.isPending} disabled={!data?.canBuy}>
                دریافت شماره
              </Button>
              {showShortage ? null : chargeButton}
            </Group>
          </Stack>
        </form>
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h4">
          شماره‌های دریافت شده
        </Title>
        {codes.isPending ? (
          <Skeleton height={120} radius="md" />
        ) : data && data.list.length > 0 ? (
          <Paper withBorder radius="md">
            <Table verticalSpacing="xs" horizontalSpacing="sm" ta="center">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="center">از شماره</Table.Th>
                  <Table.Th ta="center">تا شماره</Table.Th>
                  <Table.Th ta="center">تعداد</Table.Th>
                  <Table.Th ta="center">استفاده شده</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.list.map((range) => {
                  const isNew = range.fromCode === newest;
                  return (
                    <Table.Tr
                      key={range.id}
                      bg={isNew ? 'var(--mantine-color-green-0)' : undefined}
                      data-newest={isNew || undefined}
                      title={`ثبت: ${formatJalaliDate(range.createdAt)}`}
                    >
                      <Table.Td fw={isNew ? 700 : undefined}>
                        <Ltr>{fa(range.fromCode)}</Ltr>
                      </Table.Td>
                      <Table.Td fw={isNew ? 700 : undefined}>
                        <Ltr>{fa(range.toCode)}</Ltr>
                      </Table.Td>
                      <Table.Td>{formatToman(range.count)}</Table.Td>
                      <Table.Td>{formatToman(range.used)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="lg" ta="center">
            <Text c="dimmed">هنوز شماره‌ای دریافت نکرده‌اید.</Text>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
