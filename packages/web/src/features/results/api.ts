import { ROUTES } from '@ayar/contract';
import { PACKETS_KEY } from '../../lib/queries/packets.ts';
import { apiQuery } from '../../lib/query.ts';

// The lookup by number (ResultLookup) calls the client directly: the landing page loads without the
// query library (bench/web-size.ts).

export const resultQueries = {
  /** The result a slip's QR code points at (`/r/<token>`); its failure is shown in the page. */
  byToken: (token: string) =>
    apiQuery(['results', 'byToken', token], ROUTES.tests.resultByToken, {
      query: { token },
      silent: true,
    }),
  /** The packet a slip prints: a packet query, refreshed with every change to the packets. */
  slip: (id: string) =>
    apiQuery([...PACKETS_KEY, 'detail', id], ROUTES.tests.getTest, { query: { testId: id } }),
};
