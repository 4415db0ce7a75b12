import {
  OFFLINE_TOKEN_VECTOR,
  releaseCodesResponseSchema,
  releaseCodesSchema,
  reserveCodesResponseSchema,
  reserveCodesSchema,
} from '../offline.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// The offline counter (issue 19, ADR 0033): numbers a device keeps for registering packets offline.

const route = routesOf('offline');

const DEVICE_EXAMPLE = 'q3Zt0nW8bYc1xLr5Ua7eKg';

export const reserveCodes = route(P.tests.reserveCodes, {
  summary: "Reserves some of the workshop's unused packet numbers for one device, to use offline",
  description:
    'Tops the device up so that it holds at least `count` (1–200) unused reserved numbers: released ' +
    "numbers first (lowest first), then the ranges' next numbers. Fewer when the workshop has no more " +
    'free numbers (none is not an error). The answer is all of the device’s unused reserved numbers, ' +
    "ascending, in blocks, and the device's `tokenKey` for the public tokens of packets it registers " +
    'offline. Only that device (header `Ayar-Device`) may register them; GetCode offers them to that ' +
    'device only, lowest first. Reserving costs no credit. Device ids are per workshop.',
  body: reserveCodesSchema,
  response: reserveCodesResponseSchema,
  example: {
    request: { deviceId: DEVICE_EXAMPLE, count: 20 },
    response: {
      blocks: [{ from: EX.docNumber, to: EX.docNumber + 19 }],
      count: 20,
      tokenKey: OFFLINE_TOKEN_VECTOR.tokenKey,
    },
  },
});

export const releaseCodes = route(P.tests.releaseCodes, {
  summary: "Gives a device's unused reserved numbers back to the workshop",
  description: 'GetCode hands them out again, lowest first, before the ranges’ next numbers.',
  body: releaseCodesSchema,
  response: releaseCodesResponseSchema,
  example: { request: { deviceId: DEVICE_EXAMPLE }, response: { released: 20 } },
});
