import type { FormEvent, ReactNode } from 'react';
import { Button, Paper, SimpleGrid, Group } from '@mantine/core';
import { IconAdjustments } from '../../../components/ui/icons.tsx';
import { jalaliRangeToGregorian } from '@ayar/contract';
import { JalaliRangeInputs, useJalaliRange } from '../../../components/ui/JalaliRangeInputs.tsx';

export interface AppliedDates {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/**
 * The tiles' filter: a name field (workshop or customer, given by the screen), optional Jalali dates,
 * and «اعمال فیلتر». The counts reload only on apply.
 */
export function StatisticsFilter({
  nameField,
  onApply,
  label,
}: {
  nameField: ReactNode;
  onApply: (dates: AppliedDates) => void;
  label: string;
}) {
  const { from, to, setErrors, inputProps } = useJalaliRange();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = jalaliRangeToGregorian(from, to);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply({ fromDate: result.fromDate, toDate: result.toDate });
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={onSubmit} noValidate aria-label={label}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {nameField}
        <JalaliRangeInputs {...inputProps} />
        <Group align="flex-end">
          <Button type="submit" leftSection={<IconAdjustments size={18} />} fullWidth>
            اعمال فیلتر
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}

/** What the search tile covers. */
export function searchHintOf(dates: AppliedDates, jalali: (g: string) => string): string {
  if (dates.fromDate && dates.toDate) return `${jalali(dates.fromDate)} تا ${jalali(dates.toDate)}`;
  if (dates.fromDate) return `از ${jalali(dates.fromDate)}`;
  if (dates.toDate) return `تا ${jalali(dates.toDate)}`;
  return 'همه زمان‌ها';
}
