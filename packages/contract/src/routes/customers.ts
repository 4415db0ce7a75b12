import { z } from 'zod';
import { manageCustomerCardSchema, manageEditCustomerSchema } from '../customer-admin.ts';
import {
  addCustomerRequestSchema,
  allCustomersQuerySchema,
  allCustomersResponseSchema,
  customerDetailSchema,
  customerIdQuerySchema,
  CUSTOMER_BOOK_LIMIT,
  customerBookSchema,
  customerSearchItemSchema,
  customersByNameQuerySchema,
  deleteCustomerRequestSchema,
  manageCustomersQuerySchema,
  manageCustomersResponseSchema,
} from '../customers.ts';
import { routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('customers');

const SETTINGS =
  "`settings` keeps only what differs from the workshop's defaults, as the JSON string `{vage?, sendSMS?}` " +
  "(the fee in whole toman, or percent, under the workshop's fee type), or null; `customerSettings` " +
  'is the same as an object, the shape AddCustomer takes as `settings`.';

const form = {
  customerName: EX.customerName,
  mobile1: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
  mobile2: null,
  mobile3: null,
  phone: '021-33445566',
  desc: 'مشتری عمده',
  settings: { vage: 40_000 },
};

const detail = {
  customerId: EX.customerId,
  customerName: EX.customerName,
  code: 12,
  mobile1: EX.mobile,
  mobile2: null,
  mobile3: null,
  phone: '021-33445566',
  desc: 'مشتری عمده',
  settings: '{"vage":40000}',
  customerSettings: { vage: 40_000 },
};

export const addCustomer = route(P.customer.addCustomer, {
  summary: 'Adds a customer to the workshop, or edits one when `customerId` is given',
  description:
    'Mobiles become 09xxxxxxxxx (Persian digits, +98 and 0098 accepted); `mobile1` is required. The ' +
    `answer is the customer's code, sequential per workshop (a code sent is ignored). ${SETTINGS} The ` +
    '«other customer» cannot be edited (BUSINESS_RULE).',
  body: addCustomerRequestSchema,
  response: z.number().int().describe("The customer's code"),
  example: { request: { customerId: null, ...form }, response: 12 },
});

export const customersByName = route(P.customer.customersByName, {
  summary: "The workshop's customers whose name, code or mobile matches, for autocompletes (at most 20)",
  description: `Names match whatever the spelling of ی/ک, half-spaces or spaces. ${SETTINGS}`,
  query: customersByNameQuerySchema,
  response: z.array(customerSearchItemSchema),
  example: {
    request: { name: 'علی' },
    response: [
      {
        id: EX.customerId,
        name: EX.customerName,
        settings: null,
        customerSettings: null,
        code: 12,
        mobile: EX.mobile,
      },
    ],
  },
});

export const customerBook = route(P.customer.customerBook, {
  summary: "The workshop's customers for choosing offline: every one, up to a limit",
  description:
    `The items of CustomersByName for the whole book, so a counter can find any of its customers ` +
    `while the line is down (kept on the device, cleared at sign-out). At most ${CUSTOMER_BOOK_LIMIT}; ` +
    'a workshop with more gets those that brought a packet most recently, and `totalCount` says how ' +
    `many there are. ${SETTINGS}`,
  response: customerBookSchema,
  example: {
    response: {
      list: [
        {
          id: EX.customerId,
          name: EX.customerName,
          settings: null,
          customerSettings: null,
          code: 12,
          mobile: EX.mobile,
        },
      ],
      totalCount: 1,
    },
  },
});

export const allCustomers = route(P.customer.allCustomers, {
  summary: "The workshop's customers, a page at a time, filtered by name, code or mobile",
  query: allCustomersQuerySchema,
  response: allCustomersResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 200, name: 'محمدی' },
    response: page(
      [
        {
          customerId: EX.customerId,
          customerName: EX.customerName,
          customerCode: 12,
          customerMobile: EX.mobile,
          customerPhone: null,
        },
      ],
      200,
    ),
  },
});

export const getCustomer = route(P.customer.getCustomer, {
  summary: 'One of the workshop’s customers, for its edit form',
  description: `Another workshop's customer is NOT_FOUND. ${SETTINGS}`,
  query: customerIdQuerySchema,
  response: customerDetailSchema,
  example: { request: { customerId: EX.customerId }, response: detail },
});

export const deleteCustomer = route(P.customer.delete, {
  summary: 'Deletes one of the workshop’s customers; its packets and payments stay in the reports',
  description: 'The message says whether the customer had history. The «other customer» is NOT_FOUND.',
  body: deleteCustomerRequestSchema,
  response: z.null(),
  example: { request: { id: EX.customerId }, response: null },
});

export const manageAllCustomers = route(P.manage.allCustomers, {
  summary: "Every workshop's customers for the administrator, filtered by workshop and name",
  query: manageCustomersQuerySchema,
  response: manageCustomersResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 50, user: EX.workshopId, name: 'علی' },
    response: page([
      {
        id: EX.customerId,
        name: EX.customerName,
        lab: EX.labName,
        userId: EX.workshopId,
        code: 12,
        mobile: EX.mobile,
        phone: null,
      },
    ]),
  },
});

export const manageGetCustomer = route(P.manage.getCustomer, {
  summary: "Any lab's customer for the administrator: its lab, history counts and the lab's fee defaults",
  description: `\`workshopDefaults\`: the lab's fee (\`vageType\` 1 whole toman, 0 percent) and SMS default. ${SETTINGS}`,
  query: customerIdQuerySchema,
  response: manageCustomerCardSchema,
  example: {
    request: { customerId: EX.customerId },
    response: {
      ...detail,
      lab: EX.labName,
      userId: EX.workshopId,
      testCount: 32,
      payCount: 4,
      createdAt: EX.at,
      workshopDefaults: { vage: 50_000, vageType: 1, sendSMS: true },
    },
  },
});

export const manageEditCustomer = route(P.manage.editCustomer, {
  summary: "Edits any lab's customer with the lab's own form and rules (audited)",
  description: `The answer is the customer's code. ${SETTINGS}`,
  body: manageEditCustomerSchema,
  response: z.number().int().describe("The customer's code"),
  example: { request: { customerId: EX.customerId, ...form }, response: 12 },
});

export const manageDeleteCustomer = route(P.manage.deleteCustomer, {
  summary: "Deletes any lab's customer; its packets and payments stay in the reports",
  body: deleteCustomerRequestSchema,
  response: z.null(),
  example: { request: { id: EX.customerId }, response: null },
});
