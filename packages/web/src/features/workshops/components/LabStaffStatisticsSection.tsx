import { Group, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StaffStatistics, useStaffPeriod } from '../../../components/staff/StaffStatistics.tsx';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { workshopQueries } from '../api.ts';

/**
 * «آمار کارکنان» on the admin's lab edit screen, under «کارکنان آزمایشگاه» (ADR 0050): each of the lab's
 * people's purities in a period, so a pattern of late corrections by one person shows.
 */
export function LabStaffStatisticsSection({ userId }: { userId: string }) {
  const [period, setPeriod] = useStaffPeriod();
  const stats = useQuery(workshopQueries.staffStatistics(userId, period));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lab-staff-statistics"
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="sm">
        <Title order={2} size="h5" id="lab-staff-statistics">
          آمار کارکنان
        </Title>
        <ExportButton name="manageStaffStatistics" filters={{ userId, ...period }} />
      </Group>
      <StaffStatistics data={stats.data} isError={stats.isError} onPeriod={setPeriod} />
    </Paper>
  );
}
