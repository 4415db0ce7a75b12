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

export interface StatTilesProps {
  data: StatisticsCounts | undefined;
  loading: boolean;
  /** The credits tile: its label, its value (already formatted) and a hint. */
  credits: { label: string; value: ReactNode; hint?: string } | null;
  /** What the search tile covers, e.g. «۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۰۱/۱۵» or «همه زمان‌ها». */
  searchHint: string;
}

/** The statistics tiles (SPEC.md 3): month, week, today, yesterday, total, search result, credits. */
export function StatTiles({ data, loading, credits, searchHint }: StatTilesProps) {
  if (loading || !data) {
    return (
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
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
      <Tile
        label="امروز"
        value={n(data.todayRes)}
        hint={rangeLabel(data.periods.today)}
        icon={IconClock}
        color="gold"
        testId="tile-today"
      />
      <Tile
        label="دیروز"
        value={n(data.yesterdayRes)}
        hint={rangeLabel(data.periods.yesterday)}
        icon={IconClock}
        color="gray"
        testId="tile-yesterday"
      />
      <Tile
        label="این هفته"
        value={n(data.weekRes)}
        hint={rangeLabel(data.periods.week)}
        icon={IconList}
        color="teal"
        testId="tile-week"
      />
      <Tile
        label="این ماه"
        value={n(data.monthRes)}
        hint={rangeLabel(data.periods.month)}
        icon={IconList}
        color="blue"
        testId="tile-month"
      />
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
      {credits ? (
        <Tile
          label={credits.label}
          value={credits.value}
          hint={credits.hint}
          icon={IconWallet}
          color="green"
          testId="tile-credits"
        />
      ) : null}
    </SimpleGrid>
  );
}
