import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useAuth } from '../../lib/auth.ts';
import { AdminDashboard } from './components/AdminDashboard.tsx';
import { WorkshopStatistics } from './components/WorkshopStatistics.tsx';
import { WorkshopTiles } from './components/WorkshopTiles.tsx';
import { LabQueue } from '../../components/labQueue/LabQueue.tsx';

/**
 * dashboard: admin statistics (docs/product.md §2.7) or the workshop tiles (§2.6). `adminNotice` is what
 * the app puts under the admin's heading (the backups' state, another feature's).
 */
export function DashboardPage({ adminNotice }: { adminNotice?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return <AdminDashboard notice={adminNotice} />;
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={2} size="h4">
        {user?.userFname || 'دسترسی سریع'}
      </Title>
      <LabQueue />
      <WorkshopTiles />
      <WorkshopStatistics />
    </Stack>
  );
}
