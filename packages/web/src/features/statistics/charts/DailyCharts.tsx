import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { gregorianToJalali, toPersianDigits } from '@ayar/contract';
import type { DailyStatisticsResponse } from '@ayar/contract';
import { formatCount, formatMinutes, jalaliLabel } from '../format.ts';
import { MedianBars } from './MedianBars.tsx';

/** «۰۱/۱۵» for an axis tick; the full Jalali date in the tooltip. */
const shortJalali = (gregorian: string) =>
  toPersianDigits((gregorianToJalali(gregorian) ?? gregorian).slice(5));
const fullJalali = (gregorian: string) => toPersianDigits(gregorianToJalali(gregorian) ?? gregorian);
const countFormatter = (value: number) => formatCount(value);

/**
 * The dashboard charts (loaded lazily): packets per Tehran day with Jalali ticks, time running from right
 * to left as the page reads, and the median time from registration to purity per workshop (MedianBars).
 */
export default function DailyCharts({ data, admin }: { data: DailyStatisticsResponse; admin: boolean }) {
  const points = data.days.map((d) => ({
    date: d.date,
    day: shortJalali(d.date),
    full: fullJalali(d.date),
    بسته: d.count,
  }));
  const total = data.days.reduce((s, d) => s + d.count, 0);
  const long = points.length > 45;
  const common = {
    h: 260,
    data: points,
    dataKey: 'day',
    series: [{ name: 'بسته', color: 'gold.6' }],
    valueFormatter: countFormatter,
    gridAxis: 'y' as const,
    tickLine: 'none' as const,
    xAxisProps: { reversed: true, interval: 'preserveStartEnd' as const, minTickGap: 12 },
    yAxisProps: { orientation: 'right' as const, width: 44, allowDecimals: false },
    tooltipAnimationDuration: 150,
  };
  const medians = data.workshops
    .filter((w) => w.medianMinutes !== null)
    .map((w) => ({ name: w.userFName || '—', minutes: w.medianMinutes ?? 0 }));

  return (
    <Stack gap="lg">
      <Box aria-label={`نمودار بسته‌ها: ${formatCount(total)} بسته`} role="img" dir="rtl">
        <Text size="sm" c="dimmed" mb={4}>
          جمع دوره: <b>{formatCount(total)}</b> بسته
        </Text>
        {total === 0 ? (
          <Text c="dimmed" ta="center" py={60}>
            در این دوره بسته‌ای ثبت نشده است.
          </Text>
        ) : long ? (
          <AreaChart {...common} curveType="monotone" withDots={false} />
        ) : (
          <BarChart {...common} maxBarWidth={28} />
        )}
      </Box>

      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={4} size="h6">
            میانه زمان ثبت تا تعیین عیار
          </Title>
          <Text size="xs" c="dimmed">
            بسته‌های {jalaliLabel(data.medianFrom)} تا {jalaliLabel(data.medianTo)}
          </Text>
        </Group>
        <Text fw={700} data-testid="median-overall">
          {data.medianMinutes === null
            ? 'در این روزها بسته‌ای پس از ثبت، عیار نگرفته است.'
            : `${admin ? 'کل شبکه: ' : ''}${formatMinutes(data.medianMinutes)}`}
        </Text>
        {admin && medians.length > 0 ? (
          <Box>
            <MedianBars rows={medians} />
            <Text size="xs" c="dimmed" mt={4}>
              پرکارترین آزمایشگاه‌های این روزها.
            </Text>
          </Box>
        ) : null}
      </Stack>
    </Stack>
  );
}
