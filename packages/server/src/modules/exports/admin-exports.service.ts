import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_LABELS, type WorkshopStatus } from '@ayar/contract';
import { exportManageTests } from '../assays/assays-export.service.ts';
import { allCodes } from '../codes/codes.service.ts';
import { allCredits } from '../credits/credits.service.ts';
import { manageCustomers } from '../customers/customers.service.ts';
import { messages } from '../messages/messages.service.ts';
import { manageStaffStatistics } from '../staff/staff.service.ts';
import { dailyStatistics, groupUserStatistics, manageStatistics } from '../statistics/statistics.service.ts';
import { manageLabOwners } from '../workshops/workshops.service.ts';
import { staffStatisticsRow } from './lab-exports.service.ts';
import { paged, whole, type ExportSources } from './sources.lib.ts';

// The administrator's exports (ADR 0055): every lab's rows, or one lab's when the filter names it,
// through the same services as the manage/ screens.

/** A lab's status in the admin's words (docs/glossary.md, ADR 0044). */
const WORKSHOP_STATUS_TEXT: Record<WorkshopStatus, string> = {
  0: 'جدید',
  1: 'آزمایشگاه فعال',
  5: 'آزمایشگاه غیرفعال',
  9: 'تعلیق‌شده',
};

export type AdminExportName =
  | 'manageTests'
  | 'manageCustomers'
  | 'manageCredits'
  | 'manageCodes'
  | 'manageLabs'
  | 'manageMessages'
  | 'manageStatistics'
  | 'manageStatisticsByLab'
  | 'manageDailyStatistics'
  | 'manageStaffStatistics';

export const ADMIN_EXPORTS: ExportSources<AdminExportName> = {
  manageTests: async (db, _user, query, batchSize) => {
    const { total, batches } = await exportManageTests(db, query, batchSize);
    return {
      total,
      batches,
      // The delete-request screen's own title (docs/glossary.md).
      ...(query.justForDelete ? { fileName: 'درخواست‌های حذف بسته' } : {}),
    };
  },

  manageCustomers: (db, _user, query, batchSize) =>
    paged(
      (page) => manageCustomers(db, { ...query, ...page }),
      (row) => row,
      batchSize,
    ),

  manageCredits: (db, _user, query, batchSize) =>
    paged(
      (page) => allCredits(db, { ...query, ...page }),
      (row) => row,
      batchSize,
    ),

  manageCodes: (db, _user, query, batchSize) =>
    paged(
      (page) => allCodes(db, { ...query, ...page }),
      (row) => ({ ...row, createdAt: row.createDate }),
      batchSize,
    ),

  manageLabs: (db, _user, query, batchSize) =>
    paged(
      (page) => manageLabOwners(db, { ...query, ...page }),
      (row) => ({ ...row, statusText: WORKSHOP_STATUS_TEXT[row.status] }),
      batchSize,
    ),

  manageMessages: (db, _user, query, batchSize) =>
    paged(
      (page) => messages(db, { ...query, ...page }),
      (row) => ({
        ...row,
        kindText: MESSAGE_KIND_LABELS[row.kind],
        statusText: MESSAGE_STATUS_LABELS[row.status],
      }),
      batchSize,
    ),

  manageStatistics: async (db, _user, query) => {
    const counts = await manageStatistics(db, query);
    return whole([{ ...counts, pendingCount: counts.pendingCredits.count }]);
  },

  manageStatisticsByLab: async (db, _user, query) => {
    const { list } = await groupUserStatistics(db, query);
    return whole(list.map((row) => ({ ...row, remaining: row.sumTotalCode - row.totalCodeUse })));
  },

  manageDailyStatistics: async (db, _user, query) =>
    whole((await dailyStatistics(db, query, { admin: true })).days),

  manageStaffStatistics: async (db, _user, query) =>
    whole((await manageStaffStatistics(db, query)).map(staffStatisticsRow)),
};
