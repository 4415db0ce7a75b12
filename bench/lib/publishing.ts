import { sql } from 'kysely';
import { TEST_TYPES } from '@ayar/contract';
import type { Database } from '../../packages/server/src/db/database.ts';
import { hashPassword } from '../../packages/server/src/lib/password.ts';
import { BENCH_PASSWORD } from './seed-data.ts';

// What the publishing benches share (publish.ts, verify.ts): a workshop of their own with a customer and
// a range of numbers, waiting packets made in one statement, a sign-in, and per-call latency summaries.

/** The bench's own workshop, its customer and a range of numbers no other workshop has: made once. */
export async function publishingLab(
  db: Database,
  username: string,
  labName: string,
): Promise<{ id: string; customerId: string; rangeId: string }> {
  let lab = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (!lab) {
    lab = await db
      .insertInto('users')
      .values({
        username,
        passwordHash: await hashPassword(BENCH_PASSWORD),
        role: 'workshop',
        status: 1,
        fName: labName,
        fullName: 'سنجش',
        settings: JSON.stringify({ showTypeForReport: true, showWeightForReport: true }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('customers')
      .values({ workshopId: lab.id, code: 1, name: 'مشتری سنجش', mobile1: '09120000000', settings: null })
      .execute();
    // After every number any range holds, 10 million of them: enough for many runs.
    await sql`insert into code_ranges (workshop_id, from_code, to_code, next_code)
      select ${lab.id}, m + 1, m + 10000000, m + 1
      from (select coalesce(max(to_code), 0) as m from code_ranges) r`.execute(db);
  }
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('workshopId', '=', lab.id)
    .executeTakeFirstOrThrow();
  const range = await db
    .selectFrom('codeRanges')
    .select('id')
    .where('workshopId', '=', lab.id)
    .executeTakeFirstOrThrow();
  return { id: lab.id, customerId: customer.id, rangeId: range.id };
}

/** Registers `n` waiting packets (as AddTest leaves them, SMS and call on) and answers their ids in order. */
export async function waitingPackets(
  db: Database,
  lab: { id: string; customerId: string; rangeId: string },
  n: number,
): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    with range as (
      update code_ranges set next_code = next_code + ${n} where id = ${lab.rangeId} returning next_code - ${n} as first
    )
    insert into assays (workshop_id, customer_id, test_type_id, doc_number, code_range_id, ready_time,
                        sample_weight_mg, gold_weight_mg, fee_toman, public_token, created_by)
    select ${lab.id}, ${lab.customerId}, ${TEST_TYPES[0].id}, range.first + i, ${lab.rangeId}, 30,
           250, 12500, 50000,
           rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '='), ${lab.id}
    from range, generate_series(0, ${n - 1}) as i
    order by i
    returning id`.execute(db);
  return rows.rows.map((r) => r.id);
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
export type Summary = { p50: number; p95: number; p99: number; max: number };
export const summary = (times: number[]): Summary => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99), max: s.at(-1)! };
};
export const ms = (x: number) => x.toFixed(2);
export const cells = (s: Summary) => [ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];

/** Signs in with the bench's password; answers the headers of a JSON call with the token. */
export async function signedInHeaders(base: string, userName: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/v1.0/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: BENCH_PASSWORD }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`login as ${userName} failed: ${login.status}`);
  return { 'content-type': 'application/json', authorization: `Bearer ${token}` };
}
