import { ROUTES } from '@ayar/contract';
import type {
  DailyStatisticsResponse,
  GroupUserStatisticsResponse,
  LabStatisticsInput,
  LabStatisticsResponse,
  ManageStatisticsInput,
  ManageStatisticsResponse,
  StatisticsDetailResponse,
} from '@ayar/contract';
import { useApiQuery } from '../../lib/query.ts';

/** Every statistics query starts with this key, so a removal or a decision refreshes them all. */
export const STATS_KEY = ['statistics'] as const;

export interface DateFilter {
  fromDate: string;
  toDate: string;
}

/** The admin dashboard's rows and summary (POST /Manage/GetTestStatisticsWithGroupUser). */
export function useGroupUserStatistics(range: DateFilter) {
  return useApiQuery<GroupUserStatisticsResponse>(
    [...STATS_KEY, 'group'],
    ROUTES.manage.getTestStatisticsWithGroupUser,
    { body: range, fresh: true },
  );
}

/** A workshop's code ranges with their use (the row menu's modal). */
export function useStatisticsDetail(userId: string | null) {
  return useApiQuery<StatisticsDetailResponse>(
    [...STATS_KEY, 'detail'],
    ROUTES.manage.getTestStatisticsDetailByUserId,
    { query: { userId: userId ?? '' }, enabled: userId !== null },
  );
}

/** The admin's tiles and the pending credits (POST /Manage/GetManageStatistics). */
export function useManageStatistics(filter: ManageStatisticsInput) {
  return useApiQuery<ManageStatisticsResponse>([...STATS_KEY, 'manage'], ROUTES.manage.getManageStatistics, {
    body: filter,
    fresh: true,
  });
}

/** A workshop's tiles (POST /Tests/GetStatistics). */
export function useLabStatistics(filter: LabStatisticsInput) {
  return useApiQuery<LabStatisticsResponse>([...STATS_KEY, 'lab'], ROUTES.tests.getStatistics, {
    body: filter,
    fresh: true,
  });
}

/** The chart's data: the network's for an admin, its own for a workshop. */
export function useDailyStatistics(admin: boolean, range: DateFilter) {
  return useApiQuery<DailyStatisticsResponse>(
    [...STATS_KEY, 'daily', admin],
    admin ? ROUTES.manage.getDailyStatistics : ROUTES.tests.getDailyStatistics,
    { body: range },
  );
}
