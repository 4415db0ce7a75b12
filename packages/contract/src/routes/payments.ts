import { z } from 'zod';
import {
  addPayRequestSchema,
  deletePayRequestSchema,
  getPaysQuerySchema,
  getPaysResponseSchema,
  getStoreQuerySchema,
  storeResponseSchema,
} from '../payments.ts';
import { routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('payments');

const payItem = {
  id: EX.payId,
  customerId: EX.customerId,
  customerName: EX.customerName,
  type: 1,
  goldMg: 2500,
  money: 1_500_000,
  payRecGoldWeigh: 2.5,
  payMoneyPaidValue: 1_500_000,
  payGoldWeigh: 0,
  payMoneyValue: 0,
  date: EX.date,
  desc: 'تسویه هفتگی',
  createdAt: EX.at,
} as const;

export const addPay = route(P.customer.addPay, {
  summary: "Records a receipt from or a payment to one of the workshop's customers, in gold and/or money",
  description:
    'Type 1 is a receipt (the workshop received from the customer), type 2 a payment (the workshop paid ' +
    'out). `gold` is grams with up to 3 decimals (stored as milligrams), `money` whole toman; at least ' +
    'one of them is above 0. The original names `payRecGoldWeigh`, `payMoneyPaidValue`, `payGoldWeigh` ' +
    'and `payMoneyValue` are accepted instead. `date` is Gregorian yyyy-mm-dd, not after today in ' +
    "Tehran. Another workshop's customer is NOT_FOUND.",
  body: addPayRequestSchema,
  response: z.object({ id: z.string().describe('The new entry') }),
  example: {
    request: {
      customerId: EX.customerId,
      type: 1,
      gold: '2.5',
      money: '1500000',
      date: EX.date,
      desc: 'تسویه هفتگی',
    },
    response: { id: EX.payId },
  },
});

export const getPays = route(P.customer.getPays, {
  summary: "A customer's receipts and payments, newest first, with its balance over all time",
  description:
    'Gold in `goldMg` and the balance is milligrams; `payRecGoldWeigh`, `payGoldWeigh` and the ' +
    '`total…GoldWeigh` fields are grams; money is whole toman. A positive remain is what the customer ' +
    'owes the workshop.',
  query: getPaysQuerySchema,
  response: getPaysResponseSchema,
  example: {
    request: { cid: EX.customerId },
    response: {
      customerId: EX.customerId,
      customerName: EX.customerName,
      list: [payItem],
      pays: [payItem],
      totalPayGoldWeigh: 2.5,
      totalPayMoneyValue: 1_500_000,
      totalBalance: 100_000,
      totalGoldBalance: -1.2,
      balance: {
        testCount: 32,
        feeGoldMg: 1300,
        feeMoney: 1_600_000,
        receivedGoldMg: 2500,
        receivedMoney: 1_500_000,
        paidGoldMg: 0,
        paidMoney: 0,
        goldRemain: -1200,
        moneyRemain: 100_000,
      },
    },
  },
});

export const deletePay = route(P.customer.deletePay, {
  summary: 'Deletes one of the workshop’s receipts or payments (soft: kept for the audit log)',
  body: deletePayRequestSchema,
  response: z.null(),
  example: { request: { id: EX.payId }, response: null },
});

export const getStore = route(P.account.getStore, {
  summary: "The fund report: what each of the workshop's customers owes, for a Jalali year or all time",
  description:
    '`goldRemain` is milligrams and `moneyRemain` whole toman; positive is owed by the customer, ' +
    'negative owed to it. `status`: 0 owes, 1 settled, 2 the workshop owes. `year` is a Jalali year ' +
    '(1300–1500), left out for all time; only customers with activity in it are listed.',
  query: getStoreQuerySchema,
  response: storeResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 50, year: 1405 },
    response: {
      ...page([
        {
          customerId: EX.customerId,
          customerFullName: EX.customerName,
          customerCode: 12,
          goldRemain: -1200,
          moneyRemain: 100_000,
          testCount: 32,
          status: 0,
          deleted: false,
        },
      ]),
      year: 1405,
      totalGoldRemain: -1200,
      totalMoneyRemain: 100_000,
      totalTestCount: 32,
    },
  },
});
