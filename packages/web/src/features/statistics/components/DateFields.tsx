import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { maskJalaliDate } from '../../../lib/format.ts';

export interface JalaliDateInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
}

/** A Jalali yyyy/mm/dd field: Persian digits accepted, slashes added while typing. */
export function JalaliDateInput({ label, value, onChange, error, placeholder }: JalaliDateInputProps) {
  return (
    <DigitsInput
      label={label}
      digitsOnly={false}
      placeholder={placeholder ?? '۱۴۰۴/۰۱/۰۱'}
      value={value}
      onChange={(v) => onChange(maskJalaliDate(v))}
      error={error}
      maxLength={10}
    />
  );
}
