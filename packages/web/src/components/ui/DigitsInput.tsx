import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { toEnglishDigits } from '@ayar/contract';

export interface DigitsInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value?: string;
  /** Called with the value after Persian and Arabic digits were turned into English digits. */
  onChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** Keep only digits (default). Turn off for codes or phones that may carry other characters. */
  digitsOnly?: boolean;
}

/**
 * A numeric text field (SPEC.md 1, 5): Persian (۰–۹) and Arabic (٠–٩) digits become English as the user
 * types; numeric keyboard on phones; written left to right inside the RTL page.
 */
export function DigitsInput({ value, onChange, digitsOnly = true, ref, ...rest }: DigitsInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const english = toEnglishDigits(event.currentTarget.value);
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
      value={value ?? ''}
      onChange={handleChange}
    />
  );
}
