import { Checkbox, Select, TextInput } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useController } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { toEnglishDigits } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import type { DigitsInputProps } from '../../../components/ui/DigitsInput.tsx';

/**
 * What a person typed as grams, cleaned as they type: Persian/Arabic digits become English, '٫' and '/'
 * (the Persian keyboard's decimal key) become '.', one decimal point, at most three decimals.
 */
export function cleanGrams(input: string): string {
  const text = toEnglishDigits(input).replace(/[\u066b/]/g, '.');
  let out = '';
  let dot = false;
  let decimals = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (dot) {
        if (decimals >= 3) continue;
        decimals += 1;
      }
      out += ch;
    } else if (ch === '.' && !dot) {
      dot = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

export type FormDigitsFieldProps<
  TValues extends FieldValues,
  TName extends FieldPathByValue<TValues, string>,
  TTransformed = TValues,
> = Omit<DigitsInputProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'name' | 'error'> & {
  control: Control<TValues, unknown, TTransformed>;
  /** A text field of the form: numbers stay text until the contract's schema reads them. */
  name: TName;
  /** Cleans what was typed (its digits already English) before the form keeps it. */
  parse?: (typed: string) => string;
  /** Typing filled the field to `maxLength`: a keyboard-first form moves on without waiting for Enter. */
  onFilled?: () => void;
};

/**
 * A `DigitsInput` bound to one react-hook-form field. The error under it is the form's own error for
 * that field, so a screen cannot show another field's message or a stale one.
 */
export function FormDigitsField<
  TValues extends FieldValues,
  TName extends FieldPathByValue<TValues, string>,
  TTransformed = TValues,
>({ control, name, parse, onFilled, ...input }: FormDigitsFieldProps<TValues, TName, TTransformed>) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <DigitsInput
      {...input}
      // `TName` only names string fields, which TypeScript cannot see through the generic path type.
      value={value as string}
      onChange={(typed) => {
        const next = parse ? parse(typed) : typed;
        onChange(next);
        if (onFilled && next.length === input.maxLength) onFilled();
      }}
      onBlur={onBlur}
      ref={ref}
      error={error?.message}
    />
  );
}

/** A weight in grams with up to three decimals (SPEC.md 1: gold shows up to 3 decimals). */
export function FormGramsField<
  TValues extends FieldValues,
  TName extends FieldPathByValue<TValues, string>,
  TTransformed = TValues,
>(props: Omit<FormDigitsFieldProps<TValues, TName, TTransformed>, 'digitsOnly' | 'parse'>) {
  return <FormDigitsField inputMode="decimal" {...props} digitsOnly={false} parse={cleanGrams} />;
}

/** What a packet form holds for an «مشتری متفرقه» packet's owner, as typed. */
export type OwnerValues = { testFullName: string; testMobile: string };

export interface OwnerFieldsProps<TValues extends OwnerValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** For a screen whose keyboard flow finds its fields by id. */
  ids?: { name: string; mobile: string };
  /** Where a screen's mobile field differs from the workshop screens' (type, hint, length). */
  mobile?: Pick<
    FormDigitsFieldProps<TValues, FieldPathByValue<TValues, string>, TTransformed>,
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
  const mobileField = 'testMobile' as FieldPathByValue<TValues, string>;
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: nameField });
  return (
    <>
      <TextInput
        label="نام صاحب نمونه"
        withAsterisk
        autoComplete="off"
        name={name}
        value={value as string}
        onChange={onChange}
        onBlur={onBlur}
        ref={ref}
        error={error?.message}
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
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: 'type' as FieldPathByValue<TValues, string> });
  const {
    field: { onChange: setTypeName },
  } = useController({ control, name: 'typeName' as FieldPathByValue<TValues, string> });
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
      error={error?.message}
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
  const {
    field: { value, onChange, ref },
  } = useController({ control, name: 'sendSMS' as FieldPathByValue<TValues, boolean> });
  return (
    <Checkbox
      label="اطلاع‌رسانی پیامکی به مشتری"
      checked={value as boolean}
      onChange={(event) => {
        onChange(event.currentTarget.checked);
        onToggle?.(event.currentTarget.checked);
      }}
      ref={ref}
      id={id}
    />
  );
}
