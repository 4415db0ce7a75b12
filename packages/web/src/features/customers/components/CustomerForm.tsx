import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  customerFormSchema,
  customerSettingsDiff,
  effectiveCustomerSettings,
  formatVage,
  toPersianDigits,
} from '@ayar/contract';
import type {
  CustomerDetail,
  CustomerFormInput,
  CustomerFormOutput,
  CustomerWorkshopDefaults,
} from '@ayar/contract';
import { FormDigitsField, FormSwitchField } from '../../../components/ui/form/index.ts';
import { alertSuccess } from '../../../lib/alert.ts';
import { getUserSettings } from '../../../lib/auth.ts';
import { useUnsavedInput } from '../../../lib/unsaved.ts';
import { applyFieldErrors } from '../../../lib/applyFieldErrors.ts';
import { KEY_LABELS, submitOnSaveKey, withKeys } from '../../../lib/keys.ts';
import { useSaveCustomer } from '../api.ts';

const FIELDS = ['customerName', 'mobile1', 'mobile2', 'mobile3', 'phone', 'desc', 'vage'] as const;
/** A mobile typed in any digits (the contract makes it 09…). */
const MOBILE = {
  digitsOnly: false,
  inputMode: 'tel',
  type: 'tel',
  placeholder: '۰۹۱۲۱۲۳۴۵۶۷',
  maxLength: 16,
} as const;

function emptyValues(defaults: { vage: number; sendSMS: boolean }): CustomerFormInput {
  return {
    customerName: '',
    mobile1: '',
    mobile2: '',
    mobile3: '',
    phone: '',
    desc: '',
    vage: String(defaults.vage),
    sendSMS: defaults.sendSMS,
  };
}

function valuesOf(customer: CustomerDetail, defaults: { vage: number; sendSMS: boolean }): CustomerFormInput {
  const settings = effectiveCustomerSettings(customer.settings, defaults);
  return {
    customerName: customer.customerName,
    mobile1: customer.mobile1 ?? '',
    mobile2: customer.mobile2 ?? '',
    mobile3: customer.mobile3 ?? '',
    phone: customer.phone ?? '',
    desc: customer.desc ?? '',
    vage: String(settings.vage),
    sendSMS: settings.sendSMS,
  };
}

/** Three mobiles (the first required) and a phone. */
function CustomerPhones({ control }: { control: Control<CustomerFormInput, unknown, CustomerFormOutput> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <FormDigitsField control={control} name="mobile1" label="موبایل" withAsterisk {...MOBILE} />
      <FormDigitsField control={control} name="mobile2" label="موبایل دوم" {...MOBILE} />
      <FormDigitsField control={control} name="mobile3" label="موبایل سوم" {...MOBILE} />
      <FormDigitsField
        control={control}
        name="phone"
        label="تلفن"
        digitsOnly={false}
        inputMode="tel"
        type="tel"
        maxLength={20}
      />
    </SimpleGrid>
  );
}

export interface CustomerFormProps {
  /** The customer being edited; left out, the form creates one. */
  customer?: CustomerDetail;
  onSaved: (code: number) => void;
  /**
   * The admin editing a lab's customer (ADR 0025): that lab's fee type and defaults instead of the
   * signed-in lab's, saved through `/Manage/EditCustomer`.
   */
  admin?: { defaults: CustomerWorkshopDefaults };
}

/**
 * The form under the workshop's fee type and defaults (the signed-in lab's, or for the admin the
 * customer's lab's), read once: the customer's values, or an empty customer at the defaults.
 */
function useCustomerForm(customer: CustomerDetail | undefined, admin: CustomerFormProps['admin']) {
  const [workshop] = useState<CustomerWorkshopDefaults>(() => admin?.defaults ?? getUserSettings());
  const defaults = { vage: workshop.vage, sendSMS: workshop.sendSMS };
  const [schema] = useState(() => customerFormSchema(workshop.vageType));
  const form = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: customer ? valuesOf(customer, defaults) : emptyValues(defaults),
  });
  return { workshop, defaults, form };
}

/**
 * The customer form (docs/product.md §2.12, §6.1): name and first mobile required, mobiles typed in any
 * digits become 09…; the fee and SMS preference start at the workshop's defaults and are sent only when they
 * differ from them (docs/product.md §4.5).
 */
export function CustomerForm({ customer, onSaved, admin }: CustomerFormProps) {
  const { workshop, defaults, form } = useCustomerForm(customer, admin);
  const save = useSaveCustomer(admin !== undefined);
  const {
    control,
    register,
    formState: { errors, isDirty },
  } = form;
  useUnsavedInput(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    const { vage, sendSMS, ...fields } = values;
    try {
      const result = await save.mutateAsync({
        ...fields,
        customerId: customer?.customerId ?? null,
        settings: customerSettingsDiff({ vage, sendSMS }, defaults),
      });
      alertSuccess(
        customer ? result.message : `${result.message} (کد مشتری: ${toPersianDigits(result.data)})`,
      );
      if (!customer) form.reset(emptyValues(defaults));
      onSaved(result.data);
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
      applyFieldErrors(error, form.setError, ['vage'], 'settings.');
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={submitOnSaveKey}
      noValidate
      aria-label={customer ? 'ویرایش مشتری' : 'ثبت مشتری'}
    >
      <Stack gap="sm">
        {customer ? (
          <TextInput label="کد مشتری" value={toPersianDigits(customer.code)} readOnly variant="filled" />
        ) : null}
        <TextInput
          label="نام مشتری"
          withAsterisk
          autoComplete="off"
          error={errors.customerName?.message}
          {...register('customerName')}
        />
        <CustomerPhones control={control} />
        <FormDigitsField
          control={control}
          name="vage"
          label={workshop.vageType === 1 ? 'اجرت (تومان)' : 'درصد اجرت (٪)'}
          description={`پیش‌فرض آزمایشگاه: ${formatVage(defaults.vage, workshop.vageType)}؛ فقط اگر برای این مشتری فرق دارد تغییر دهید`}
          digitsOnly={workshop.vageType === 1}
          inputMode={workshop.vageType === 1 ? 'numeric' : 'decimal'}
          parse={(v) => v.replace('\u066b', '.').replace(/[^\d.]/g, '')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <FormSwitchField
          control={control}
          name="sendSMS"
          label="ارسال پیامک نتیجه به این مشتری"
          description={`پیش‌فرض آزمایشگاه: ${defaults.sendSMS ? 'ارسال شود' : 'ارسال نشود'}`}
        />
        <Textarea
          label="توضیحات"
          autosize
          minRows={2}
          maxRows={5}
          error={errors.desc?.message}
          {...register('desc')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={save.isPending}
            fullWidth={false}
            miw={160}
            title={withKeys(customer ? 'ذخیره تغییرات' : 'ثبت مشتری', KEY_LABELS.save)}
            aria-keyshortcuts="Control+Enter"
          >
            {customer ? 'ذخیره تغییرات' : 'ثبت مشتری'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
