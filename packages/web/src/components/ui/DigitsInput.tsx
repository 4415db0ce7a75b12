import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { toEnglishDigits, toPersianDigits } from '@ayar/contract';

export interface DigitsInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  /** The value with English digits, as the form keeps it and the API receives it. */
  value?: string;
  /** Called with the value after Persian and Arabic digits were turned into English digits. */
  onChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** Keep only digits (default). Turn off for codes or phones that may carry other characters. */
  digitsOnly?: boolean;
}

/**
 * A decimal number shown as the lists show it (`formatGrams`: «۱۰٫۲۵»): Persian digits and the Persian
 * decimal separator «٫», whichever of «.» and «٫» was typed (docs/product.md §1.5: one way to write a number).
 */
function persianDecimal(text: string): string {
  return toPersianDigits(text).replace(/\./g, '\u066b');
}

/**
 * A numeric text field (docs/product.md §1.5, §6.1): shows Persian digits whichever digits were typed (Latin,
 * Persian or Arabic), and hands the form English digits; numeric keyboard on phones; written left to
 * right inside the RTL page. A decimal field (`inputMode="decimal"`) shows «٫» and hands the form «.».
 * An alphanumeric code belongs in a plain TextInput: it is shown as typed.
 */
export function DigitsInput({ value, onChange, digitsOnly = true, ref, ...rest }: DigitsInputProps) {
  const decimal = rest.inputMode === 'decimal';
  const show = (text: string) => (decimal ? persianDecimal(text) : toPersianDigits(text));
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const el = event.currentTarget;
    const at = el.selectionStart;
    const typed = toEnglishDigits(el.value);
    const english = decimal ? typed.replace(/\u066b/g, '.') : typed;
    // Redrawn in Persian in place (the same length), the caret kept where it was: React then finds
    // the field already showing the new value and leaves the caret alone (it would move it to the end).
    el.value = show(el.value);
    el.setSelectionRange(at, at);
    onChange?.(digitsOnly ? english.replace(/\D/g, '') : english);
  };

  return (
    <TextInput
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      // `dir` on TextInput would flip the label too; only the field itself is left to right.
      attributes={{ ...rest.attributes, input: { ...rest.attributes?.input, dir: 'ltr' } }}
      value={show(value ?? '')}
      onChange={handleChange}
    />
  );
}
