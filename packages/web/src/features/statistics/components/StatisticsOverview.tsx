import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { jalaliLabel } from '../format.ts';
import { StatTiles } from './StatTiles.tsx';
import type { StatTilesData } from './StatTiles.tsx';
import { StatisticsFilter, searchHintOf } from './StatisticsFilter.tsx';
import type { AppliedDates } from './StatisticsFilter.tsx';

export interface StatisticsOverviewProps<TData extends StatTilesData> {
  /** The filter's name field: a workshop picker for the admin, a customer picker for a workshop. */
  nameField: ReactNode;
  /** Called with the filter's dates; the screen adds whatever its name field holds. */
  onApply: (dates: AppliedDates) => void;
  /** The dates last applied, which the search tile names. */
  applied: AppliedDates;
  stats: { data: TData | undefined; isPending: boolean };
  /** The credits tile's label and hint, which differ between the admin's and a workshop's balance. */
  credits: (data: TData) => { label: string; hint: string };
  /** What the screen shows under the tiles. */
  children?: ReactNode;
}

/** The «آمار بسته‌ها» section both the admin home and a workshop's home open with: the filter and tiles. */
export function StatisticsOverview<TData extends StatTilesData>({
  nameField,
  onApply,
  applied,
  stats,
  credits,
  children,
}: StatisticsOverviewProps<TData>) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        آمار بسته‌ها
      </Title>
      <StatisticsFilter label="فیلتر آمار" onApply={onApply} nameField={nameField} />
      <StatTiles
        data={stats.data}
        loading={stats.isPending}
        searchHint={searchHintOf(applied, jalaliLabel)}
        credits={credits}
      />
      {children}
    </Stack>
  );
}
