import { z } from 'zod';
import {
  OTP,
  changePasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  otpRequestResponseSchema,
  otpRequestSchema,
  otpVerifySchema,
  profileSchema,
} from '../auth.ts';
import { TEST_TYPES } from '../constants.ts';
import { DEFAULT_USER_SETTINGS } from '../user-settings.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('auth');

const signedIn = {
  token: EX.token,
  userUsername: 'negin-lab',
  userId: EX.workshopId,
  userRoleId: 2,
  userFname: EX.labName,
  nationalId: null,
  userSanapass: JSON.stringify({ ...DEFAULT_USER_SETTINGS, labType: 1, sendSMS: true }),
  role: 'workshop' as const,
  testTypes: TEST_TYPES.map(({ id, name }) => ({ id, name })),
  person: { id: EX.workshopId, fullName: EX.managerName, staffCode: 1, roles: ['owner' as const] },
};

const SIGNED_IN =
  'Answers a session `token` (a JWT) to send as `Authorization: bearer <token>`, the user, its role ' +
  '(`userRoleId` 1 admin, 2 workshop), its settings as the JSON string `userSanapass`, and the test types.';

export const login = route(P.account.login, {
  summary: 'Signs in with a user name and password',
  description:
    `${SIGNED_IN} A wrong pair is UNAUTHORIZED; a workshop not yet activated, or one only shown in the ` +
    'public list, is FORBIDDEN. At most 30 attempts a minute per address; ten wrong passwords from one ' +
    'address lock that account for that address for 15 minutes (RATE_LIMITED).',
  body: loginRequestSchema,
  response: loginResponseSchema,
  example: { request: { userName: 'negin-lab', password: 'a-long-secret-1' }, response: signedIn },
});

export const logout = route(P.account.logout, {
  summary: 'Ends the session of the token it is called with',
  response: z.null(),
  example: { response: null },
});

export const disposableLogin = route(P.account.disposableLogin, {
  summary: 'Sends a one-time sign-in code by SMS to the account named by a user name or mobile number',
  description:
    `The answer is the same whether or not such an account exists. A code has ${OTP.digits} digits and ` +
    `lives ${OTP.ttlSeconds} seconds; a new one may be asked for after ${OTP.resendSeconds} seconds, ` +
    `and an account is sent at most ${OTP.perHour} codes an hour and ${OTP.perDay} a day (past that, the ` +
    'same answer and no SMS). The code is queued after the answer. At most 10 requests a minute per address.',
  body: otpRequestSchema,
  response: otpRequestResponseSchema,
  example: {
    request: { userName: EX.mobile },
    response: { resendAfterSeconds: OTP.resendSeconds, expiresInSeconds: OTP.ttlSeconds },
  },
});

export const disposableLoginOtp = route(P.account.disposableLoginOtp, {
  summary: 'Signs in with a one-time code (sent in `password`)',
  description:
    `${SIGNED_IN} A wrong or expired code is UNAUTHORIZED; a code takes ${OTP.maxAttempts} tries. Wrong ` +
    "codes count with wrong passwords toward the account's sign-in limits (RATE_LIMITED).",
  body: otpVerifySchema,
  response: loginResponseSchema,
  example: { request: { userName: EX.mobile, password: '482913' }, response: signedIn },
});

export const profile = route(P.account.profile, {
  summary: 'The signed-in user: names, role and, for a workshop, its lab flags and alert sound',
  response: profileSchema,
  example: {
    response: {
      fullName: EX.managerName,
      companyName: EX.labName,
      workspaceId: 1042,
      userName: 'negin-lab',
      role: 'workshop',
      isLabOwner: true,
      alertSound: `/api/v1.0/Files/${EX.fileId}`,
      person: signedIn.person,
    },
  },
});

export const changePassword = route(P.account.changePassword, {
  summary: "Changes the signed-in user's password and ends its other sessions",
  description:
    'The new password has 8–128 characters, not only digits, not blank, not a few characters repeated, ' +
    'not a common password, not the user name (or it backwards), and differs from the current one. A wrong ' +
    'current password is VALIDATION on `oldPassword`. This session stays signed in.',
  body: changePasswordSchema,
  response: z.null(),
  example: {
    request: {
      oldPassword: 'a-long-secret-1',
      newPassword: 'another-secret-2',
      confirmPassword: 'another-secret-2',
    },
    response: null,
  },
});
