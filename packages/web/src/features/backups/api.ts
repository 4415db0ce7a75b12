import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import type { Envelope, StartBackupResponse } from '@ayar/contract';
import { apiCall } from '../../lib/api.ts';
import type { ApiError } from '../../lib/api.ts';
import { apiQuery } from '../../lib/query.ts';

export const backupQueries = {
  /**
   * The scheduled backups' state for the admin's dashboard (ADR 0021). Silent: a notice that cannot be
   * loaded is left out rather than alerting over the dashboard.
   */
  status: () => apiQuery(['backups', 'status'], ROUTES.manage.backupStatus, { silent: true }),
  /**
   * The backups screen: the newest runs and the status (ADR 0053). Background: it is read again every two
   * seconds while a backup runs, which must not flash the «لطفاً صبر کنید...» overlay; the screen shows its
   * own skeleton for the first answer.
   */
  list: () => apiQuery(['backups', 'list'], ROUTES.manage.backups, { background: true }),
};

/**
 * «پشتیبان‌گیری اکنون» (POST /Manage/Backups/Start, no body). The client alerts a refusal itself: the
 * server's 409 (one is running) and 503 (this server makes none) messages, or that the session ended.
 */
export const useStartBackup = () =>
  useMutation<Envelope<StartBackupResponse>, ApiError, void>({
    mutationFn: () => apiCall(ROUTES.manage.startBackup),
  });
