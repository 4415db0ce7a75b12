import { ROUTES } from '@ayar/contract';
import { apiQuery } from '../../lib/query.ts';

export const backupQueries = {
  /**
   * The scheduled backups' state for the admin's dashboard (ADR 0021). Silent: a notice that cannot be
   * loaded is left out rather than alerting over the dashboard.
   */
  status: () => apiQuery(['backups', 'status'], ROUTES.manage.backupStatus, { silent: true }),
};
