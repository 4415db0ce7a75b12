import { ROUTES } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

export const settingsQueries = {
  /** The network's SMS texts a workshop may choose from (ADR 0027). */
  smsTemplates: () => apiQuery(['sms-templates'], ROUTES.account.smsTemplates, { silent: true }),
};

/** Saves the lab's settings; answers with what was stored. */
export const useSaveSettings = () => useApiMutation(ROUTES.account.editSettings);
