import { ASSAY_FILTER_LABELS } from '@ayar/contract';
import type { DateRangeErrors } from '@ayar/contract';
import { JalaliDateInput } from '../../../components/ui/JalaliDateInput.tsx';

/** docs/product.md §2.11, §2.14: 1 customer name, 2 customer code, 3 packet number, 4 purity. */
export const FILTER_TYPES = ([1, 2, 3, 4] as const).map((t) => ({
  value: String(t),
  label: ASSAY_FILTER_LABELS[t],
}));

export type DateField = keyof DateRangeErrors;

// The hints span a whole year: its first day for «از تاریخ», its last for «تا تاریخ».
const DATE_FIELDS = [
  { field: 'fromDate', label: 'از تاریخ', placeholder: '۱۴۰۵/۰۱/۰۱' },
  { field: 'toDate', label: 'تا تاریخ', placeholder: '۱۴۰۵/۱۲/۲۹' },
] as const;

export interface PacketDateRangeProps {
  /** The dates as typed (Jalali); the filter converts them when it is applied. */
  value: Record<DateField, string>;
  errors: DateRangeErrors;
  onChange: (field: DateField, value: string) => void;
}

/** «از تاریخ» and «تا تاریخ» of the packet lists' filters, in whatever grid the filter puts them. */
export function PacketDateRange({ value, errors, onChange }: PacketDateRangeProps) {
  return DATE_FIELDS.map(({ field, label, placeholder }) => (
    <JalaliDateInput
      key={field}
      label={label}
      placeholder={placeholder}
      value={value[field]}
      onChange={(typed) => onChange(field, typed)}
      error={errors[field]}
    />
  ));
}
