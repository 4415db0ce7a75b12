import type { FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { formatToman, toEnglishDigits } from '@ayar/contract';
import { cleanGrams } from '../../../lib/grams.ts';
import { DigitsInput } from '../DigitsInput.tsx';
import type { DigitsInputProps } from '../DigitsInput.tsx';
import { asText, useFormField } from './useFormField.ts';
import type { FormFieldProps } from './useFormField.ts';

/**
 * A field the form keeps as typed text: numbers stay text until the contract's schema reads them, so a
 * field the form keeps as a number (or a yes/no) cannot be bound to a typed input.
 */
export type TextPath<TValues extends FieldValues> = {
  [P in FieldPath<TValues>]: FieldPathValue<TValues, P> extends number | boolean ? never : P;
}[FieldPath<TValues>];

export type FormDigitsFieldProps<
  TValues extends FieldValues,
  TName extends TextPath<TValues>,
  TTransformed = TValues,
> = FormFieldProps<TValues, TName, TTransformed, DigitsInputProps> & {
  /** Cleans what was typed (its digits already English) before the form keeps it. */
  parse?: (typed: string) => string;
  /** Typing filled the field to `maxLength`: a keyboard-first form moves on without waiting for Enter. */
  onFilled?: () => void;
  /** Told of each new value after the form has it (a screen clearing a message of its own). */
  onValueChange?: (value: string) => void;
};

/**
 * A `DigitsInput` bound to one form field: numbers, codes and phones typed in any digits, kept as
 * text with English digits until the contract's schema reads them.
 */
export function FormDigitsField<
  TValues extends FieldValues,
  TName extends TextPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  parse,
  onFilled,
  onValueChange,
  ...input
}: FormDigitsFieldProps<TValues, TName, TTransformed>) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <DigitsInput
      {...input}
      name={field.name}
      value={asText(field.value)}
      onChange={(typed) => {
        const next = parse ? parse(typed) : typed;
        field.onChange(next);
        onValueChange?.(next);
        if (onFilled && next.length === input.maxLength) onFilled();
      }}
      onBlur={field.onBlur}
      ref={ref}
      error={field.error}
    />
  );
}

/** A weight in grams with up to three decimals, typed by the one rule of `lib/grams.ts`. */
export function FormGramsField<
  TValues extends FieldValues,
  TName extends TextPath<TValues>,
  TTransformed = TValues,
>(props: Omit<FormDigitsFieldProps<TValues, TName, TTransformed>, 'digitsOnly' | 'parse'>) {
  return <FormDigitsField inputMode="decimal" {...props} digitsOnly={false} parse={cleanGrams} />;
}

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
  const { ref, ...field } = useFormField(control, name);
  const typed = String(field.value ?? '');
  return (
    <DigitsInput
      label="مبلغ (تومان)"
      {...input}
      value={typed}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={ref}
      error={field.error}
      description={tomanHint(typed) ?? emptyHint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
