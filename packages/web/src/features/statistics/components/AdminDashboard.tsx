import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { todayGregorianInTehran } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconHourglass } from '../../../components/ui/icons.tsx';
import { NEW_WORKSHOPS_PATH, workshopCountQueries } from '../../../lib/queries/workshops.ts';
import { useGroupUserStatistics } from '../api.ts';
import type { DateFilter } from '../api.ts';
import { formatCount, jalaliLabel } from '../format.ts';
import { AdminStatistics } from './AdminStatistics.tsx';
import { DailyChartPanel } from './DailyChartPanel.tsx';
import { DashboardRange } from './DashboardRange.tsx';
import { RemoveTests } from './RemoveTests.tsx';
import { UsageGauge } from './UsageGauge.tsx';
import { WorkshopsTable } from './WorkshopsTable.tsx';

function SummaryCard({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Paper>
  );
}

/**
 * Labs waiting for activation (new registrations, status 0), linking to the lab list narrowed to them. Its
 * place is kept by a skeleton while the count arrives.
 */
function WaitingActivation() {
  const query = useQuery(workshopCountQueries.waitingActivation());
  if (query.isPending) {
    return <Skeleton h={72} radius="lg" role="status" aria-label="در حال شمارش آزمایشگاه‌های جدید" />;
  }
  if (!query.data) return null;
  const count = query.data.totalCount;
  return (
    <Paper
      component={Link}
      to={NEW_WORKSHOPS_PATH}
      withBorder
      radius="lg"
      p="md"
      data-testid="waiting-activation"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color={count > 0 ? 'blue' : 'gray'}>
          <IconHourglass size={22} />
        </ThemeIcon>
        <div>
          <Text fw={700}>
            {count > 0 ? (
              <>
                <Ltr>{formatCount(count)}</Ltr> آزمایشگاه در انتظار فعال‌سازی
              </>
            ) : (
              'آزمایشگاهی در انتظار فعال‌سازی نیست'
            )}
          </Text>
          <Text size="sm" c="dimmed">
            دیدن آزمایشگاه‌های جدید
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/**
 * The admin dashboard (docs/product.md §2.7) and, below it, the earlier admin home's sections. `notice` shows
 * under the heading (the app gives the backups' state).
 */
export function AdminDashboard({ notice }: { notice?: ReactNode }) {
  const [range, setRange] = useState<DateFilter>(() => {
    const today = todayGregorianInTehran();
    return { fromDate: today, toDate: today };
  });
  const group = useGroupUserStatistics(range);
  const summary = group.data?.summary;
  const period =
    range.fromDate === range.toDate
      ? jalaliLabel(range.fromDate)
      : `${jalaliLabel(range.fromDate)} تا ${jalaliLabel(range.toDate)}`;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap="sm">
        <Title order={2} size="h4">
          داشبورد شبکه
        </Title>
        {notice}
        <WaitingActivation />
        <DashboardRange onApply={setRange} />
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            آمار {period}
          </Text>
          <ExportButton name="manageStatisticsByLab" filters={range} />
        </Group>
        {summary ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <SummaryCard label="آزمایشگاه‌های فعال در این بازه" testId="summary-active">
              <Text fw={800} fz={26}>
                <Ltr>{formatCount(summary.countActive)}</Ltr>
                <Text span c="dimmed" fz="md" fw={500}>
                  {' '}
                  از <Ltr>{formatCount(summary.count)}</Ltr>
                </Text>
              </Text>
            </SummaryCard>
            <SummaryCard label="بسته‌های ثبت‌شده" testId="summary-tests">
              <Text fw={800} fz={26}>
                <Ltr>{formatCount(summary.sumTestCount)}</Ltr>
              </Text>
            </SummaryCard>
            <SummaryCard label="مصرف کد" testId="summary-codes">
              <Text fw={800} fz={26}>
                <Ltr>{formatCount(summary.allTotalCodeUse)}</Ltr>
                <Text span c="dimmed" fz="md" fw={500}>
                  {' '}
                  از <Ltr>{formatCount(summary.allSumTotalCode)}</Ltr>
                </Text>
              </Text>
              <UsageGauge used={summary.allTotalCodeUse} total={summary.allSumTotalCode} w="100%" />
            </SummaryCard>
          </SimpleGrid>
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 3 }}
            spacing="sm"
            role="status"
            aria-label="در حال بارگذاری خلاصه آمار"
            aria-busy="true"
          >
            <Skeleton h={92} radius="lg" />
            <Skeleton h={92} radius="lg" />
            <Skeleton h={92} radius="lg" />
          </SimpleGrid>
        )}
        <WorkshopsTable list={group.data?.list} loading={group.isPending} />
      </Stack>
      <DailyChartPanel admin />
      <Divider />
      <AdminStatistics />
      <RemoveTests />
    </Stack>
  );
}
