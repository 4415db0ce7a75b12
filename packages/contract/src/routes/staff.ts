import {
  addStaffRequestSchema,
  editStaffRequestSchema,
  manageStaffQuerySchema,
  manageStaffStatisticsQuerySchema,
  staffListResponseSchema,
  staffStatisticsQuerySchema,
  staffStatisticsResponseSchema,
  staffMemberSchema,
  suspendStaffRequestSchema,
} from '../staff.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('staff');

const staffId = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const clerk = {
  id: staffId,
  fullName: 'زهرا کریمی',
  mobile: '09121112233',
  userName: 'zahra.k',
  roles: ['counter' as const],
  staffCode: 2,
  suspended: false,
  isLabAccount: false,
  createdAt: EX.at,
};
const labAccount = {
  id: EX.workshopId,
  fullName: EX.managerName,
  mobile: EX.mobile,
  userName: 'negin-lab',
  roles: ['owner' as const],
  staffCode: 1,
  suspended: false,
  isLabAccount: true,
  createdAt: EX.at,
};

const ROLES_DOC =
  'Roles: `owner` (everything, staff and settings), `counter` (customers, packets before a purity, ' +
  'receipts and payments; never a purity), `assayer` (purities, corrections, verification), ' +
  '`accountant` (receipts, payments, the fund report, credit, numbers). One person may have several.';

export const list = route(P.staff.list, {
  summary: "The lab's people: its own account (the owner) first, then its staff by staff code",
  description: `${ROLES_DOC} Suspended people are listed too: their staff codes are never reused.`,
  response: staffListResponseSchema,
  example: { response: { list: [labAccount, clerk] } },
});

export const add = route(P.staff.add, {
  summary: 'Adds a person to the lab, who signs in with their own user name and password',
  description:
    `${ROLES_DOC} The user name is unique across Ayar (CONFLICT on \`userName\` when taken); the password ` +
    'follows the same rule as a lab’s. The staff code is the next unused in the lab. At most 100 people.',
  body: addStaffRequestSchema,
  response: staffMemberSchema,
  example: {
    request: {
      fullName: clerk.fullName,
      mobile: '۰۹۱۲۱۱۱۲۲۳۳',
      userName: clerk.userName,
      password: 'a-long-secret-2',
      confirmPassword: 'a-long-secret-2',
      roles: ['counter'],
    },
    response: clerk,
  },
});

export const edit = route(P.staff.edit, {
  summary: "Edits a person's name, mobile and roles, and resets their password when one is given",
  description:
    'A changed role or a new password ends that person’s open sessions. The lab’s own account keeps the ' +
    'owner role, and nobody changes their own roles (BUSINESS_RULE).',
  body: editStaffRequestSchema,
  response: staffMemberSchema,
  example: {
    request: {
      id: staffId,
      fullName: clerk.fullName,
      mobile: clerk.mobile,
      roles: ['counter', 'accountant'],
    },
    response: { ...clerk, roles: ['counter' as const, 'accountant' as const] },
  },
});

export const suspend = route(P.staff.suspend, {
  summary: 'Suspends a person (their sessions end at once) or lets them sign in again',
  description: 'Neither the lab’s own account nor the caller may be suspended here (BUSINESS_RULE).',
  body: suspendStaffRequestSchema,
  response: staffMemberSchema,
  example: { request: { id: staffId, suspended: true }, response: { ...clerk, suspended: true } },
});

export const manageStaff = route(P.manage.staff, {
  summary: "A lab's people for the administrator",
  description: ROLES_DOC,
  query: manageStaffQuerySchema,
  response: staffListResponseSchema,
  example: { request: { userId: EX.workshopId }, response: { list: [labAccount, clerk] } },
});

const STATS_DOC =
  'Counted from the signed versions in the period (Tehran days): `recorded` first publications of a ' +
  'purity the person recorded, `verified` purities they verified, `corrected` corrections they made, ' +
  '`correctedOfTheirs` corrections of their purities by anyone, `withdrawn` their purities the network ' +
  'withdrew; `correctionRate` = correctedOfTheirs ÷ recorded, null when they recorded none (ADR 0050).';

const statsRow = {
  id: clerk.id,
  fullName: 'رضا احمدی',
  staffCode: 3,
  roles: ['assayer' as const],
  suspended: false,
  recorded: 120,
  verified: 95,
  corrected: 2,
  correctedOfTheirs: 3,
  withdrawn: 0,
  correctionRate: 0.025,
};

export const statistics = route(P.staff.statistics, {
  summary: "Each of the lab's people's purities in a period: recorded, verified, corrected, withdrawn",
  description: STATS_DOC,
  query: staffStatisticsQuerySchema,
  response: staffStatisticsResponseSchema,
  example: { request: { fromDate: '2026-10-01', toDate: '2026-10-31' }, response: { list: [statsRow] } },
});

export const manageStaffStatistics = route(P.manage.staffStatistics, {
  summary: "A lab's people's purities in a period, for the administrator",
  description: STATS_DOC,
  query: manageStaffStatisticsQuerySchema,
  response: staffStatisticsResponseSchema,
  example: {
    request: { userId: EX.workshopId, fromDate: '2026-10-01', toDate: '2026-10-31' },
    response: { list: [statsRow] },
  },
});
