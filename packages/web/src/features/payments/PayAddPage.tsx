import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  PAY_TYPE_TEXT,
  formatGrams,
  formatToman,
  gregorianToJalali,
  payFormSchema,
  toPersianDigits,
  todayJalali,
} from '@ayar/contract';
import type { CustomerSearchItem, PayFormInput, PayFormOutput, PayItem } from '@ayar/contract';
import { CustomerAutocomplete } from '../../components/search/CustomerAutocomplete.tsx';
import {
  FormGramsField,
  FormJalaliDateField,
  FormSegmentedField,
  FormTomanField,
  useFormField,
} from '../../components/ui/form/index.ts';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { StripedCard } from '../../components/ui/StripedCard.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { IconTrash } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { PAYMENTS_KEY, paymentQueries, useAddPay, useDeletePay } from './api.ts';
import { BalanceSummary } from './components/BalanceSummary.tsx';
import { SEP } from '../../lib/format.ts';
import { href } from '../../lib/screens.ts';

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

/** The customer field: the picker shows the chosen customer, the form keeps its id. */
function CustomerField(props: {
  control: Control<PayFormInput, unknown, PayFormOutput>;
  value: CustomerSearchItem | null;
  onChange: (customer: CustomerSearchItem | null) => void;
}) {
  const field = useFormField(props.control, 'customerId');
  return (
    <CustomerAutocomplete
      label="مشتری"
      withAsterisk
      value={props.value}
      error={field.error}
      onChange={(value) => {
        props.onChange(value);
        field.onChange(value?.id ?? '');
      }}
    />
  );
}

/** The receipt or payment form; after a save it keeps the customer, the type and the date. */
function PayForm(props: {
  customer: CustomerSearchItem | null;
  onCustomer: (customer: CustomerSearchItem | null) => void;
  onSaved: () => Promise<unknown>;
}) {
  const add = useAddPay();
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

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await add.mutateAsync(values);
      alertSuccess(result.message);
      const current = form.getValues();
      form.reset(blank({ customerId: current.customerId, type: current.type, date: current.date }));
      await props.onSaved();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="ثبت پرداخت">
      <Stack gap="sm">
        <CustomerField control={control} value={props.customer} onChange={props.onCustomer} />
        <FormSegmentedField
          control={control}
          name="type"
          label="نوع"
          color={(type) => (type === '2' ? 'orange' : 'teal')}
          data={[
            { value: '1', label: 'دریافت از مشتری' },
            { value: '2', label: 'پرداخت به مشتری' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormGramsField
            control={control}
            name="gold"
            label="طلا (گرم)"
            placeholder="۱۲٫۳۴۵"
            description="تا سه رقم اعشار (میلی‌گرم)"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <FormTomanField control={control} name="money" maxLength={12} emptyHint="بدون اعشار" />
          <FormJalaliDateField
            control={control}
            name="date"
            label="تاریخ"
            withAsterisk
            placeholder="۱۴۰۵/۰۹/۰۱"
          />
          <TextInput label="توضیحات" autoComplete="off" error={errors.desc?.message} {...register('desc')} />
        </SimpleGrid>
        <Button type="submit" size="md" loading={add.isPending}>
          ثبت
        </Button>
      </Stack>
    </form>
  );
}

/** The chosen customer's running account and their receipts and payments, each with a delete. */
function CustomerAccount({
  customer,
  onChanged,
}: {
  customer: CustomerSearchItem;
  onChanged: () => Promise<unknown>;
}) {
  const pays = useQuery(paymentQueries.pays(customer.id));
  const del = useDeletePay();

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
    await onChanged();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          حساب {customer.name}
        </Title>
        <Group gap="xs">
          <ExportButton name="pays" filters={{ cid: customer.id }} />
          <Button component={Link} to={href('customer/statement', { id: customer.id })} variant="default">
            چاپ صورت‌حساب
          </Button>
        </Group>
      </Group>
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
                <PayRow key={pay.id} pay={pay} onDelete={() => void remove(pay)} deleting={del.isPending} />
              ))}
            </Stack>
          )}
        </>
      ) : (
        <Skeleton height={140} radius="md" />
      )}
    </Stack>
  );
}

/**
 * pay/add (docs/product.md §2.13): a receipt or a payment of gold and money, and the customer's running
 * account.
 */
export function PayAddPage() {
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
  return (
    <Stack gap="md" maw={820} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <PayForm customer={customer} onCustomer={setCustomer} onSaved={refresh} />
      </Paper>
      {customer ? (
        <CustomerAccount customer={customer} onChanged={refresh} />
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
            {pay.goldMg > 0 && pay.money > 0 ? SEP : null}
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
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={href('pay/receipt', { customerId: pay.customerId, id: pay.id })}
            variant="subtle"
            size="compact-sm"
            aria-label={`رسید ${PAY_TYPE_TEXT[pay.type]} ${toPersianDigits(date ?? '')}`}
          >
            رسید
          </Button>
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
      </Group>
    </StripedCard>
  );
}
