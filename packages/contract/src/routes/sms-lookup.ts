import { z } from 'zod';
import { routesOf } from './define.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// The SMS provider's webhook (ADR 0029, lookup by SMS): in the table like every route, so its path,
// audience and answer are written once; its caller is the provider, not a client of the API.

const route = routesOf('results');

const DESCRIPTION =
  "The SMS provider's webhook, not a client's call: `messageid`, `from`, `to` and `message` as a form, " +
  'JSON or query string. `outcome`: answered, duplicate, limited or not-a-mobile. A wrong secret is ' +
  'NOT_FOUND.';

/** The secret in the address is the provider's only credential (SMS_RECEIVE_SECRET). */
const params = z.object({ secret: z.string().max(200) });
const response = z.object({ outcome: z.string() });
const example = {
  params: { secret: 'the-secret-of-SMS_RECEIVE_SECRET' },
  response: { outcome: 'answered' },
};

const SUMMARY = 'Receives an SMS sent to the network line and answers it with the result it names';

/**
 * The message's fields are read by the server after the secret is checked (a wrong secret is a 404
 * whatever was sent), so the entries declare the path and the answer, not a body or a query.
 */
export const receive = route(P.sms.receive, {
  summary: SUMMARY,
  description: DESCRIPTION,
  params,
  response,
  example,
});
export const receiveByQuery = route(P.sms.receiveByQuery, {
  summary: SUMMARY,
  description: DESCRIPTION,
  params,
  response,
  example,
});
