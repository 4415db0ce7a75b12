import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  ROUTES,
  customerFormSchema,
  customerSettingsDiff,
  effectiveCustomerSettings,
  formatVage,
  toPersianDigits,
} from '@ayar/contract';
import type {
  AddCustomerInput,
  CustomerDetail,
  CustomerFormInput,
  CustomerFormOutput,
  CustomerWorkshopDefaults,
} from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { getUserSettings } from '../../../lib/auth.ts';
import { useApiMutation } from '../../../lib/query.ts';
import { useUnsavedInput } from '../../../lib/unsaved.ts';
import { applyFieldErrors } from '../../auth/applyFieldErrors.ts';

const FIELDS = ['customerName', 'mobile1', 'mobile2', 'mobile3', 'phone', 'desc', 'vage'] as const;

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
 * The customer form (SPEC.md 2.12, 5): name and first mobile required, mobiles typed in any digits
 * become 09…; the fee and SMS preference start at the workshop's defaults and are sent only when they
 * differ from them (SPEC.md 4).
 */
export function CustomerForm({ customer, onSaved, admin }: CustomerFormProps) {
  const [workshop] = useState<CustomerWorkshopDefaults>(() => admin?.defaults ?? getUserSettings());
  const defaults = { vage: workshop.vage, sendSMS: workshop.sendSMS };
  const [schema] = useState(() => customerFormSchema(workshop.vageType));
  const save = useApiMutation<number, AddCustomerInput>(
    admin ? ROUTES.manage.editCustomer : ROUTES.customer.addCustomer,
  );
  const form = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: customer ? valuesOf(customer, defaults) : emptyValues(defaults),
  });
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

  const mobile = (name: 'mobile1' | 'mobile2' | 'mobile3', label: string, required = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DigitsInput
          label={label}
          withAsterisk={required}
          digitsOnly={false}
          inputMode="tel"
          type="tel"
          placeholder="۰۹۱۲۱۲۳۴۵۶۷"
          maxLength={16}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={customer ? 'ویرایش مشتری' : 'ثبت مشتری'}>
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {mobile('mobile1', 'موبایل', true)}
          {mobile('mobile2', 'موبایل دوم')}
          {mobile('mobile3', 'موبایل سوم')}
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <DigitsInput
                label="تلفن"
                digitsOnly={false}
                inputMode="tel"
                type="tel"
                maxLength={20}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.phone?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="vage"
          render={({ field }) => (
            <DigitsInput
              label={workshop.vageType === 1 ? 'اجرت (تومان)' : 'درصد اجرت (٪)'}
              description={`پیش‌فرض آزمایشگاه: ${formatVage(defaults.vage, workshop.vageType)}؛ فقط اگر برای این مشتری فرق دارد تغییر دهید`}
              digitsOnly={workshop.vageType === 1}
              inputMode={workshop.vageType === 1 ? 'numeric' : 'decimal'}
              value={field.value}
              onChange={(v) => field.onChange(v.replace('\u066b', '.').replace(/[^\d.]/g, ''))}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.vage?.message}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
        />
        <Controller
          control={control}
          name="sendSMS"
          render={({ field }) => (
            <Switch
              label="ارسال پیامک نتیجه به این مشتری"
              description={`پیش‌فرض آزمایشگاه: ${defaults.sendSMS ? 'ارسال شود' : 'ارسال نشود'}`}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
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
          <Button type="submit" size="md" loading={save.isPending} fullWidth={false} miw={160}>
            {customer ? 'ذخیره تغییرات' : 'ثبت مشتری'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
