import { Suspense, lazy, useRef, useState } from 'react';
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { todayJalali } from '@ayar/contract';
import { DigitsInput, type DigitsInputProps } from './DigitsInput.tsx';
import { maskJalaliDate } from '../../lib/format.ts';
import { formatJDay, parseJDay } from '../../lib/jalaliCalendar.ts';
import type { JDay } from '../../lib/jalaliCalendar.ts';

// The month grid loads with the first calendar opened, never with the pages that only show a field
// (nor with the landing page, bench/web-size.ts).
const JalaliCalendar = lazy(() => import('./JalaliCalendar.tsx'));

export type JalaliDateInputProps = Omit<DigitsInputProps, 'digitsOnly' | 'onChange'> & {
  onChange: (value: string) => void;
  /** The earliest day the calendar offers, Jalali yyyy/mm/dd. */
  minDate?: string;
  /** The latest day the calendar offers, Jalali yyyy/mm/dd. */
  maxDate?: string;
};

function CalendarIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
        <path d="M4 10h16M8 3v4M16 3v4" />
      </g>
    </svg>
  );
}

/**
 * A Jalali yyyy/mm/dd field: Persian and Arabic digits accepted, slashes added while typing, and a
 * calendar beside it (a month grid in Persian, weeks from Saturday) for those who would rather pick.
 * Screens convert it for the API with `jalaliToGregorian` (docs/product.md §1.5).
 */
export function JalaliDateInput({
  onChange,
  placeholder,
  minDate,
  maxDate,
  disabled,
  readOnly,
  label,
  ref,
  ...rest
}: JalaliDateInputProps) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputRef = useMergedRef(input, ref);
  const close = () => {
    setOpen(false);
    input.current?.focus();
  };
  const pick = (day: JDay) => {
    onChange(formatJDay(day));
    close();
  };
  const calendar = (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      hideDetached={false}
      returnFocus={false}
      closeOnEscape
      onClose={() => setOpen(false)}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          // Not named after the field: its label names the field alone (getByLabelText, screen readers'
          // form lists); this button sits beside it.
          aria-label="انتخاب از تقویم"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled || readOnly}
          onClick={() => setOpen((o) => !o)}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        {open ? (
          <Suspense fallback={<Loader size="sm" m="md" aria-label="در حال بارگذاری تقویم" />}>
            <JalaliCalendar
              value={parseJDay(rest.value)}
              today={parseJDay(todayJalali()) ?? { y: 1405, m: 1, d: 1 }}
              min={parseJDay(minDate)}
              max={parseJDay(maxDate)}
              onPick={pick}
              onClose={close}
            />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
  return (
    <DigitsInput
      maxLength={10}
      {...rest}
      ref={inputRef}
      label={label}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder ?? '۱۴۰۵/۰۱/۰۱'}
      digitsOnly={false}
      rightSection={calendar}
      rightSectionPointerEvents="all"
      // The page is right to left but the field's text left to right: Mantine pads the section's side
      // by the field's own direction (the right), while the section sits at the page's inline end (the
      // left). Padding the field's start as well keeps the digits clear of the button.
      styles={{ input: { paddingInlineStart: 'var(--input-right-section-size)' } }}
      onChange={(value) => onChange(maskJalaliDate(value))}
    />
  );
}
