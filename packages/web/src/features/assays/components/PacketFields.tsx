import { Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import type { Control, FieldPathByValue } from 'react-hook-form';
import {
  FormCheckboxField,
  FormDigitsField,
  FormTextField,
  useFormField,
} from '../../../components/ui/form/index.ts';
import type { FormDigitsFieldProps, TextPath } from '../../../components/ui/form/index.ts';

/** What a packet form holds for an «مشتری متفرقه» packet's owner, as typed. */
export type OwnerValues = { testFullName: string; testMobile: string };

export interface OwnerFieldsProps<TValues extends OwnerValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** For a screen whose keyboard flow finds its fields by id. */
  ids?: { name: string; mobile: string };
  /** Where a screen's mobile field differs from the workshop screens' (type, hint, length). */
  mobile?: Pick<
    FormDigitsFieldProps<TValues, TextPath<TValues>, TTransformed>,
    'type' | 'placeholder' | 'maxLength'
  >;
}

/**
 * The owner's name and mobile of an «مشتری متفرقه» packet, side by side in whatever grid the screen
 * puts them; the contract requires both for that customer.
 */
export function OwnerFields<TValues extends OwnerValues, TTransformed = TValues>({
  control,
  ids,
  mobile,
}: OwnerFieldsProps<TValues, TTransformed>) {
  // `TValues` has both as text by its constraint, which TypeScript cannot see through the generic path type.
  const nameField = 'testFullName' as FieldPathByValue<TValues, string>;
  const mobileField = 'testMobile' as TextPath<TValues>;
  return (
    <>
      <FormTextField
        control={control}
        name={nameField}
        label="نام صاحب نمونه"
        withAsterisk
        autoComplete="off"
        id={ids?.name}
      />
      <FormDigitsField
        control={control}
        name={mobileField}
        label="موبایل صاحب نمونه"
        withAsterisk
        inputMode="tel"
        digitsOnly={false}
        maxLength={14}
        {...mobile}
        id={ids?.mobile}
      />
    </>
  );
}

/** What a packet form holds for its test type: the id, and the name the request carries with it. */
export type TypeValues = { type: string; typeName: string };

export type PacketTypeFieldProps<TValues extends TypeValues, TTransformed> = Omit<
  SelectProps,
  'data' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'allowDeselect'
> & {
  control: Control<TValues, unknown, TTransformed>;
  /** The workshop's own types, or every type for the admin. */
  types: readonly { id: string; name: string }[];
  /** A type was picked: a keyboard-first form moves on. */
  onPicked?: () => void;
};

/** The packet's test type; picking one fills in its name as well, and a packet always keeps one. */
export function PacketTypeField<TValues extends TypeValues, TTransformed = TValues>({
  control,
  types,
  onPicked,
  ...select
}: PacketTypeFieldProps<TValues, TTransformed>) {
  // `TValues` has both as text by its constraint, which TypeScript cannot see through the generic path type.
  const { ref, value, onChange, onBlur, error } = useFormField(
    control,
    'type' as FieldPathByValue<TValues, string>,
  );
  const { onChange: setTypeName } = useFormField(control, 'typeName' as FieldPathByValue<TValues, string>);
  return (
    <Select
      {...select}
      data={types.map((t) => ({ value: t.id, label: t.name }))}
      value={(value as string) || null}
      allowDeselect={false}
      onChange={(picked) => {
        onChange(picked ?? '');
        setTypeName(types.find((t) => t.id === picked)?.name ?? '');
        if (picked) onPicked?.();
      }}
      onBlur={onBlur}
      ref={ref}
      error={error}
    />
  );
}

export interface SmsFieldProps<TValues extends { sendSMS: boolean }, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** For a screen whose keyboard flow finds its fields by id. */
  id?: string;
  /** The new choice, for a screen that keeps the voice call (sendCall) in step with it. */
  onToggle?: (on: boolean) => void;
}

/** Whether the customer is told of the result by SMS. */
export function SmsField<TValues extends { sendSMS: boolean }, TTransformed = TValues>({
  control,
  id,
  onToggle,
}: SmsFieldProps<TValues, TTransformed>) {
  return (
    <FormCheckboxField
      control={control}
      name={'sendSMS' as FieldPathByValue<TValues, boolean>}
      label="اطلاع‌رسانی پیامکی به مشتری"
      onCheckedChange={onToggle}
      id={id}
    />
  );
}
