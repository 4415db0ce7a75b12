import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { formatToman, toEnglishDigits } from '@ayar/contract';
import { DigitsInput } from './DigitsInput.tsx';
import type { DigitsInputProps } from './DigitsInput.tsx';
import { JalaliDateInput } from './JalaliDateInput.tsx';
import type { JalaliDateInputProps } from './JalaliDateInput.tsx';

/** What binds a field to its form; the form gives the value, the handlers and the error. */
type BoundProps = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'name' | 'error';

export type FormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
  TInput,
> = Omit<TInput, BoundProps> & {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
};

/** An amount as typed, read back in toman with separators: «۲۵۰٬۰۰۰ تومان»; nothing while empty. */
function tomanHint(typed: string): string | undefined {
  const digits = toEnglishDigits(typed).replace(/\D/g, '');
  return digits ? `${formatToman(Number(digits))} تومان` : undefined;
}

/**
 * «مبلغ (تومان)» bound to one form field, reading the typed amount back under it so a missing or extra
 * zero shows before it is sent. The value stays text until the contract's schema reads it.
 */
export function FormTomanField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  emptyHint,
  ...input
}: FormFieldProps<TValues, TName, TTransformed, Omit<DigitsInputProps, 'description' | 'digitsOnly'>> & {
  /** Under the field while it is empty: the range allowed, or how to type it. */
  emptyHint: string;
}) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name });
  const typed = String(value ?? '');
  return (
    <DigitsInput
      label="مبلغ (تومان)"
      {...input}
      value={typed}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={error?.message}
      description={tomanHint(typed) ?? emptyHint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** A Jalali date bound to one form field; a description, if any, sits under the field with its error. */
export function FormJalaliDateField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, ...input }: FormFieldProps<TValues, TName, TTransformed, JalaliDateInputProps>) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <JalaliDateInput
      {...input}
      value={String(value ?? '')}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={error?.message}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
