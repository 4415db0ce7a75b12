import { z } from 'zod';
import {
  allCodesQuerySchema,
  allCodesResponseSchema,
  allotCodesRequestSchema,
  allotCodesResponseSchema,
  buyCodesRequestSchema,
  buyCodesResponseSchema,
  deleteCodeRequestSchema,
  myCodesResponseSchema,
} from '../codes.ts';
import { routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('codes');

const range = {
  id: EX.rangeId,
  fromCode: 100_000,
  toCode: 100_999,
  count: 1000,
  used: 245,
  serialNo: 3,
  createdAt: EX.at,
};

const adminRange = {
  id: EX.rangeId,
  fromCode: 100_000,
  toCode: 100_999,
  count: 1000,
  used: 245,
  user: EX.labName,
  userId: EX.workshopId,
  createDate: EX.at,
  serialNo: 3,
  pricePerCode: 5000,
};

export const getAllCode = route(P.account.getAllCode, {
  summary: "The workshop's packet-number ranges, the price of one number, its balance and whether it may buy",
  description: 'Money is whole toman. Only an active workshop (status 1) may buy (`canBuy`).',
  response: myCodesResponseSchema,
  example: { response: { list: [range], price: 5000, balance: 5_000_000, canBuy: true } },
});

export const getCode = route(P.account.getCode, {
  summary: "Buys the network's next `count` packet numbers with the workshop's balance",
  description:
    'Costs count × the current price (whole toman); more than the balance, or a workshop not active, is ' +
    'BUSINESS_RULE. The original fields fromCode, toCode, id, all and isAdmin are accepted and ignored.',
  body: buyCodesRequestSchema,
  response: buyCodesResponseSchema,
  example: {
    request: { count: 1000 },
    response: { fromCode: 101_000, toCode: 101_999, count: 1000, all: [range] },
  },
});

export const manageGetAllCode = route(P.manage.getAllCode, {
  summary: "Every workshop's ranges for the administrator, filtered by workshop, series or numbers",
  description: '`fromCode`/`toCode` keep the ranges that overlap that span. `pricePerCode` is whole toman.',
  query: allCodesQuerySchema,
  response: allCodesResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 50, userId: EX.workshopId, fromCode: 100_100 },
    response: page([adminRange]),
  },
});

export const getCodes = route(P.manage.getCodes, {
  summary: 'Allots a range of packet numbers to a workshop, free of charge',
  description:
    'At most 10,000,000 numbers; a range overlapping another (numbers are unique network-wide, forever) ' +
    "is CONFLICT. The answer is the workshop's ranges afterwards.",
  body: allotCodesRequestSchema,
  response: allotCodesResponseSchema,
  example: {
    request: { userId: EX.workshopId, fromCode: 100_000, toCode: 100_999, serialNo: 3 },
    response: { all: [adminRange] },
  },
});

export const deleteCode = route(P.manage.deleteCode, {
  summary: 'Deletes a range of which no number was used',
  description: 'A range with a used number is BUSINESS_RULE.',
  body: deleteCodeRequestSchema,
  response: z.null(),
  example: { request: { id: EX.rangeId }, response: null },
});
