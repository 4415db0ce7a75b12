import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  creditFormSchema,
  formatToman,
  gregorianToJalali,
  toPersianDigits,
  todayJalali,
} from '@ayar/contract';
import type { CreditFormInput, CreditFormOutput, CreditItem, CreditsResponse } from '@ayar/contract';
import { FormJalaliDateField, FormTomanField } from '../../components/ui/form/index.ts';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { StripedCard } from '../../components/ui/StripedCard.tsx';
import { IconCreditCard } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { formatJalaliDateTime } from '../../lib/format.ts';
import { formatCode } from '../../lib/formatCode.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { creditQueries, useAddCredit } from './api.ts';
import { CreditStatusBadge } from './components/CreditStatusBadge.tsx';
import { MoneyTotals } from './components/MoneyTotals.tsx';

const FIELDS = ['value', 'date', 'account', 'trackingCode'] as const;

/** Under the empty amount: what the contract accepts. */
const AMOUNT_RANGE_HINT = `از ${formatToman(LIMITS.creditAmount.min)} تا ${formatToman(LIMITS.creditAmount.max)} تومان`;

/** The network's account fills the destination field once it is known, unless something is typed there. */
function usePrefilledAccount(
  accNum: string,
  getValues: UseFormGetValues<CreditFormInput>,
  setValue: UseFormSetValue<CreditFormInput>,
) {
  useEffect(() => {
    if (accNum && !getValues('account')) setValue('account', accNum);
  }, [accNum, getValues, setValue]);
}

/** Where to transfer the money: the network's account and its holder. */
function TransferTo({ accNum, accName }: { accNum: string; accName: string | null | undefined }) {
  return (
    <Alert color="blue" variant="light" icon={<IconCreditCard />}>
      مبلغ را به حساب <Ltr>{formatCode(accNum)}</Ltr>
      {accName ? ` به نام ${accName}` : ''} واریز کنید و سپس مشخصات واریز را اینجا ثبت کنید.
    </Alert>
  );
}

/**
 * Until the admin sets the network's account (system settings), the lab cannot learn here where to pay:
 * say so, instead of a form that never names a destination.
 */
function NoAccountYet() {
  return (
    <Alert color="yellow" variant="light" icon={<IconCreditCard />} title="حساب واریز هنوز اعلام نشده است">
      مدیر سامانه هنوز شماره حسابی برای واریز ثبت نکرده است. پیش از واریز، شماره حساب را از مدیر سامانه
      بپرسید؛ پس از واریز، مشخصات آن را اینجا ثبت کنید.
    </Alert>
  );
}

/** The request form: the amount, the day of the transfer, the account it went to and its tracking code. */
function CreditRequestForm({ data }: { data: CreditsResponse | undefined }) {
  const queryClient = useQueryClient();
  const addCredit = useAddCredit();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<CreditFormInput, unknown, CreditFormOutput>({
    resolver: zodResolver(creditFormSchema),
    defaultValues: { value: '', date: todayJalali(), account: '', trackingCode: '' },
  });
  useUnsavedInput(isDirty);

  const accNum = data?.accNum ?? '';
  usePrefilledAccount(accNum, getValues, setValue);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await addCredit.mutateAsync(values);
      alertSuccess(result.message);
      reset({ value: '', date: todayJalali(), account: getValues('account'), trackingCode: '' });
      await queryClient.invalidateQueries({ queryKey: creditQueries.mine().queryKey });
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="درخواست شارژ">
      <Stack gap="sm">
        <Title order={2} size="h4">
          ثبت درخواست شارژ
        </Title>
        {accNum ? <TransferTo accNum={accNum} accName={data?.accName} /> : data ? <NoAccountYet /> : null}
        <FormTomanField
          control={control}
          name="value"
          withAsterisk
          maxLength={9}
          emptyHint={AMOUNT_RANGE_HINT}
        />
        <FormJalaliDateField
          control={control}
          name="date"
          label="تاریخ واریز"
          withAsterisk
          placeholder="۱۴۰۵/۰۹/۰۱"
          description="به تاریخ شمسی، مثل ۱۴۰۵/۰۹/۰۱"
        />
        <TextInput
          label="حساب یا کارت مقصد"
          withAsterisk
          attributes={{ input: { dir: 'ltr' } }}
          error={errors.account?.message}
          {...register('account')}
        />
        <TextInput
          label="کد پیگیری واریز"
          withAsterisk
          autoComplete="off"
          attributes={{ input: { dir: 'ltr' } }}
          error={errors.trackingCode?.message}
          {...register('trackingCode')}
        />
        <Button type="submit" size="md" loading={addCredit.isPending} mt="xs">
          ثبت درخواست شارژ
        </Button>
      </Stack>
    </form>
  );
}

/**
 * credit/add (docs/product.md §2.13): ask for a top-up after a bank transfer; the requests and the totals.
 */
export function CreditAddPage() {
  const credits = useQuery(creditQueries.mine());
  return (
    <Stack gap="md" maw={720} mx="auto">
      {credits.data ? <MoneyTotals {...credits.data} /> : <Skeleton height={76} radius="md" />}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <CreditRequestForm data={credits.data} />
      </Paper>

      <Stack gap="xs">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4">
            درخواست‌های شما
          </Title>
          <ExportButton name="credits" />
        </Group>
        {credits.isPending ? (
          <Skeleton height={64} radius="md" />
        ) : credits.data && credits.data.list.length > 0 ? (
          credits.data.list.map((credit) => <CreditRow key={credit.id} credit={credit} />)
        ) : (
          <Paper withBorder radius="md" p="lg" ta="center">
            <Text c="dimmed">هنوز درخواست شارژی ثبت نکرده‌اید.</Text>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}

function CreditRow({ credit }: { credit: CreditItem }) {
  const jalali = credit.date ? gregorianToJalali(credit.date) : null;
  return (
    <StripedCard color={credit.status === 0 ? 'orange' : credit.status === 1 ? 'green' : 'red'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={700}>{formatToman(credit.value)} تومان</Text>
          <Text size="sm" c="dimmed">
            کد پیگیری: <Ltr>{formatCode(credit.trackingCode)}</Ltr>
          </Text>
          <Text size="sm" c="dimmed">
            تاریخ واریز: <Ltr>{jalali ? toPersianDigits(jalali) : '—'}</Ltr>
          </Text>
          <Text size="xs" c="dimmed">
            ثبت درخواست: <Ltr>{formatJalaliDateTime(credit.createdAt)}</Ltr>
          </Text>
        </Stack>
        <CreditStatusBadge status={credit.status} />
      </Group>
    </StripedCard>
  );
}
