import { z } from 'zod';
import { labListQuerySchema, manageLabListQuerySchema } from '../assays.ts';
import { allCodesQuerySchema } from '../codes.ts';
import { allCreditsQuerySchema } from '../credits.ts';
import { allCustomersQuerySchema, manageCustomersQuerySchema } from '../customers.ts';
import {
  EXPORT_MAX_ROWS,
  EXPORT_MAX_RUNNING,
  EXPORT_MEDIA_TYPES,
  EXPORT_ROWS_HEADER,
  exportQueryOf,
  type ExportName,
} from '../exports.ts';
import { messagesQuerySchema } from '../messages.ts';
import { getPaysQuerySchema, getStoreQuerySchema } from '../payments.ts';
import { manageStaffStatisticsQuerySchema, staffStatisticsQuerySchema } from '../staff.ts';
import {
  dailyStatisticsRequestSchema,
  groupUserStatisticsRequestSchema,
  manageStatisticsRequestSchema,
} from '../statistics.ts';
import { manageLabOwnersQuerySchema } from '../workshops.ts';
import { fileBytesSchema, routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('exports');

const FILE_TYPES = [EXPORT_MEDIA_TYPES.xlsx, EXPORT_MEDIA_TYPES.csv] as const;

/** What every export says of its answer (ADR 0055). */
const ANSWER =
  'Binary: the answer is the file, not the envelope. `format=xlsx` (the default) is an Excel workbook ' +
  'with one right-to-left sheet, Persian headers, numbers as numbers (gold grams with 3 decimals, whole ' +
  'toman, purity as an integer) and dates as date cells shown in the Jalali calendar (Tehran time); ' +
  '`format=csv` is UTF-8 with a BOM, dates as Jalali text (1405/09/07 14:05). Every row the filters ' +
  'match, not one page. Headers: `Content-Disposition: attachment` with the Persian file name in ' +
  `\`filename*\`, \`${EXPORT_ROWS_HEADER}\` the row count (known before the first byte), ` +
  '`Cache-Control: no-store`. Refusals come as the JSON envelope before any byte: a bad filter ' +
  `(VALIDATION), more than ${EXPORT_MAX_ROWS} rows (BUSINESS_RULE: narrow the filters), more than ` +
  `${EXPORT_MAX_RUNNING} exports of one person at once (RATE_LIMITED, 429).`;

const doc = (what: string) => `${what} ${ANSWER}`;

const emptyQuery = z.object({});

/** The query of each export: its list's, without paging, with `format`. */
export const EXPORT_QUERIES = {
  tests: exportQueryOf(labListQuerySchema),
  customers: exportQueryOf(allCustomersQuerySchema),
  pays: exportQueryOf(getPaysQuerySchema),
  store: exportQueryOf(getStoreQuerySchema),
  credits: exportQueryOf(emptyQuery),
  codes: exportQueryOf(emptyQuery),
  staffStatistics: exportQueryOf(staffStatisticsQuerySchema),
  manageTests: exportQueryOf(manageLabListQuerySchema),
  manageCustomers: exportQueryOf(manageCustomersQuerySchema),
  manageCredits: exportQueryOf(allCreditsQuerySchema),
  manageCodes: exportQueryOf(allCodesQuerySchema),
  manageLabs: exportQueryOf(manageLabOwnersQuerySchema),
  manageMessages: exportQueryOf(messagesQuerySchema),
  manageStatistics: exportQueryOf(manageStatisticsRequestSchema),
  manageStatisticsByLab: exportQueryOf(groupUserStatisticsRequestSchema),
  manageDailyStatistics: exportQueryOf(dailyStatisticsRequestSchema),
  manageStaffStatistics: exportQueryOf(manageStaffStatisticsQuerySchema),
} as const satisfies Record<ExportName, z.ZodType>;

const file = { response: fileBytesSchema, fileTypes: FILE_TYPES } as const;

export const tests = route(P.exports.tests, {
  summary: "The workshop's packets as a file, with the list's filters (waitFor, awaitingVerification too)",
  description: doc('The filters of `GET /Tests/AllTests`.'),
  query: EXPORT_QUERIES.tests,
  ...file,
  example: { request: { waitFor: true, format: 'xlsx' } },
});

export const customers = route(P.exports.customers, {
  summary: "The workshop's customers as a file, filtered by name, code or mobile",
  description: doc('The filter of `GET /Customer/AllCustomers`.'),
  query: EXPORT_QUERIES.customers,
  ...file,
  example: { request: { name: 'محمدی', format: 'csv' } },
});

export const pays = route(P.exports.pays, {
  summary: "A customer's receipts and payments as a file (the customer's statement)",
  description: doc(
    "`cid` is one of the workshop's customers; another workshop's is NOT_FOUND. The file is named after " +
      'the customer.',
  ),
  query: EXPORT_QUERIES.pays,
  ...file,
  example: { request: { cid: EX.customerId, format: 'xlsx' } },
});

export const store = route(P.exports.store, {
  summary: 'The fund report as a file, for a Jalali year or all time',
  description: doc('The filters of `GET /Account/GetStore`; gold remaining in grams.'),
  query: EXPORT_QUERIES.store,
  ...file,
  example: { request: { year: 1405, format: 'xlsx' } },
});

export const credits = route(P.exports.credits, {
  summary: "The workshop's charge requests as a file",
  description: doc('Newest first, as `GET /Account/GetCredits` lists them.'),
  query: EXPORT_QUERIES.credits,
  ...file,
  example: { request: { format: 'xlsx' } },
});

export const codes = route(P.exports.codes, {
  summary: "The workshop's packet-number ranges as a file",
  description: doc('Newest first, as `GET /Account/GetAllCode` lists them.'),
  query: EXPORT_QUERIES.codes,
  ...file,
  example: { request: { format: 'csv' } },
});

export const staffStatistics = route(P.exports.staffStatistics, {
  summary: "The lab's purities per person in a period, as a file",
  description: doc('The period of `GET /Staff/Statistics`.'),
  query: EXPORT_QUERIES.staffStatistics,
  ...file,
  example: { request: { fromDate: EX.date, toDate: EX.date, format: 'xlsx' } },
});

export const manageTests = route(P.exports.manageTests, {
  summary: "Every lab's packets (or one lab's) as a file; `justForDelete=true` for the delete requests",
  description: doc('The filters of `GET /Manage/AllTests`.'),
  query: EXPORT_QUERIES.manageTests,
  ...file,
  example: { request: { tester: EX.workshopId, justForDelete: false, format: 'xlsx' } },
});

export const manageCustomers = route(P.exports.manageCustomers, {
  summary: "Every lab's customers (or one lab's) as a file",
  description: doc('The filters of `GET /Manage/AllCustomers`.'),
  query: EXPORT_QUERIES.manageCustomers,
  ...file,
  example: { request: { user: EX.workshopId, format: 'xlsx' } },
});

export const manageCredits = route(P.exports.manageCredits, {
  summary: "Every lab's charge requests as a file",
  description: doc('The filters of `GET /Manage/AllCredits`.'),
  query: EXPORT_QUERIES.manageCredits,
  ...file,
  example: { request: { waitFor: true, format: 'xlsx' } },
});

export const manageCodes = route(P.exports.manageCodes, {
  summary: "Every lab's packet-number ranges as a file",
  description: doc('The filters of `GET /Manage/GetAllCode`.'),
  query: EXPORT_QUERIES.manageCodes,
  ...file,
  example: { request: { userId: EX.workshopId, format: 'xlsx' } },
});

export const manageLabs = route(P.exports.manageLabs, {
  summary: 'The labs as a file (the «لیست آزمایشگاه‌ها» screen)',
  description: doc('The filters of `GET /Manage/LabOwners`.'),
  query: EXPORT_QUERIES.manageLabs,
  ...file,
  example: { request: { status: 1, format: 'xlsx' } },
});

export const manageMessages = route(P.exports.manageMessages, {
  summary: 'The SMS and call outbox as a file (one-time codes masked)',
  description: doc('The filters of `GET /Manage/Messages`.'),
  query: EXPORT_QUERIES.manageMessages,
  ...file,
  example: { request: { status: 'failed', format: 'csv' } },
});

export const manageStatistics = route(P.exports.manageStatistics, {
  summary: "The statistics tiles as a one-row file, with the admin home's filter",
  description: doc(
    'The body fields of `POST /Manage/GetManageStatistics`, taken as the query: one row of counts.',
  ),
  query: EXPORT_QUERIES.manageStatistics,
  ...file,
  example: { request: { fromDate: EX.date, toDate: EX.date, format: 'xlsx' } },
});

export const manageStatisticsByLab = route(P.exports.manageStatisticsByLab, {
  summary: 'The per-lab statistics table as a file, for a period',
  description: doc('The body fields of `POST /Manage/GetTestStatisticsWithGroupUser`, taken as the query.'),
  query: EXPORT_QUERIES.manageStatisticsByLab,
  ...file,
  example: { request: { fromDate: EX.date, toDate: EX.date, format: 'xlsx' } },
});

export const manageDailyStatistics = route(P.exports.manageDailyStatistics, {
  summary: "The network's packets per day as a file, for a period (at most 366 days)",
  description: doc('The body fields of `POST /Manage/GetDailyStatistics`, taken as the query.'),
  query: EXPORT_QUERIES.manageDailyStatistics,
  ...file,
  example: { request: { fromDate: EX.date, toDate: EX.date, format: 'csv' } },
});

export const manageStaffStatistics = route(P.exports.manageStaffStatistics, {
  summary: "One lab's purities per person in a period, as a file",
  description: doc('The query of `GET /Manage/StaffStatistics`.'),
  query: EXPORT_QUERIES.manageStaffStatistics,
  ...file,
  example: { request: { userId: EX.workshopId, format: 'xlsx' } },
});
