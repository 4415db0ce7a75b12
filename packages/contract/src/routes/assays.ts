import { z } from 'zod';
import {
  addCuttingResponseSchema,
  addCuttingSchema,
  addTestRequestSchema,
  addTestResponseSchema,
  checkCodeResponseSchema,
  checkCodeSchema,
  editTestSchema,
  getCodeResponseSchema,
  labDetailSchema,
  labListQuerySchema,
  labListResponseSchema,
  manageEditTestSchema,
  manageLabListQuerySchema,
  testHistoryResponseSchema,
  testIdQuerySchema,
  verifyCuttingResponseSchema,
  verifyCuttingSchema,
} from '../assays.ts';
import {
  addFireAssayResponseSchema,
  addFireAssaySchema,
  purityHistoryResponseSchema,
} from '../purity-method.ts';
import { routesOf } from './define.ts';
import { EX, LAB_ROW_EXAMPLE, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('assays');

const UNITS =
  'Weights (`weight` gold, `sampleWeight`) are grams with up to 3 decimals; purity (`cutting`) is per ' +
  'mille, 600–999, three digits; `readyTime` minutes (1–2880); the fee `vage` is whole toman ' +
  '(`vageType` 1) or a percent of the gold weight (`vageType` 0).';
const ROW =
  '`waitFor`: no purity yet; `canUpdate`: the workshop may still correct the purity (60 minutes); ' +
  '`canDelete`: it may delete directly (no purity, under 15 minutes old).';
const LIST =
  '`filterType` 1 customer name, 2 customer code, 3 packet number, 4 purity, with `filterValue`; dates ' +
  'are Gregorian, whole Tehran days, both inclusive; `waitFor=true` lists packets waiting for purity.';

export const getCode = route(P.tests.getCode, {
  summary: "The workshop's next unused packet number",
  description:
    'The lowest of the released numbers, the ranges’ next number and, with `Ayar-Device`, the numbers ' +
    'that device holds. A workshop with none of these, or not active, is BUSINESS_RULE.',
  headers: ['device'],
  response: getCodeResponseSchema,
  example: { response: EX.docNumber },
});

export const checkCode = route(P.tests.checkCode, {
  summary: 'Whether a packet number is the workshop’s own and still unused',
  description:
    "Another workshop's number is BUSINESS_RULE, a used one CONFLICT, both with `errors` on `code`. " +
    '`userId` is accepted and ignored.',
  headers: ['device'],
  body: checkCodeSchema,
  response: checkCodeResponseSchema,
  example: { request: { code: EX.docNumber }, response: { code: EX.docNumber, available: true } },
});

export const addTest = route(P.tests.addTest, {
  summary: 'Registers a list of packets (1–200), all or none',
  description:
    `${UNITS} Each number must be the workshop's own and unused. For the «other customer» ` +
    "(6f1b3c2a-0000-4a5e-9c1d-0000000000ff) the owner's name and mobile are required. The test type is " +
    'required unless the workshop has a preset one; the ready time is required in packet mode while ' +
    "there is no purity. The fee comes from the customer's and workshop's settings, not from the request. " +
    'Sends the wait or ready SMS when asked. The answer gives each packet its id and public token; a ' +
    'packet registered offline brings the `publicToken` its slip was printed with: the token the ' +
    "sending device's `tokenKey` (ReserveCodes) makes for its number, taken only with that device's " +
    '`Ayar-Device` header; any other token is refused as VALIDATION on `<i>.publicToken`, exactly as a ' +
    'malformed one.',
  headers: ['device', 'idempotencyKey'],
  body: addTestRequestSchema,
  response: addTestResponseSchema,
  example: {
    request: [
      {
        customerId: EX.customerId,
        customerName: EX.customerName,
        docNumber: EX.docNumber,
        cutting: null,
        readyTime: 30,
        sampleWeight: 12.5,
        weight: 12.345,
        type: '6f1b3c2a-0001-4a5e-9c1d-000000000001',
        sendSMS: true,
        sendCall: false,
        title: true,
        images: [`/api/v1.0/Files/${EX.fileId}`],
      },
    ],
    response: { list: [{ id: EX.packetId, docNumber: EX.docNumber, publicToken: EX.publicToken }] },
  },
});

export const allTests = route(P.tests.allTests, {
  summary: "The workshop's packets, newest first, filtered",
  description: `${LIST} ${UNITS} ${ROW}`,
  query: labListQuerySchema,
  response: labListResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 100, waitFor: false, filterType: 3, filterValue: '100245' },
    response: page([LAB_ROW_EXAMPLE], 100),
  },
});

export const getTest = route(P.tests.getTest, {
  summary: 'One of the workshop’s packets, for its edit screen and slip',
  description: `Another workshop's or a deleted packet is NOT_FOUND. ${UNITS} ${ROW}`,
  query: testIdQuerySchema,
  response: labDetailSchema,
  example: { request: { testId: EX.packetId }, response: LAB_ROW_EXAMPLE },
});

export const addCutting = route(P.tests.addCutting, {
  summary: 'Records the purity of packets from the list, all or none',
  description:
    'Purity is per mille, 600–999, three digits. A purity already recorded more than 60 minutes ago is ' +
    'BUSINESS_RULE (only the administrator corrects it then). Sends the ready SMS when the packet asks.',
  headers: ['device', 'idempotencyKey'],
  body: addCuttingSchema,
  response: addCuttingResponseSchema,
  example: {
    request: [{ id: EX.packetId, cutting: 750 }],
    response: { updated: 1, awaitingVerification: 0 },
  },
});

