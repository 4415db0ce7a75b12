import { useState } from 'react';
import type { MantineSize } from '@mantine/core';
import type { DateRangeErrors } from '@ayar/contract';
import { JalaliDateInput } from './JalaliDateInput.tsx';

export type RangeField = keyof DateRangeErrors;

/**
 * The text of a from/to pair and its errors, for a form that checks the range on submit: typing in a
 * field clears that field's error. `inputProps` goes to JalaliRangeInputs as it is.
 */
export function useJalaliRange(initial: () => { from: string; to: string } = () => ({ from: '', to: '' })) {
  const [range, setRange] = useState(initial);
  const [errors, setErrors] = useState<DateRangeErrors>({});
  const onChange = (field: RangeField, value: string) => {
    setRange((r) => (field === 'fromDate' ? { ...r, from: value } : { ...r, to: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return {
    from: range.from,
    to: range.to,
    setRange,
    setErrors,
    inputProps: { from: range.from, to: range.to, errors, onChange },
  };
}

/**
 * «از تاریخ» and «تا تاریخ» side by side in the caller's grid, with the errors of
 * `jalaliRangeToGregorian` under them. The screen decides when a range applies (on submit, or once
 * both dates are whole).
 */
export function JalaliRangeInputs({
  from,
  to,
  errors,
  onChange,
  onBlur,
  size,
}: {
  from: string;
  to: string;
  errors: DateRangeErrors;
  onChange: (field: RangeField, value: string) => void;
  onBlur?: () => void;
  size?: MantineSize;
}) {
  return (
    <>
      <JalaliDateInput
        label="از تاریخ"
        size={size}
        value={from}
        error={errors.fromDate}
        onChange={(v) => onChange('fromDate', v)}
        onBlur={onBlur}
      />
      <JalaliDateInput
        label="تا تاریخ"
        size={size}
        value={to}
        error={errors.toDate}
        onChange={(v) => onChange('toDate', v)}
        onBlur={onBlur}
      />
    </>
  );
}
