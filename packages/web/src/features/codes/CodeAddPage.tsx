import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS, buyCodesRequestSchema, formatToman, toEnglishDigits, toPersianDigits } from '@ayar/contract';
import type { BuyCodesInput, BuyCodesRequest, MyCodesResponse } from '@ayar/contract';
import { FormDigitsField } from '../../components/ui/form/index.ts';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { IconCreditCard } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { CODES_KEY, codeQueries, useBuyCodes } from './api.ts';
import { HeldNumbers } from './HeldNumbers.tsx';
import { href } from '../../lib/screens.ts';

const fa = (n: number) => toPersianDigits(n);

/** The balance, the price of a number, and a warning for a workshop that may not buy yet. */
function BalanceLine({ data }: { data: MyCodesResponse | undefined }) {
  return (
    <>
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
          حساب شما هنوز به آزمایشگاه دارای کد تبدیل نشده است؛ برای خرید شماره بسته با مدیر سامانه تماس بگیرید.
          ثبت درخواست شارژ از همین حالا ممکن است.
        </Alert>
      ) : null}
    </>
  );
}

/** What the typed count costs, and how much of it the balance lacks. */
function costOf(countText: unknown, data: MyCodesResponse | undefined) {
  const typed = Number(toEnglishDigits(String(countText ?? '')).replace(/\D/g, '')) || 0;
  const cost = data ? typed * data.price : 0;
  const short = data && cost > data.balance ? cost - Math.max(0, data.balance) : 0;
  return { typed, cost, short };
}

/** The question before a purchase: how many numbers, and what they take from the balance. */
function buyQuestion(count: number, data: MyCodesResponse | undefined) {
  const price = data ? formatToman(count * data.price) : null;
  return {
    title: 'تأیید خرید شماره',
    message: price
      ? `${formatToman(count)} شماره به مبلغ ${price} تومان از موجودی شما کسر شود؟`
      : `${formatToman(count)} شماره از موجودی شما خریده شود؟`,
    confirmLabel: 'بله، کسر از موجودی',
  };
}

/** «درخواست شارژ»: to credit/add. */
function ChargeButton() {
  const navigate = useNavigate();
  return (
    <Button
      variant="light"
      leftSection={<IconCreditCard size={18} />}
      onClick={() => void navigate(href('credit/add'))}
    >
      درخواست شارژ
    </Button>
  );
}

/** The buying form: how many numbers, what they cost, and what is missing when the balance is short. */
function BuyCodesForm({
  data,
  onBought,
}: {
  data: MyCodesResponse | undefined;
  onBought: (from: number) => Promise<unknown>;
}) {
  const buy = useBuyCodes();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<BuyCodesInput, unknown, BuyCodesRequest>({
    resolver: zodResolver(buyCodesRequestSchema),
    defaultValues: { count: '' },
  });
  const { control, reset, setError } = form;

  // docs/product.md §2.8: the count is reset to 1000 once the page has loaded.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) reset({ count: String(LIMITS.codeCount.defaultAfterLoad) });
  }, [loaded, reset]);

  const { typed, cost, short } = costOf(useWatch({ control, name: 'count' }), data);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    // Buying spends credit at once and cannot be undone (docs/product.md §2.8): say what it costs first.
    // A count the balance cannot cover spends nothing (the server refuses it), so it is not asked about.
    if (short === 0 && !(await confirmAction(buyQuestion(values.count, data)))) return;
    try {
      const result = await buy.mutateAsync(values);
      alertSuccess(result.message);
      await onBought(result.data.fromCode);
    } catch (error) {
      applyFieldErrors(error, setError, ['count']);
      if (error instanceof ApiError && error.envelope?.code === 'BUSINESS_RULE') setRefusal(error.message);
    }
  });

  const chargeButton = <ChargeButton />;
  const showShortage = refusal !== null || (short > 0 && data?.canBuy === true);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="خرید شماره بسته">
      <Stack gap="sm">
        <BalanceLine data={data} />
        <FormDigitsField
          control={control}
          name="count"
          label="تعداد شماره"
          withAsterisk
          onValueChange={() => setRefusal(null)}
          maxLength={6}
          description={
            data && typed > 0
              ? `هزینه: ${formatToman(cost)} تومان`
              : `از ${fa(1)} تا ${formatToman(LIMITS.codeCount.max)} شماره`
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {showShortage ? (
          <ShortageAlert
            text={
              refusal ??
              `برای ${fa(typed)} شماره ${formatToman(short)} تومان کم دارید. برای شارژ حساب درخواست شارژ ثبت کنید.`
            }
            action={chargeButton}
          />
        ) : null}
        <Group gap="sm" grow>
          <Button type="submit" size="md" loading={buy.isPending} disabled={!data?.canBuy}>
            خرید شماره
          </Button>
          {showShortage ? null : chargeButton}
        </Group>
      </Stack>
    </form>
  );
}

function ShortageAlert({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Alert color="red" variant="light" title="موجودی کافی نیست">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {action}
      </Stack>
    </Alert>
  );
}

/** The ranges the lab has bought; the one just bought stands out. */
function MyRanges({
  data,
  pending,
  newest,
}: {
  data: MyCodesResponse | undefined;
  pending: boolean;
  newest: number | null;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          شماره‌های دریافت شده
        </Title>
        <ExportButton name="codes" />
      </Group>
      {pending ? (
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
  );
}

/**
 * code/add (docs/product.md §2.8): buy the network's next block of packet numbers with the account's balance.
 */
export function CodeAddPage() {
  const codes = useQuery(codeQueries.mine());
  const client = useQueryClient();
  const [newest, setNewest] = useState<number | null>(null);
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <BuyCodesForm
          data={codes.data}
          onBought={(from) => {
            setNewest(from);
            // The new numbers are free: the figures below count them too.
            void client.invalidateQueries({ queryKey: [...CODES_KEY, 'reservations'] });
            return codes.refetch();
          }}
        />
      </Paper>
      <HeldNumbers />
      <MyRanges data={codes.data} pending={codes.isPending} newest={newest} />
    </Stack>
  );
}
