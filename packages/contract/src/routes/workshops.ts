import { z } from 'zod';
import {
  activeUserRequestSchema,
  activeUserResponseSchema,
  addPublicUserRequestSchema,
  addUserRequestSchema,
  addUserResponseSchema,
  deleteUserRequestSchema,
  deleteUserResponseSchema,
  editUserRequestSchema,
  labOwnersQuerySchema,
  manageLabOwnersQuerySchema,
  manageLabOwnersResponseSchema,
  publicLabOwnersResponseSchema,
  userByIdQuerySchema,
  userByIdResponseSchema,
  usersByNameItemSchema,
  usersByNameQuerySchema,
} from '../workshops.ts';
import { routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('workshops');

const STATUS =
  'Status 0 new (cannot sign in), 5 inactive lab (signs in, cannot register packets), 1 active lab, ' +
  '9 suspended by the administrator (cannot sign in; ADR 0044).';
const TAKEN = 'A user name already taken (case-insensitively) is CONFLICT with `errors` on `userName`.';

const newLab = {
  fName: EX.labName,
  fullName: EX.managerName,
  cellPhone: '۰۹۱۲۱۲۳۴۵۶۷',
  phone: '021-33445566',
  userName: 'negin-lab',
  password: 'a-long-secret-1',
  confirmPassword: 'a-long-secret-1',
};

export const addPublicUser = route(P.account.addPublicUser, {
  summary: 'Registers a new lab, which waits for the administrator to activate it',
  description:
    `The workshop starts at status 0 and cannot sign in until activated. ${TAKEN} The password has ` +
    '8–128 characters, not only digits, not a common password, not the user name. At most 5 ' +
    'registrations an hour per address.',
  body: addPublicUserRequestSchema,
  response: z.null(),
  example: { request: newLab, response: null },
});

export const labOwners = route(P.account.labOwners, {
  summary: 'The public list of labs (active and inactive), with how to reach them',
  description: 'The public sees only the lab name, manager name and phones; `name` searches the names.',
  query: labOwnersQuerySchema,
  response: publicLabOwnersResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 100, name: 'نگین' },
    response: page(
      [{ fName: EX.labName, fullName: EX.managerName, phone: '021-33445566', cellPhone: EX.mobile }],
      100,
    ),
  },
});

export const manageLabOwners = route(P.manage.labOwners, {
  summary: 'Every workshop for the administrator, grouped by status, with user names and codes',
  description: `${STATUS} \`status\` filters one of them; \`sortName\` orders inside a group.`,
  query: manageLabOwnersQuerySchema,
  response: manageLabOwnersResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 100, status: 1, sortName: 'createdAt' },
    response: page(
      [
        {
          id: EX.workshopId,
          fName: EX.labName,
          fullName: EX.managerName,
          userName: 'negin-lab',
          code: 1042,
          status: 1,
          cellPhone: EX.mobile,
          phone: '021-33445566',
          createdAt: EX.at,
        },
      ],
      100,
    ),
  },
});

export const activeUser = route(P.manage.activeUser, {
  summary: 'Activates a workshop (active: true) or suspends it (active: false), each in one step',
  description:
    `${STATUS} active=true: 0, 5 or 9 → 1; active=false: 1 or 5 → 9, ending every session of the lab ` +
    'at once (a new registration is activated or deleted, not suspended). With `fromStatus` (what the ' +
    'administrator saw) a status changed meanwhile is CONFLICT, so a double click changes nothing twice.',
  body: activeUserRequestSchema,
  response: activeUserResponseSchema,
  example: { request: { userId: EX.workshopId, active: true, fromStatus: 0 }, response: { status: 1 } },
});

export const deleteUser = route(P.manage.deleteUser, {
  summary: 'Deletes a workshop; with `force`, everything it owns as well',
  description:
    'Without `force`, a workshop with any packets, customers, ranges, credits, payments or files is ' +
    'refused (BUSINESS_RULE, saying what remains). The answer counts what was deleted. The administrator ' +
    'account cannot be deleted.',
  body: deleteUserRequestSchema,
  response: deleteUserResponseSchema,
  example: {
    request: { id: EX.workshopId, force: true },
    response: { assays: 1520, customers: 84, codeRanges: 3, credits: 6, payments: 210, files: 95 },
  },
});

export const addUser = route(P.manage.addUser, {
  summary: 'Creates a workshop, active at once (status 1)',
  description: `${TAKEN} \`isPublicUser\`: only shown in the public list, never signs in.`,
  body: addUserRequestSchema,
  response: addUserResponseSchema,
  example: {
    request: { ...newLab, rejeCode: '1234', address: 'تهران، بازار بزرگ', isPublicUser: false },
    response: { id: EX.workshopId, code: 1042 },
  },
});

export const editUser = route(P.manage.editUser, {
  summary: "Edits a workshop's details, user name, flags, alert sound and (optionally) password",
  description:
    'Empty `password` and `confirmPassword` keep the password; a new one ends every session of that ' +
    "workshop. `file` is the uploaded alert sound's address or id (left out: unchanged; empty or null: " +
    `removed). \`isLabOwner\`: the lab's dashboard watches the waiting queue. ${TAKEN}`,
  body: editUserRequestSchema,
  response: z.null(),
  example: {
    request: {
      userId: EX.workshopId,
      fName: EX.labName,
      fullName: EX.managerName,
      cellPhone: EX.mobile,
      phone: null,
      rejeCode: '1234',
      address: null,
      userName: 'negin-lab',
      isPublicUser: false,
      isLabOwner: true,
      file: `/api/v1.0/Files/${EX.fileId}`,
      password: '',
      confirmPassword: '',
    },
    response: null,
  },
});

export const userById = route(P.manage.userById, {
  summary: "One workshop's details for the edit form (a list of one, as the original API answers)",
  query: userByIdQuerySchema,
  response: userByIdResponseSchema,
  example: {
    request: { id: EX.workshopId },
    response: [
      {
        id: EX.workshopId,
        userId: EX.workshopId,
        fName: EX.labName,
        fullName: EX.managerName,
        cellPhone: EX.mobile,
        phone: null,
        rejeCode: '1234',
        address: null,
        userName: 'negin-lab',
        isPublicUser: false,
        isLabOwner: true,
        status: 1,
        code: 1042,
        file: null,
      },
    ],
  },
});

export const usersByName = route(P.manage.usersByName, {
  summary: 'Workshops whose lab or manager name contains the text, for autocompletes (at most 20)',
  query: usersByNameQuerySchema,
  response: z.array(usersByNameItemSchema),
  example: { request: { name: 'نگین', status: 1 }, response: [{ id: EX.workshopId, name: EX.labName }] },
});
