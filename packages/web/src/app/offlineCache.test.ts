import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { isPersistedKey } from '../features/offline/persist/keys.ts';
import { assayQueries } from '../features/assays/api.ts';
import { backupQueries } from '../features/backups/api.ts';
import { codeQueries } from '../features/codes/api.ts';
import { creditQueries } from '../features/credits/api.ts';
import { customerQueries } from '../features/customers/api.ts';
import { messageQueries } from '../features/messages/api.ts';
import { paymentQueries } from '../features/payments/api.ts';
import { resultQueries } from '../features/results/api.ts';
import { settingsQueries } from '../features/settings/api.ts';
import { statisticsQueries } from '../features/statistics/api.ts';
import { systemSettingsQueries } from '../features/system-settings/api.ts';
import { workshopQueries } from '../features/workshops/api.ts';
import { accountQueries } from '../lib/queries/account.ts';
import { customerSearchQueries } from '../lib/queries/customers.ts';
import { packetQueries } from '../lib/queries/packets.ts';
import { workshopSearchQueries } from '../lib/queries/workshops.ts';

// The offline cache's allow-list (features/offline/persist/keys.ts) names the features' keys by their
// start; this holds it to the keys the features really use.
const page = { pageSize: 100, pageNumber: 1 };
const named = (entries: Record<string, { queryKey: QueryKey }>) => Object.entries(entries);

describe('what a workshop’s device keeps for an offline start', () => {
  it.each(
    named({
      'lab/list and the waiting list': assayQueries.list({ ...page, waitFor: true }),
      'a packet opened from the list': assayQueries.one('p1'),
      'the slip': resultQueries.slip('p1'),
      'the waiting count': packetQueries.waitingCount(),
      'the bench’s waiting count': packetQueries.polledWaitingCount(),
      'the customer picker': customerSearchQueries.byName('حسن'),
      'customer/list': customerQueries.list({ ...page, name: '' }),
      'customer/edit': customerQueries.one('c1'),
      'code/add': codeQueries.mine(),
      'the profile': accountQueries.profile(),
      'the SMS texts of user-settings/edit': settingsQueries.smsTemplates(),
      'the dashboard’s tiles': statisticsQueries.lab({ fromDate: '2026-01-01', toDate: '2026-01-02' }),
      'the dashboard’s chart': statisticsQueries.daily(false, {
        fromDate: '2026-01-01',
        toDate: '2026-01-02',
      }),
    }),
  )('keeps %s', (_, query) => {
    expect(isPersistedKey(query.queryKey)).toBe(true);
  });

  it.each(
    named({
      'the admin’s packets': assayQueries.manageList({}),
      'the admin’s packet': assayQueries.manageOne('p1'),
      'a packet’s history': assayQueries.history('p1'),
      'the admin’s customers': customerQueries.manageList({ ...page, user: undefined, name: '' }),
      'the admin’s customer': customerQueries.manageOne('c1'),
      'every lab’s ranges': codeQueries.all(page),
      'charge requests': creditQueries.mine(),
      'every lab’s charge requests': creditQueries.all({ ...page, waitFor: undefined, user: undefined }),
      'a customer’s payments': paymentQueries.pays('c1'),
      'the fund report': paymentQueries.store({ year: 1405, ...page }),
      'a public result': resultQueries.byToken('t'),
      'the admin’s dashboard': statisticsQueries.group({ fromDate: '2026-01-01', toDate: '2026-01-02' }),
      'the admin’s daily statistics': statisticsQueries.daily(true, {
        fromDate: '2026-01-01',
        toDate: '2026-01-02',
      }),
      'the system settings': systemSettingsQueries.all(),
      'the site information': systemSettingsQueries.siteInfo(),
      workshops: workshopQueries.manageList({ name: '', status: '', ...page }),
      'the workshop search': workshopSearchQueries.byName('x'),
      'the SMS outbox': messageQueries.list({ ...page, status: null, kind: null, to: '' }),
      'the backups': backupQueries.status(),
    }),
  )('does not keep %s', (_, query) => {
    expect(isPersistedKey(query.queryKey)).toBe(false);
  });
});
