import { lazy, Suspense, useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { addDays, todayGregorianInTehran } from '@ayar/contract';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { useDailyStatistics } from '../api.ts';
import { jalaliLabel } from '../format.ts';

// The chart library (recharts) loads only when this panel renders: nothing else pays for it.
const DailyCharts = lazy(() => import('../charts/DailyCharts.tsx'));

const PERIODS = [
  { value: '7', label: '۷ روز' },
  { value: '30', label: '۳۰ روز' },
  { value: '90', label: '۹۰ روز' },
  { value: '365', label: 'یک سال' },
];

/** Packets per day for the chosen period and the median time to purity (the network's or the lab's own). */
export function DailyChartPanel({ admin }: { admin: boolean }) {
  const [days, setDays] = useState('30');
  const toDate = todayGregorianInTehran();
  const fromDate = addDays(toDate, -(Number(days) - 1));
  const daily = useDailyStatistics(admin, { fromDate, toDate });
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <div>
            <Title order={3} size="h5">
              {admin ? 'بسته‌های شبکه در هر روز' : 'بسته‌های شما در هر روز'}
            </Title>
            <Text size="xs" c="dimmed">
              {jalaliLabel(fromDate)} تا {jalaliLabel(toDate)}
            </Text>
          </div>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              data={PERIODS}
              value={days}
              onChange={setDays}
              aria-label="بازه نمودار"
            />
            {admin ? (
              <ExportButton name="manageDailyStatistics" filters={{ fromDate, toDate }} size="xs" />
            ) : null}
          </Group>
        </Group>
        {daily.isError || (daily.isSuccess && !daily.data) ? (
          <Alert color="red" variant="light">
            نمودار بارگذاری نشد.
          </Alert>
        ) : daily.isPending ? (
          <Skeleton h={300} radius="md" role="status" aria-busy="true" aria-label="در حال بارگذاری نمودار" />
        ) : (
          <Suspense
            fallback={
              <Skeleton
                h={300}
                radius="md"
                role="status"
                aria-busy="true"
                aria-label="در حال بارگذاری نمودار"
              />
            }
          >
            <DailyCharts data={daily.data} admin={admin} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
