import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import type { LabStatisticsInput, ManageStatisticsInput } from '@ayar/contract';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

/** Every statistics query starts with this key, so a removal or a decision refreshes them all. */
export const STATS_KEY = ['statistics'] as const;

export interface DateFilter {
  fromDate: string;
  toDate: string;
}

export const statisticsQueries = {
  /** The admin dashboard's rows and summary (POST /Manage/GetTestStatisticsWithGroupUser). */
  group: (range: DateFilter) =>
    apiQuery([...STATS_KEY, 'group'], ROUTES.manage.getTestStatisticsWithGroupUser, {
      body: range,
      fresh: true,
    }),
  /** A workshop's code ranges with their use (the row menu's modal). */
  detail: (userId: string) =>
    apiQuery([...STATS_KEY, 'detail'], ROUTES.manage.getTestStatisticsDetailByUserId, {
      query: { userId },
    }),
  /** The admin's tiles and the pending credits (POST /Manage/GetManageStatistics). */
  manage: (filter: ManageStatisticsInput) =>
    apiQuery([...STATS_KEY, 'manage'], ROUTES.manage.getManageStatistics, {
      body: filter,
      fresh: true,
    }),
  /** A workshop's tiles (POST /Tests/GetStatistics). */
  lab: (filter: LabStatisticsInput) =>
    apiQuery([...STATS_KEY, 'lab'], ROUTES.tests.getStatistics, {
      body: filter,
      fresh: true,
    }),
  /** The chart's data: the network's for an admin, its own for a workshop. */
  daily: (admin: boolean, range: DateFilter) =>
    apiQuery(
      [...STATS_KEY, 'daily', admin],
      admin ? ROUTES.manage.getDailyStatistics : ROUTES.tests.getDailyStatistics,
      { body: range },
    ),
};

export const useGroupUserStatistics = (range: DateFilter) => useQuery(statisticsQueries.group(range));
export const useStatisticsDetail = (userId: string | null) =>
  useQuery({ ...statisticsQueries.detail(userId ?? ''), enabled: userId !== null });
export const useManageStatistics = (filter: ManageStatisticsInput) =>
  useQuery(statisticsQueries.manage(filter));
export const useLabStatistics = (filter: LabStatisticsInput) => useQuery(statisticsQueries.lab(filter));
export const useDailyStatistics = (admin: boolean, range: DateFilter) =>
  useQuery(statisticsQueries.daily(admin, range));

/** «حذف بسته‌های قدیمی»: soft-deletes every packet registered before a day (POST /Manage/RemoveTest). */
export const useRemoveTests = () => useApiMutation(ROUTES.manage.removeTest);
