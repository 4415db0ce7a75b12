import { DigitsInput, type DigitsInputProps } from './DigitsInput.tsx';
import { maskJalaliDate } from '../../lib/format.ts';

export type JalaliDateInputProps = Omit<DigitsInputProps, 'digitsOnly' | 'onChange'> & {
  onChange: (value: string) => void;
};

/**
 * A Jalali yyyy/mm/dd field: Persian and Arabic digits accepted, slashes added while typing. Screens
 * convert it for the API with `jalaliToGregorian` (docs/product.md §1.5).
 */
export function JalaliDateInput({ onChange, placeholder, ...rest }: JalaliDateInputProps) {
  return (
    <DigitsInput
      maxLength={10}
      {...rest}
      placeholder={placeholder ?? '۱۴۰۵/۰۱/۰۱'}
      digitsOnly={false}
      onChange={(value) => onChange(maskJalaliDate(value))}
    />
  );
}
