import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TEST_TYPES } from '@ayar/contract';
import { signIn, createUser, type TestContext } from './helpers.ts';

/** A signed-in workshop with a range of 1000 packet numbers and one customer. */
export interface TestLab {
  id: string;
  h: Record<string, string>;
  from: number;
  to: number;
  customerId: string;
}

// Numbers are unique network-wide; each test file has its own database, so one counter per file will do.
let nextFrom = 1_000_000;

/**
 * An active (or `status`) workshop with `settings` stored as its user settings (none: the defaults), a
 * range of 1000 numbers and one customer with a mobile, signed in. Shared by the packet test files.
 */
export async function createLab(
  ctx: TestContext,
  opts: {
    status?: 0 | 1 | 5;
    fName?: string;
    settings?: Record<string, unknown>;
    customer?: { name: string; mobile1: string };
  } = {},
): Promise<TestLab> {
  const user = await createUser(ctx.db, { status: opts.status ?? 1, fName: opts.fName ?? 'آزمایشگاه طلا' });
  if (opts.settings) {
    await ctx.db
      .updateTable('users')
      .set({ settings: JSON.stringify(opts.settings) })
      .where('id', '=', user.id)
      .execute();
  }
  const from = nextFrom;
  nextFrom += 1000;
  await ctx.db
    .insertInto('codeRanges')
    .values({ workshopId: user.id, fromCode: from, toCode: from + 999, nextCode: from })
    .execute();
  const { name, mobile1 } = opts.customer ?? { name: 'علی رضایی', mobile1: '09121234567' };
  const customer = await ctx.db
    .insertInto('customers')
    .values({ workshopId: user.id, code: 1, name, mobile1, settings: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    h: await signIn(ctx.app, user.username, user.password),
    from,
    to: from + 999,
    customerId: customer.id,
  };
}

/**
 * One packet of the lab's customer through `POST /Tests/AddTest` (12.5 g of gold, a 0.25 g sample, the
 * first test type), with its purity when given and any other fields in `extra`; answers its id.
 */
export async function registerPacket(
  app: FastifyInstance,
  lab: TestLab,
  docNumber: number,
  opts: { purity?: number; extra?: object } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/AddTest',
    headers: lab.h,
    payload: [
      {
        customerId: lab.customerId,
        customerName: 'علی رضایی',
        docNumber,
        readyTime: 30,
        type: TEST_TYPES[0].id,
        weight: '12.5',
        sampleWeight: '0.250',
        ...(opts.purity ? { cutting: opts.purity } : {}),
        ...opts.extra,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { list: { id: string }[] } }>().data.list[0]!.id;
}
