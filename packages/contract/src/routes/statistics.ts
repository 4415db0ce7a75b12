import {
  dailyStatisticsRequestSchema,
  dailyStatisticsResponseSchema,
  groupUserStatisticsRequestSchema,
  groupUserStatisticsResponseSchema,
  labStatisticsRequestSchema,
  labStatisticsResponseSchema,
  manageStatisticsRequestSchema,
  manageStatisticsResponseSchema,
  statisticsDetailQuerySchema,
  statisticsDetailResponseSchema,
} from '../statistics.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('statistics');

const COUNTS =
  'Counts are of live packets. today, yesterday, the Jalali week (from Saturday) and month are whole ' +
  'Tehran days (`periods` gives them, [from, to)); the dates (Gregorian, both inclusive) bound `searchRes` ' +
  'only; `waitFor=true` counts only packets still waiting for their purity.';
const CHART =
  'One point per Tehran day (zeros included), at most 366 days. The medians are minutes from registration ' +
  'to the first purity, over the last 14 days of the period at most (null: no packet waited).';

const counts = {
  searchRes: 120,
  todayRes: 14,
  yesterdayRes: 22,
  weekRes: 96,
  monthRes: 410,
  totalRes: 15_230,
  periods: {
    today: { from: '2026-10-18', to: '2026-10-19' },
    yesterday: { from: '2026-10-17', to: '2026-10-18' },
    week: { from: '2026-10-17', to: '2026-10-24' },
    month: { from: '2026-09-23', to: '2026-10-23' },
  },
};

const chart = {
  days: [
    { date: '2026-10-17', count: 22 },
    { date: '2026-10-18', count: 14 },
  ],
  medianFrom: '2026-10-17',
  medianTo: '2026-10-18',
  medianMinutes: 35,
  workshops: [{ userId: EX.workshopId, userFName: EX.labName, count: 36, withPurity: 30, medianMinutes: 35 }],
};

export const getStatistics = route(P.tests.getStatistics, {
  summary: "The workshop's packet counts per period, its balance and its pending charge requests",
  description: `${COUNTS} \`credits\` is its balance and \`pendingCredits\` what it asked for, whole toman.`,
  body: labStatisticsRequestSchema,
  response: labStatisticsResponseSchema,
  example: {
    request: { customerId: EX.customerId, fromDate: '2026-10-01', toDate: EX.date, waitFor: false },
    response: { ...counts, credits: 5_000_000, pendingCredits: 2_000_000 },
  },
});

export const getDailyStatistics = route(P.tests.getDailyStatistics, {
  summary: "The dashboard chart: the workshop's packets per day and its median time to purity",
  description: `${CHART} A \`userId\` is ignored: a workshop sees only itself.`,
  body: dailyStatisticsRequestSchema,
  response: dailyStatisticsResponseSchema,
  example: { request: { fromDate: '2026-10-17', toDate: EX.date }, response: chart },
});

export const getManageStatistics = route(P.manage.getManageStatistics, {
  summary: "The network's packet counts per period (or one workshop's) and the pending charge requests",
  description: `${COUNTS} \`credits\` is the whole toman of every pending request; the list shows the oldest 20.`,
  body: manageStatisticsRequestSchema,
  response: manageStatisticsResponseSchema,
  example: {
    request: { userId: EX.workshopId, fromDate: '2026-10-01', toDate: EX.date },
    response: {
      ...counts,
      credits: 2_000_000,
      pendingCredits: {
        count: 1,
        list: [
          {
            id: EX.creditId,
            userId: EX.workshopId,
            lab: EX.labName,
            amount: 2_000_000,
            trackingCode: '884512',
            date: EX.date,
            createdAt: EX.at,
          },
        ],
      },
    },
  },
});

export const getTestStatisticsWithGroupUser = route(P.manage.getTestStatisticsWithGroupUser, {
  summary: 'Per lab: packets registered in a period and how many of its packet numbers it used',
  description:
    'Dates are Gregorian, both inclusive, both required. `status` 1 active, 5 inactive lab; numbers used ' +
    'of a range are its next number − its first. A lab is active in the period if it registered a packet.',
  body: groupUserStatisticsRequestSchema,
  response: groupUserStatisticsResponseSchema,
  example: {
    request: { fromDate: '2026-09-23', toDate: EX.date },
    response: {
      list: [
        {
          userId: EX.workshopId,
          userFName: EX.labName,
          userFullName: EX.managerName,
          userCellPhone: EX.mobile,
          userPhone: null,
          status: 1,
          testCount: 410,
          sumTotalCode: 3000,
          totalCodeUse: 2245,
        },
      ],
      summary: { sumTestCount: 410, count: 1, countActive: 1, allSumTotalCode: 3000, allTotalCodeUse: 2245 },
    },
  },
});

export const getTestStatisticsDetailByUserId = route(P.manage.getTestStatisticsDetailByUserId, {
  summary: "A lab's ranges of packet numbers and how much of each it used",
  description: '`createDatePer` is the Jalali date (yyyy/mm/dd, Tehran) of the allotment.',
  query: statisticsDetailQuerySchema,
  response: statisticsDetailResponseSchema,
  example: {
    request: { userId: EX.workshopId },
    response: {
      labName: EX.labName,
      address: 'تهران، بازار بزرگ',
      items: [
        {
          id: EX.rangeId,
          createDatePer: '1405/07/26',
          createDate: EX.at,
          serialNo: 3,
          codeFrom: 100_000,
          codeTo: 100_999,
          count: 1000,
          countUseage: 245,
        },
      ],
    },
  },
});

export const manageGetDailyStatistics = route(P.manage.getDailyStatistics, {
  summary: "The dashboard chart: the network's (or one workshop's) packets per day and medians per workshop",
  description: `${CHART} The median list covers the 12 busiest workshops of the period.`,
  body: dailyStatisticsRequestSchema,
  response: dailyStatisticsResponseSchema,
  example: { request: { fromDate: '2026-10-17', toDate: EX.date }, response: chart },
});
