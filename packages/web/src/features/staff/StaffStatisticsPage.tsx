import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StaffStatistics, useStaffPeriod } from '../../components/staff/StaffStatistics.tsx';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { staffQueries } from './api.ts';

/**
 * staff/statistics «آمار کارکنان» (ADR 0050): the owner's table of each person's purities in a period,
 * from the signed versions: recorded, verified, corrected, corrected of theirs, withdrawn, and the rate.
 */
export function StaffStatisticsPage() {
  const [period, setPeriod] = useStaffPeriod();
  const stats = useQuery(staffQueries.statistics(period));
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          نرخ اصلاح: عیارهای هر نفر که بعداً اصلاح شد، بخش بر عیارهایی که ثبت کرد.
        </Text>
        <ExportButton name="staffStatistics" filters={period} />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <StaffStatistics data={stats.data} isError={stats.isError} onPeriod={setPeriod} />
      </Paper>
    </Stack>
  );
}
