import type { ComponentType, ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import type { StatisticsCounts } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconClock, IconHash, IconList, IconSearch, IconWallet } from '../../../components/ui/icons.tsx';
import { formatCount, rangeLabel } from '../format.ts';

interface TileProps {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  testId: string;
}

function Tile({ label, value, hint, icon: Icon, color, testId }: TileProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color={color}>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={800} fz={24} lh={1.25} aria-label={label}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** What the tiles count: the periods, and a balance in toman whose meaning the screen says. */
export type StatTilesData = StatisticsCounts & { credits: number };

export interface StatTilesProps<TData extends StatTilesData> {
  data: TData | undefined;
  loading: boolean;
  /** The credits tile's label and hint; its value is `data.credits`. */
  credits: (data: TData) => { label: string; hint: string };
  /** What the search tile covers, e.g. «۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۰۱/۱۵» or «همه زمان‌ها». */
  searchHint: string;
}

/** The period tiles, each counting `<period>Res` over `periods.<period>`. */
const PERIOD_TILES = [
  { period: 'today', label: 'امروز', icon: IconClock, color: 'gold' },
  { period: 'yesterday', label: 'دیروز', icon: IconClock, color: 'gray' },
  { period: 'week', label: 'این هفته', icon: IconList, color: 'teal' },
  { period: 'month', label: 'این ماه', icon: IconList, color: 'blue' },
] as const;

/**
 * The statistics tiles (docs/product.md §3.9): month, week, today, yesterday, total, search result, credits.
 */
export function StatTiles<TData extends StatTilesData>({
  data,
  loading,
  credits,
  searchHint,
}: StatTilesProps<TData>) {
  if (loading || !data) {
    return (
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
        role="status"
        aria-busy="true"
        aria-label="در حال بارگذاری آمار"
      >
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} h={104} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const n = (v: number) => <Ltr>{formatCount(v)}</Ltr>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {PERIOD_TILES.map(({ period, ...tile }) => (
        <Tile
          key={period}
          {...tile}
          value={n(data[`${period}Res`])}
          hint={rangeLabel(data.periods[period])}
          testId={`tile-${period}`}
        />
      ))}
      <Tile
        label="کل بسته‌ها"
        value={n(data.totalRes)}
        hint="از آغاز"
        icon={IconHash}
        color="ink"
        testId="tile-total"
      />
      <Tile
        label="نتیجه جستجو"
        value={n(data.searchRes)}
        hint={searchHint}
        icon={IconSearch}
        color="orange"
        testId="tile-search"
      />
      <Tile
        {...credits(data)}
        value={n(data.credits)}
        icon={IconWallet}
        color="green"
        testId="tile-credits"
      />
    </SimpleGrid>
  );
}
