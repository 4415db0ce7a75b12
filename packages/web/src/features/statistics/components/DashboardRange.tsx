import type { FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid } from '@mantine/core';
import { statisticsPeriods, todayJalali, gregorianToJalali, addDays } from '@ayar/contract';
import type { DayRange } from '@ayar/contract';
import { IconSearch } from '../../../components/ui/icons.tsx';
import { jalaliRangeToGregorian } from '@ayar/contract';
import type { DateFilter } from '../api.ts';
import { JalaliRangeInputs, useJalaliRange } from '../../../components/ui/JalaliRangeInputs.tsx';

const jalaliOf = (range: DayRange) => ({
  from: gregorianToJalali(range.from) ?? '',
  to: gregorianToJalali(addDays(range.to, -1)) ?? '',
});

/**
 * The admin dashboard's from/to Jalali dates (docs/product.md §2.7), today by default, sent as Gregorian;
 * with one-tap presets for today, this week and this month (Tehran periods).
 */
export function DashboardRange({ onApply }: { onApply: (range: DateFilter) => void }) {
  const { from, to, setRange, setErrors, inputProps } = useJalaliRange(() => ({
    from: todayJalali(),
    to: todayJalali(),
  }));

  const apply = (f: string, t: string) => {
    const result = jalaliRangeToGregorian(f, t, true);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply({ fromDate: result.fromDate!, toDate: result.toDate! });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(from, to);
  };
  const preset = (key: 'today' | 'week' | 'month') => {
    const j = jalaliOf(statisticsPeriods()[key]);
    setRange(j);
    apply(j.from, j.to);
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="بازه داشبورد"
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <JalaliRangeInputs {...inputProps} />
        <Group gap={6} align="flex-end" wrap="nowrap" style={{ gridColumn: 'span 2' }}>
          <Button type="submit" leftSection={<IconSearch size={18} />}>
            نمایش
          </Button>
          <Button variant="subtle" px={8} onClick={() => preset('today')}>
            امروز
          </Button>
          <Button variant="subtle" px={8} onClick={() => preset('week')}>
            این هفته
          </Button>
          <Button variant="subtle" px={8} onClick={() => preset('month')}>
            این ماه
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
