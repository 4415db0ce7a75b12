import { Textarea, TextInput } from '@mantine/core';
import type { TextareaProps, TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { toPersianDigits } from '@ayar/contract';
import { JalaliDateInput } from '../JalaliDateInput.tsx';
import type { JalaliDateInputProps } from '../JalaliDateInput.tsx';
import { asText, useFormField } from './useFormField.ts';
import type { FormFieldProps } from './useFormField.ts';

interface TextOptions {
  /** Shows the stored ASCII digits as Persian digits (Persian text; never codes, addresses or URLs). */
  persianDigits?: boolean;
  /** Written left to right inside the RTL page (account numbers, codes, addresses of the web). */
  ltr?: boolean;
}

const shown = (value: unknown, persianDigits?: boolean) =>
  persianDigits ? toPersianDigits(asText(value)) : asText(value);

/** A text input bound to one form field. */
export function FormTextField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  persianDigits,
  ltr,
  ...input
}: FormFieldProps<TValues, TName, TTransformed, TextInputProps> & TextOptions) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <TextInput
      {...input}
      attributes={
        ltr ? { ...input.attributes, input: { ...input.attributes?.input, dir: 'ltr' } } : input.attributes
      }
      name={field.name}
      ref={ref}
      value={shown(field.value, persianDigits)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

/** A multi-line text bound to one form field. */
export function FormTextareaField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  persianDigits,
  ...input
}: FormFieldProps<TValues, TName, TTransformed, TextareaProps> & Omit<TextOptions, 'ltr'>) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <Textarea
      {...input}
      name={field.name}
      ref={ref}
      value={shown(field.value, persianDigits)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

/** A Jalali date bound to one form field; a description, if any, sits under the field with its error. */
export function FormJalaliDateField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, ...input }: FormFieldProps<TValues, TName, TTransformed, JalaliDateInputProps>) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <JalaliDateInput
      {...input}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={ref}
      error={field.error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
