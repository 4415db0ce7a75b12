import { ROUTES, type BackupStatus } from '@ayar/contract';
import { useApiQuery } from '../../lib/query.ts';

/**
 * The scheduled backups' state for the admin's dashboard (ADR 0021). Silent: a notice that cannot be
 * loaded is left out rather than alerting over the dashboard.
 */
export function useBackupStatus() {
  return useApiQuery<BackupStatus>(['backups', 'status'], ROUTES.manage.backupStatus, { silent: true });
}
