import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';
import { API } from './exports.test-kit.ts';

// A download the person abandons (ADR 0055): the writer waits on a reader that has gone, so the
// export must notice, give back its place and close its snapshot, or the person could export no more.

let ctx: TestContext;
let lab: TestLab;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ globalRateLimit: 100_000, exports: { maxRunning: 1, batchSize: 500 } });
  lab = await createLab(ctx);
  // More than the socket's buffers hold, so the export is still writing when the client leaves.
  await sql`insert into assays (workshop_id, customer_id, doc_number, public_token, created_at)
    select ${lab.id}::uuid, ${lab.customerId}::uuid, 9000000 + g, md5(g::text), now() - g * interval '1 minute'
    from generate_series(1, 20000) g`.execute(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** One packet's export: small, so polling it costs little. */
const small = () =>
  ctx.app.inject({
    method: 'GET',
    url: `${API}/Tests/AllTests/Export`,
    headers: lab.h,
    query: { filterType: '3', filterValue: '9000001', format: 'csv' },
  });

const openTransactions = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
  where datname = current_database() and state like 'idle in transaction%'`;

it('gives the place and the snapshot back when the client leaves mid-file', async () => {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(`${base}${API}/Tests/AllTests/Export?format=xlsx`, { headers: lab.h }, resolve);
    request.on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-export-rows']).toBe('20000');
  // Unread, the file stops the writer: it still holds the person's only place.
  expect((await small()).statusCode).toBe(429);
  response.destroy();

  await expect.poll(async () => (await small()).statusCode, { timeout: 10_000 }).toBe(200);
  await expect.poll(async () => (await openTransactions.execute(ctx.db)).rows[0]!.n).toBe(0);
});
