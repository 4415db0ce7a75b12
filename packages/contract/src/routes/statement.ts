import { letterheadSchema, statementQuerySchema, statementResponseSchema } from '../statement.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('payments');

const letterhead = {
  labName: EX.labName,
  managerName: EX.managerName,
  address: 'تهران، خیابان جمهوری، پلاک ۱۲',
  phone: '02133112233',
  cellPhone: EX.mobile,
  workshopCode: 1042,
  rejeCode: 'R-5521',
} as const;

export const getLetterhead = route(P.account.letterhead, {
  summary: "The lab's letterhead for its printed papers: name, manager, address, phones and codes",
  description:
    "Read from the workshop's own record for any of its people; every printed paper (statement, fund " +
    'report, receipt, the day’s packets) carries it.',
  response: letterheadSchema,
  example: { response: letterhead },
});

export const statement = route(P.customer.statement, {
  summary:
    "A customer's statement for a range of Tehran days: opening, every fee, receipt and payment, closing",
  description:
    '`from` and `to` are Gregorian yyyy-mm-dd, both included, `from` ≤ `to`, `to` not after today, at ' +
    'most 1096 days. The opening balance is what the customer owed before `from`, on the rule of ' +
    '`GetPays` (fees − received + paid, deleted rows left out); each entry carries the balance after it ' +
    'and the closing balance is the opening plus the entries, so a range ending today equals GetPays’ ' +
    "`balance`. Gold in milligrams, money in toman; positive is owed by the customer. Another workshop's " +
    'customer is NOT_FOUND; more than 5000 entries is BUSINESS_RULE (ask for a shorter range).',
  query: statementQuerySchema,
  response: statementResponseSchema,
  example: {
    request: { cid: EX.customerId, from: '2026-03-21', to: EX.date },
    response: {
      letterhead,
      customer: { id: EX.customerId, name: EX.customerName, code: 12, deleted: false },
      from: '2026-03-21',
      to: EX.date,
      opening: { goldMg: 1200, money: 50_000 },
      entries: [
        {
          kind: 'fee',
          id: EX.packetId,
          date: EX.date,
          at: EX.at,
          docNumber: EX.docNumber,
          desc: null,
          goldMg: 0,
          money: 50_000,
          goldBalance: 1200,
          moneyBalance: 100_000,
        },
        {
          kind: 'receipt',
          id: EX.payId,
          date: EX.date,
          at: EX.at,
          docNumber: null,
          desc: 'تسویه هفتگی',
          goldMg: -1200,
          money: -100_000,
          goldBalance: 0,
          moneyBalance: 0,
        },
      ],
      closing: { goldMg: 0, money: 0 },
      totals: {
        fees: { goldMg: 0, money: 50_000 },
        received: { goldMg: 1200, money: 100_000 },
        paid: { goldMg: 0, money: 0 },
        testCount: 1,
      },
    },
  },
});
