import {
  OFFLINE_TOKEN_VECTOR,
  releaseCodesResponseSchema,
  releaseCodesSchema,
  reservationsResponseSchema,
  reserveCodesResponseSchema,
  reserveCodesSchema,
} from '../offline.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// The offline counter (ADR 0033): numbers a device keeps for registering packets offline.

const route = routesOf('offline');

const DEVICE_EXAMPLE = 'q3Zt0nW8bYc1xLr5Ua7eKg';

export const reserveCodes = route(P.tests.reserveCodes, {
  summary: "Reserves some of the workshop's unused packet numbers for one device, to use offline",
  description:
    'Tops the device up towards `count` (1–200) unused reserved numbers, granting at most its ' +
    'registrations of the last 24 hours (at least 5, at most 50) and never more than a fair share of ' +
    "the workshop's free numbers (free / (devices holding numbers, this one included, + 1)); when that " +
    'share falls short, the numbers of devices idle for over 72 hours come back to the pool first. ' +
    "Released numbers first (lowest first), then the ranges' next numbers. Fewer when the workshop has no more " +
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
  description:
    'GetCode hands them out again, lowest first, before the ranges’ next numbers. The lab may release ' +
    'any of its devices (a lost phone) by the id `GET /Tests/Reservations` lists; another lab’s ids ' +
    'release nothing of this one.',
  body: releaseCodesSchema,
  response: releaseCodesResponseSchema,
  example: { request: { deviceId: DEVICE_EXAMPLE }, response: { released: 20 } },
});

export const reservations = route(P.tests.reservations, {
  summary: "The workshop's numbers: bought, registered, held on its devices for offline use, and free",
  description:
    'A reservation is a lease (ADR 0045): `devices` lists each device holding unused numbers, with when ' +
    'it last reached the server; one idle for over 72 hours loses them to an online counter that finds ' +
    'no free number. `free` = `bought` − `registered` − `held`. Release a device with ReleaseCodes.',
  response: reservationsResponseSchema,
  example: {
    response: {
      devices: [{ deviceId: DEVICE_EXAMPLE, held: 12, lastSeenAt: '2026-11-27T08:30:00.000Z' }],
      bought: 200,
      registered: 5,
      held: 12,
      free: 183,
    },
  },
});
