import { PAY_TYPE_TEXT, STAFF_ROLE_NAMES, STORE_STATUS_TEXT, type StaffStatisticsRow } from '@ayar/contract';
import { exportTests } from '../assays/assays-export.service.ts';
import { myCodes } from '../codes/codes.service.ts';
import { getCredits } from '../credits/credits.service.ts';
import { allCustomers } from '../customers/customers.service.ts';
import { getPays, getStore } from '../payments/payments.service.ts';
import { staffStatistics } from '../staff/staff.service.ts';
import { paged, whole, type ExportSources } from './sources.lib.ts';

// A lab's exports (ADR 0055): each through its list's own service, scoped to the session's lab
// (`user.id`, the lab for its staff too), never to an id from the query.

export function staffStatisticsRow(row: StaffStatisticsRow) {
  return {
    ...row,
    rolesText: row.roles.map((role) => STAFF_ROLE_NAMES[role]).join('، '),
    correctionPercent: row.correctionRate === null ? null : Math.round(row.correctionRate * 100),
  };
}

export type LabExportName =
  'tests' | 'customers' | 'pays' | 'store' | 'credits' | 'codes' | 'staffStatistics';

export const LAB_EXPORTS: ExportSources<LabExportName> = {
  tests: (db, user, query, batchSize) => exportTests(db, user.id, query, batchSize),

  customers: (db, user, query, batchSize) =>
    paged(
      (page) => allCustomers(db, user.id, { ...query, ...page }),
      (row) => row,
      batchSize,
    ),

  pays: async (db, user, query) => {
    // Another lab's customer is NOT_FOUND here, before any byte (getPays is scoped to the session's lab).
    const account = await getPays(db, user.id, query.cid);
    return whole(
      account.list.map((p) => ({
        date: p.date,
        typeText: PAY_TYPE_TEXT[p.type],
        gold: p.goldMg / 1000,
        money: p.money,
        desc: p.desc,
        createdAt: p.createdAt,
      })),
      `صورت‌حساب ${account.customerName}`,
    );
  },

  store: (db, user, query, batchSize) =>
    paged(
      (page) => getStore(db, user.id, { ...query, ...page }),
      (row) => ({ ...row, gold: row.goldRemain / 1000, statusText: STORE_STATUS_TEXT[row.status] }),
      batchSize,
    ),

  credits: async (db, user) => {
    const { list } = await getCredits(db, user.id);
    return whole(list.map((c) => ({ ...c, amount: c.value })));
  },

  codes: async (db, user) => whole((await myCodes(db, user.id)).list),

  staffStatistics: async (db, user, query) =>
    whole((await staffStatistics(db, user.id, query)).map(staffStatisticsRow)),
};
