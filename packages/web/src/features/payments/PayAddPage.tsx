import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  PAY_TYPE_TEXT,
  ROUTES,
  formatGrams,
  formatToman,
  gregorianToJalali,
  payFormSchema,
  toEnglishDigits,
  toPersianDigits,
  todayJalali,
} from '@ayar/contract';
import type {
  AddPayInput,
  CustomerSearchItem,
  GetPaysResponse,
  PayFormInput,
  PayFormOutput,
  PayItem,
} from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { FormJalaliDateField, FormTomanField } from '../../components/ui/FormFields.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { StripedCard } from '../../components/ui/StripedCard.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { IconTrash } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';
import { CustomerAutocomplete } from '../customers/components/CustomerAutocomplete.tsx';
import { BalanceSummary } from './components/BalanceSummary.tsx';

export const PAYS_KEY = ['payments'] as const;
const FIELDS = ['customerId', 'type', 'gold', 'money', 'date', 'desc'] as const;

const blank = (keep?: Partial<PayFormInput>): PayFormInput => ({
  customerId: '',
  type: '1',
  gold: '',
  money: '',
  date: todayJalali(),
  desc: '',
  ...keep,
});

/** Grams as typed: digits and one decimal point (the Persian «٫» too), at most 3 decimals. */
export function cleanGrams(raw: string): string {
  const text = toEnglishDigits(raw)
    .replace(/[\u066b/]/g, '.')
    .replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = text.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 3)}`;
}

/** pay/add (SPEC.md 2.13): a receipt or a payment of gold and money, and the customer's running account. */
export function PayAddPage() {
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const add = useApiMutation<{ id: string }, AddPayInput>(ROUTES.customer.addPay);
  const del = useApiMutation<null, { id: string }>(ROUTES.customer.deletePay);
  const pays = useApiQuery<GetPaysResponse>([...PAYS_KEY, 'customer'], ROUTES.customer.getPays, {
    query: { cid: customer?.id },
    enabled: customer !== null,
    fresh: true,
  });
  const form = useForm<PayFormInput, unknown, PayFormOutput>({
    resolver: zodResolver(payFormSchema),
    defaultValues: blank(),
  });
  const {
    control,
    register,
    formState: { errors, isDirty },
  } = form;
  useUnsavedInput(isDirty);

  const refresh = () => queryClient.invalidateQueries({ queryKey: PAYS_KEY });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await add.mutateAsync(values);
      alertSuccess(result.message);
      const current = form.getValues();
      form.reset(blank({ customerId: current.customerId, type: current.type, date: current.date }));
      await refresh();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });

  const remove = async (pay: PayItem) => {
    const what = [
      pay.goldMg > 0 ? `${formatGrams(pay.goldMg)} گرم طلا` : '',
      pay.money > 0 ? `${formatToman(pay.money)} تومان` : '',
    ]
      .filter(Boolean)
      .join(' و ');
    const ok = await confirmAction({
      title: `حذف ${PAY_TYPE_TEXT[pay.type]}`,
      message: `آیا از حذف ${PAY_TYPE_TEXT[pay.type]} ${what} اطمینان دارید؟`,
      confirmLabel: 'حذف',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await del.mutateAsync({ id: pay.id });
      alertSuccess(result.message);
    } catch {
      // The API client has shown the server's message.
    }
    await refresh();
  };

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate aria-label="ثبت پرداخت">
          <Stack gap="sm">
            <Controller
              control={control}
              name="customerId"
              render={({ field }) => (
                <CustomerAutocomplete
                  label="مشتری"
                  withAsterisk
                  value={customer}
                  error={errors.customerId?.message}
                  onChange={(value) => {
                    setCustomer(value);
                    field.onChange(value?.id ?? '');
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    نوع
                  </Text>
                  <SegmentedControl
                    fullWidth
                    aria-label="نوع"
                    value={String(field.value)}
                    onChange={field.onChange}
                    color={field.value === '2' ? 'orange' : 'teal'}
                    data={[
                      { value: '1', label: 'دریافت از مشتری' },
                      { value: '2', label: 'پرداخت به مشتری' },
                    ]}
                  />
                </Stack>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Controller
                control={control}
                name="gold"
                render={({ field }) => (
                  <DigitsInput
                    label="طلا (گرم)"
                    digitsOnly={false}
                    inputMode="decimal"
                    placeholder="۱۲٫۳۴۵"
                    description="تا سه رقم اعشار (میلی‌گرم)"
                    value={String(field.value ?? '')}
                    onChange={(v) => field.onChange(cleanGrams(v))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.gold?.message}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                )}
              />
              <FormTomanField control={control} name="money" maxLength={12} emptyHint="بدون اعشار" />
              <FormJalaliDateField
                control={control}
                name="date"
                label="تاریخ"
                withAsterisk
                placeholder="۱۴۰۵/۰۹/۰۱"
              />
              <TextInput
                label="توضیحات"
                autoComplete="off"
                error={errors.desc?.message}
                {...register('desc')}
              />
            </SimpleGrid>
            <Button type="submit" size="md" loading={add.isPending}>
              ثبت
            </Button>
          </Stack>
        </form>
      </Paper>

      {customer ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            حساب {customer.name}
          </Title>
          {pays.data ? (
            <>
              <BalanceSummary balance={pays.data.balance} />
              {pays.data.list.length === 0 ? (
                <Paper withBorder radius="md" p="lg" ta="center">
                  <Text c="dimmed">برای این مشتری دریافت یا پرداختی ثبت نشده است.</Text>
                </Paper>
              ) : (
                <Stack gap="xs" aria-label="دریافت‌ها و پرداخت‌ها">
                  {pays.data.list.map((pay) => (
                    <PayRow
                      key={pay.id}
                      pay={pay}
                      onDelete={() => void remove(pay)}
                      deleting={del.isPending}
                    />
                  ))}
                </Stack>
              )}
            </>
          ) : (
            <Skeleton height={140} radius="md" />
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text c="dimmed">مشتری را انتخاب کنید تا حساب و دریافت و پرداخت‌های او اینجا دیده شود.</Text>
        </Paper>
      )}
    </Stack>
  );
}

function PayRow({ pay, onDelete, deleting }: { pay: PayItem; onDelete: () => void; deleting: boolean }) {
  const date = gregorianToJalali(pay.date);
  return (
    <StripedCard color={pay.type === 1 ? 'teal' : 'orange'}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" color={pay.type === 1 ? 'teal' : 'orange'}>
              {PAY_TYPE_TEXT[pay.type]}
            </Badge>
            <Text size="sm" c="dimmed">
              <Ltr>{date ? toPersianDigits(date) : ''}</Ltr>
            </Text>
          </Group>
          <Text fw={600}>
            {pay.goldMg > 0 ? (
              <>
                <Ltr>{formatGrams(pay.goldMg)}</Ltr> گرم طلا
              </>
            ) : null}
            {pay.goldMg > 0 && pay.money > 0 ? ' · ' : null}
            {pay.money > 0 ? (
              <>
                <Ltr>{formatToman(pay.money)}</Ltr> تومان
              </>
            ) : null}
          </Text>
          {pay.desc ? (
            <Text size="sm" c="dimmed">
              {pay.desc}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`حذف ${PAY_TYPE_TEXT[pay.type]} ${toPersianDigits(date ?? '')}`}
        >
          <IconTrash size={20} />
        </ActionIcon>
      </Group>
    </StripedCard>
  );
}
