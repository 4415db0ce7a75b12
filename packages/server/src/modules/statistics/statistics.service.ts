import {
  MEDIAN_MAX_DAYS,
  MEDIAN_TOP_WORKSHOPS,
  PENDING_CREDITS_SHOWN,
  addDays,
  daysBetween,
  filterRange,
  statisticsPeriods,
  toJalaliDate,
  type DailyStatisticsRequest,
  type DailyStatisticsResponse,
  type GroupUserStatisticsRequest,
  type GroupUserStatisticsResponse,
  type LabStatisticsRequest,
  type LabStatisticsResponse,
  type ManageStatisticsRequest,
  type ManageStatisticsResponse,
  type StatisticsCounts,
  type StatisticsDetailResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { ADMIN_SCOPE, adminFilter, workshopScope, type Scope } from '../../lib/scope.ts';
import { workshopBalance } from '../credits/credits.service.ts';
import * as repo from './statistics.repository.ts';

/** The counts of the tiles: the periods as seen in Tehran now, the filter's inclusive dates. */
async function counts(
  db: Database,
  scope: Scope,
  which: repo.CountFilter,
  filter: { fromDate?: string | undefined; toDate?: string | undefined },
  now: Date,
): Promise<StatisticsCounts> {
  const periods = statisticsPeriods(now);
  const search = filterRange(filter.fromDate, filter.toDate);
  const c = await repo.countPeriods(db, scope, which, { ...periods, search });
  return {
    searchRes: c.search,
    todayRes: c.today,
    yesterdayRes: c.yesterday,
    weekRes: c.week,
    monthRes: c.month,
    totalRes: c.total,
    periods,
  };
}

/** `POST /Manage/GetManageStatistics`: the network's (or one workshop's) counts and the pending credits. */
export async function manageStatistics(
  db: Database,
  input: ManageStatisticsRequest,
  now: Date = new Date(),
): Promise<ManageStatisticsResponse> {
  if (input.userId && !(await repo.findWorkshop(db, input.userId))) throw notFound();
  const [c, pending] = await Promise.all([
    counts(db, adminFilter(input.userId), { waitingOnly: input.waitFor }, input, now),
    repo.pendingCredits(db, ADMIN_SCOPE, { limit: PENDING_CREDITS_SHOWN }),
  ]);
  return {
    ...c,
    credits: pending.total,
    pendingCredits: {
      count: pending.count,
      list: pending.rows.map((r) => ({
        id: r.id,
        userId: r.workshopId,
        lab: r.lab,
        amount: r.amount,
        trackingCode: r.trackingCode,
        date: r.paidOn,
        createdAt: r.createdAt.toISOString(),
      })),
    },
  };
}

/** `POST /Tests/GetStatistics`: the workshop's own counts (one customer's, when asked) and its balance. */
export async function labStatistics(
  db: Database,
  workshopId: string,
  input: LabStatisticsRequest,
  now: Date = new Date(),
): Promise<LabStatisticsResponse> {
  const scope = workshopScope(workshopId);
  if (input.customerId && !(await repo.customerBelongs(db, scope, input.customerId))) throw notFound();
  const [c, balance, pending] = await Promise.all([
    counts(db, scope, { customerId: input.customerId, waitingOnly: input.waitFor }, input, now),
    workshopBalance(db, workshopId),
    repo.pendingCredits(db, scope, { limit: 0 }),
  ]);
  return { ...c, credits: balance.totalBalance, pendingCredits: pending.total };
}

/** `POST /Manage/GetTestStatisticsWithGroupUser`: a row per lab and the summary (docs/product.md §2.7). */
export async function groupUserStatistics(
  db: Database,
  input: GroupUserStatisticsRequest,
): Promise<GroupUserStatisticsResponse> {
  const list = await repo.groupByWorkshop(db, ADMIN_SCOPE, {
    from: input.fromDate,
    to: addDays(input.toDate, 1),
  });
  return {
    list,
    summary: {
      sumTestCount: list.reduce((s, r) => s + r.testCount, 0),
      count: list.length,
      countActive: list.filter((r) => r.testCount > 0).length,
      allSumTotalCode: list.reduce((s, r) => s + r.sumTotalCode, 0),
      allTotalCodeUse: list.reduce((s, r) => s + r.totalCodeUse, 0),
    },
  };
}

/** `GET /Manage/GetTestStatisticsDetailByUserId`: a lab's code ranges with their use. */
export async function statisticsDetail(db: Database, userId: string): Promise<StatisticsDetailResponse> {
  const workshop = await repo.findWorkshop(db, userId);
  if (!workshop) throw notFound();
  const ranges = await repo.rangeUsage(db, workshopScope(userId));
  return {
    labName: workshop.fName,
    address: workshop.address,
    items: ranges.map((r) => ({
      id: r.id,
      createDatePer: toJalaliDate(r.createdAt),
      createDate: r.createdAt.toISOString(),
      serialNo: r.serialNo,
      codeFrom: r.fromCode,
      codeTo: r.toCode,
      count: r.count,
      countUseage: r.used,
    })),
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * The chart: packets per Tehran day of the period (every day, zeros included) and the median minutes
 * from registration to purity, for one workshop or the network (with its busiest workshops).
 */
export async function dailyStatistics(
  db: Database,
  input: DailyStatisticsRequest,
  caller: { workshopId?: string | undefined; admin: boolean },
): Promise<DailyStatisticsResponse> {
  const packets = caller.workshopId ? workshopScope(caller.workshopId) : adminFilter(input.userId);
  if (caller.admin && input.userId && !(await repo.findWorkshop(db, input.userId))) throw notFound();
  const end = addDays(input.toDate, 1);
  // The medians read the packets themselves: the last MEDIAN_MAX_DAYS days of the period at most.
  const medianFrom = maxDate(input.fromDate, addDays(end, -MEDIAN_MAX_DAYS));
  const [perDay, medians] = await Promise.all([
    repo.countPerDay(db, packets, { from: input.fromDate, to: end }),
    repo.purityMedians(db, packets, { from: medianFrom, to: end }),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d.n]));
  const length = daysBetween(input.fromDate, end);
  const days = Array.from({ length }, (_, i) => {
    const date = addDays(input.fromDate, i);
    return { date, count: byDay.get(date) ?? 0 };
  });
  const overall = medians.find((m) => m.workshopId === null);
  const workshops = medians
    .filter((m): m is repo.MedianRow & { workshopId: string } => m.workshopId !== null)
    .sort((a, b) => b.count - a.count || (a.fName ?? '').localeCompare(b.fName ?? '', 'fa'))
    .slice(0, MEDIAN_TOP_WORKSHOPS)
    .map((m) => ({
      userId: m.workshopId,
      userFName: m.fName ?? '',
      count: m.count,
      withPurity: m.withPurity,
      medianMinutes: round1(m.medianMinutes),
    }));
  return {
    days,
    medianFrom,
    medianTo: input.toDate,
    medianMinutes: round1(overall?.medianMinutes ?? null),
    workshops,
  };
}
