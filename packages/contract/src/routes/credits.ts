import {
  acceptCreditRequestSchema,
  acceptCreditResponseSchema,
  addCreditRequestSchema,
  allCreditsQuerySchema,
  allCreditsResponseSchema,
  creditItemSchema,
  creditsResponseSchema,
} from '../credits.ts';
import { routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('credits');

const credit = {
  id: EX.creditId,
  value: 5_000_000,
  date: EX.date,
  account: '6037-9975-1234-5678',
  trackingCode: '884512',
  status: 0,
  statusText: 'در انتظار بررسی',
  createdAt: EX.at,
} as const;

export const addCredit = route(P.account.addCredit, {
  summary: 'Asks the administrator to credit a bank transfer to the workshop (a charge request)',
  description:
    '`value` is whole toman (1,000–100,000,000), `date` the transfer date (Gregorian yyyy-mm-dd, not ' +
    "after today in Tehran), `trackingCode` the bank's (the original `id` is accepted for it). The same " +
    'tracking code on a pending or accepted request of this workshop is CONFLICT.',
  body: addCreditRequestSchema,
  response: creditItemSchema,
  example: {
    request: { value: 5_000_000, date: EX.date, account: '6037-9975-1234-5678', trackingCode: '884512' },
    response: credit,
  },
});

export const getCredits = route(P.account.getCredits, {
  summary: "The workshop's charge requests, newest first, the network's bank account and its balance",
  description:
    'Money is whole toman: `totalCredit` accepted requests, `totalBuy` what the packet numbers it bought ' +
    'cost, `totalBalance` the difference. `status`: 0 pending, 1 accepted, 2 rejected.',
  response: creditsResponseSchema,
  example: {
    response: {
      list: [credit],
      credits: [credit],
      accNum: '6037-9975-0000-1111',
      accName: 'شبکه آزمایشگاه‌های عیار',
      totalCredit: 20_000_000,
      totalBuy: 15_000_000,
      totalBalance: 5_000_000,
    },
  },
});

export const allCredits = route(P.manage.allCredits, {
  summary: "Every workshop's charge requests for the administrator",
  description: '`waitFor=true` lists pending requests only; `user` is a workshop id. Amounts in whole toman.',
  query: allCreditsQuerySchema,
  response: allCreditsResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 50, waitFor: true, user: EX.workshopId },
    response: page([
      {
        ...credit,
        amount: credit.value,
        lab: EX.labName,
        userFullName: EX.managerName,
        cDate: EX.at,
        userId: EX.workshopId,
        decidedAt: null,
      },
    ]),
  },
});

export const acceptCredit = route(P.manage.acceptCredit, {
  summary: 'Accepts (accepted: true) or rejects a pending charge request',
  description:
    'A request is decided once: deciding it again is CONFLICT. An accepted one adds to the balance.',
  body: acceptCreditRequestSchema,
  response: acceptCreditResponseSchema,
  example: { request: { creditId: EX.creditId, accepted: true }, response: { id: EX.creditId, status: 1 } },
});
