import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

export const systemSettingsQueries = {
  /** Price, account, SMS templates and the rey text (GET /Account/SystemSettings). */
  all: () => apiQuery(['system-settings'], ROUTES.account.systemSettings),
  /** The public site information (ADR 0028), as the admin edits it. */
  siteInfo: () => apiQuery(['site-info'], ROUTES.site.info),
};

/** Saves the system settings; answers with every setting as stored. */
export const useSaveSystemSettings = () => useApiMutation(ROUTES.account.addOrUpdateSystemSetting);
/** Saves the public site information; answers with it as stored. */
export const useSaveSiteInfo = () => useApiMutation(ROUTES.manage.siteInfo);