export const verifyCutting = route(P.tests.verifyCutting, {
  summary: 'Accepts or sends back purities waiting for a second person’s verification, all or none',
  description:
    'With «تأیید دوم عیار» on (the lab’s `requireSecondVerification` or the network’s ' +
    '`RequireSecondVerification`), a recorded purity is not public, not signed and not sent by SMS until ' +
    'someone other than its recorder accepts it; then it is published as if recorded now. Sending one ' +
    'back needs a `reason` (the assayer reads it) and leaves the packet waiting. Verifying one’s own ' +
    'purity is FORBIDDEN whatever one’s roles; a packet with nothing to verify is CONFLICT (ADR 0050).',
  body: verifyCuttingSchema,
  response: verifyCuttingResponseSchema,
  example: {
    request: [
      { id: EX.packetId, accept: true },
      { id: 'd4e5f6a7-b8c9-4dae-8f01-2a3b4c5d6e7f', accept: false, reason: 'وزن نمونه با برگه نمی‌خواند' },
    ],
    response: { verified: 1, returned: 1 },
  },
});

export const editTest = route(P.tests.editTest, {
  summary: 'Edits one of the workshop’s packets (never its number); omitted fields stay as they are',
  description:
    `${UNITS} The purity only while the packet waits or within 60 minutes of recording it; a workshop ` +
    "cannot clear it. The original client's other fields are accepted and ignored.",
  body: editTestSchema,
  response: z.null(),
  example: {
    request: { testId: EX.packetId, cutting: 750, weight: 12.345, desc: 'النگو', sendSMS: true },
    response: null,
  },
});

export const manageAllTests = route(P.manage.allTests, {
  summary: "Every workshop's packets for the administrator, filtered (or those asked to be deleted)",
  description:
    `${LIST} \`tester\` is a workshop id; \`justForDelete=true\` lists packets with a pending delete ` +
    `request. Customers' mobiles are null here. ${UNITS}`,
  query: manageLabListQuerySchema,
  response: labListResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 100, tester: EX.workshopId, justForDelete: true },
    response: page(
      [{ ...LAB_ROW_EXAMPLE, customerMobile: null, forDelete: true, forDeleteDate: EX.at }],
      100,
    ),
  },
});

export const manageGetTest = route(P.manage.getTest, {
  summary: 'Any packet, deleted ones included, for the administrator’s edit screen',
  description: UNITS,
  query: testIdQuerySchema,
  response: labDetailSchema,
  example: { request: { testId: EX.packetId }, response: { ...LAB_ROW_EXAMPLE, customerMobile: null } },
});

export const testHistory = route(P.manage.testHistory, {
  summary: "A packet's audit rows, oldest first: who changed what, before and after",
  query: testIdQuerySchema,
  response: testHistoryResponseSchema,
  example: {
    request: { testId: EX.packetId },
    response: {
      list: [
        {
          id: 8812,
          at: '2026-10-18T08:05:00.000Z',
          actorId: EX.workshopId,
          actorName: EX.labName,
          action: 'assay.purity',
          actionLabel: 'ثبت عیار',
          before: { purity: null },
          after: { purity: 750 },
        },
      ],
    },
  },
});

export const manageEditTest = route(P.manage.editTest, {
  summary: 'Edits any packet: customer, weights, fee, type, and the purity at any time (audited)',
  description:
    `${UNITS} The sample weight is required. Clearing the purity puts the packet back to waiting, ` +
    'without a message; a changed purity sends the ready SMS again.',
  body: manageEditTestSchema,
  response: z.null(),
  example: {
    request: {
      testId: EX.packetId,
      customerId: EX.customerId,
      cutting: 748,
      readyTime: null,
      sampleWeight: 12.5,
      weight: 12.345,
      vage: 50_000,
      desc: 'اصلاح عیار به درخواست آزمایشگاه',
    },
    response: null,
  },
});

export const addFireAssay = route(P.tests.addFireAssay, {
  summary: "Records a fire assay's two determinations (and an optional proof) for one packet",
  description:
    'Within the lab’s tolerance (`fireTolerance`, per mille) the purity reported follows its rule ' +
    '(`fireRule`: the mean rounded down by default) and is recorded as `AddCutting` would, with method ' +
    '`fire`; outside it nothing is published (`outcome: repeat`) and the packet waits for a repeat. Both ' +
    'determinations are kept in the packet’s history either way.' +
    ' A correction of a published purity needs its `reason`, as in `AddCutting`.',
  body: addFireAssaySchema,
  response: addFireAssayResponseSchema,
  example: {
    request: { id: EX.packetId, first: 751, second: 750 },
    response: { outcome: 'published', purity: 750, difference: 1, tolerance: 2, rule: 'meanDown' },
  },
});

export const purityHistory = route(P.tests.purityHistory, {
  summary: "How one of the lab's packets' purity was measured: method, instrument, determinations, files",
  description: "Another workshop's packet is NOT_FOUND.",
  query: testIdQuerySchema,
  response: purityHistoryResponseSchema,
  example: {
    request: { testId: EX.packetId },
    response: { method: 'fire', instrument: null, fireAssays: [], imports: [] },
  },
});
