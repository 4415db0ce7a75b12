import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { jalaliRangeToGregorian, toPersianDigits } from '@ayar/contract';
import type { StaffStatisticsRow } from '@ayar/contract';
import { JalaliRangeInputs, useJalaliRange } from '../ui/JalaliRangeInputs.tsx';
import { Ltr } from '../ui/LtrText.tsx';
import { roleNames } from '../../lib/roles.ts';
import { FOCUSABLE_SCROLL } from '../ui/tableScroll.ts';

// ADR 0050: each person's purities in a period, for the owner («آمار کارکنان») and the administrator
// (a lab's edit screen); the same table, each screen reading its own route.

/** The period the table asks for: Gregorian yyyy-mm-dd, open on a side left empty. */
export interface StaffPeriod {
  fromDate?: string;
  toDate?: string;
}

/** The correction rate as a Persian percent with one decimal («۲٫۵٪»); «—» when they recorded none. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${toPersianDigits((rate * 100).toFixed(1)).replace('.', '٫')}٪`;
}

const COLUMNS = [
  'نام',
  'کد کارمند',
  'نقش‌ها',
  'ثبت عیار',
  'تأیید',
  'اصلاح',
  'اصلاح عیارهای او',
  'باطل شده',
  'نرخ اصلاح',
] as const;

const num = (n: number) => <Ltr>{toPersianDigits(n)}</Ltr>;

function StatsRow({ row }: { row: StaffStatisticsRow }) {
  const cells: ReactNode[] = [
    num(row.staffCode),
    roleNames(row.roles),
    num(row.recorded),
    num(row.verified),
    num(row.corrected),
    num(row.correctedOfTheirs),
    num(row.withdrawn),
    <Ltr key="rate">{formatRate(row.correctionRate)}</Ltr>,
  ];
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {row.fullName}
        {row.suspended ? (
          <Text span size="xs" c="red" ms={6}>
            (تعلیق‌شده)
          </Text>
        ) : null}
      </Table.Th>
      {cells.map((cell, i) => (
        <Table.Td key={COLUMNS[i + 1]}>{cell}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** The table of people: one row each, scrolling sideways on a phone. */
export function StaffStatisticsTable({ list }: { list: readonly StaffStatisticsRow[] }) {
  if (list.length === 0) return <Text c="dimmed">در این بازه عیاری ثبت نشده است.</Text>;
  return (
    // Focusable so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={760} {...FOCUSABLE_SCROLL}>
      <Table striped verticalSpacing="xs" aria-label="آمار کارکنان">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((row) => (
            <StatsRow key={row.id} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** «از تاریخ» / «تا تاریخ» (Jalali) and «اعمال», checked by `jalaliRangeToGregorian`. */
function PeriodForm({ onApply }: { onApply: (period: StaffPeriod) => void }) {
  const range = useJalaliRange();
  return (
    <form
      aria-label="بازه آمار کارکنان"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = jalaliRangeToGregorian(range.from, range.to);
        range.setErrors(checked.ok ? {} : checked.errors);
        if (checked.ok) onApply({ fromDate: checked.fromDate, toDate: checked.toDate });
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
        <JalaliRangeInputs {...range.inputProps} />
        <Group gap="xs">
          <Button type="submit">اعمال</Button>
          <Button
            variant="default"
            onClick={() => {
              range.setRange({ from: '', to: '' });
              range.setErrors({});
              onApply({});
            }}
          >
            همه زمان‌ها
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}

/** The period state a screen keeps and passes to its query. */
export function useStaffPeriod() {
  return useState<StaffPeriod>({});
}

/**
 * The period's form and the table, for the query the screen runs (`data` null: the answer had no
 * list, shown as the failure it is).
 */
export function StaffStatistics(props: {
  data: { list: StaffStatisticsRow[] } | null | undefined;
  isError: boolean;
  onPeriod: (period: StaffPeriod) => void;
}) {
  const { data } = props;
  return (
    <Stack gap="sm">
      <PeriodForm onApply={props.onPeriod} />
      {data?.list ? (
        <StaffStatisticsTable list={data.list} />
      ) : props.isError || data === null ? (
        <Alert color="red" variant="light">
          آمار کارکنان بارگیری نشد.
        </Alert>
      ) : (
        <Skeleton h={96} radius="md" role="status" aria-label="در حال بارگذاری آمار کارکنان" />
      )}
    </Stack>
  );
}
