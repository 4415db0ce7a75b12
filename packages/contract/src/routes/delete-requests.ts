import { z } from 'zod';
import { deleteTestSchema, removeTestResponseSchema, removeTestSchema } from '../assays.ts';
import { declineDeleteSchema } from '../delete-requests.ts';
import { routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// Deleting packets, asking to, and the administrator's two answers (ADR 0012, 0025). Deletes are soft:
// the row stays for the audit log and its number is never reused.

const route = routesOf('assays');

export const deleteTest = route(P.tests.deleteTest, {
  summary: 'Deletes one of the workshop’s packets while it has no purity and is under 15 minutes old',
  description: 'Later it is BUSINESS_RULE: ask for deletion (`/Tests/RequestToDeleteTest`) instead.',
  body: deleteTestSchema,
  response: z.null(),
  example: { request: { id: EX.packetId }, response: null },
});

export const requestToDeleteTest = route(P.tests.requestToDeleteTest, {
  summary: 'Asks the administrator to delete one of the workshop’s packets',
  body: deleteTestSchema,
  response: z.null(),
  example: { request: { id: EX.packetId }, response: null },
});

export const manageDeleteTest = route(P.manage.deleteTest, {
  summary: 'Deletes any packet (the answer to a delete request, or on the administrator’s own account)',
  description: 'A packet already deleted is BUSINESS_RULE.',
  body: deleteTestSchema,
  response: z.null(),
  example: { request: { id: EX.packetId }, response: null },
});

export const declineDeleteTest = route(P.manage.declineDeleteTest, {
  summary: 'Declines a packet’s pending delete request with a reason the lab reads on the packet',
  description: 'The reason has 3–500 characters. A packet without a pending request is BUSINESS_RULE.',
  body: declineDeleteSchema,
  response: z.null(),
  example: {
    request: { id: EX.packetId, reason: 'عیار ثبت شده و رسید به مشتری داده شده است' },
    response: null,
  },
});

export const removeTest = route(P.manage.removeTest, {
  summary: 'Deletes every packet registered before a Tehran day (not after today), with one audit row',
  body: removeTestSchema,
  response: removeTestResponseSchema,
  example: { request: { startDate: '2025-03-21' }, response: { removed: 48_210 } },
});
