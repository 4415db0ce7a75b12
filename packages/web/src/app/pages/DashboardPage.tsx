import { BackupNotice } from '../../features/backups/BackupNotice.tsx';
import { DashboardPage as StatisticsDashboard } from '../../features/statistics/pages.tsx';

/** dashboard: the statistics feature's screen, with the backups' state under the admin's heading. */
export function DashboardPage() {
  return <StatisticsDashboard adminNotice={<BackupNotice />} />;
}
