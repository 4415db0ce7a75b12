import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { apiCaller, createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

/**
 * The payments test files' shared setting: an app on its own database, two labs and an admin signed
 * in, and rows written directly (customers, packets with their fees). Call once at a file's top level.
 */
export function paymentsTestSetup() {
  const s = {
    ctx: undefined as unknown as TestContext,
    labA: undefined as unknown as { id: string; token: string },
    labB: undefined as unknown as { id: string; token: string },
    adminToken: '',
  };
  beforeAll(async () => {
    s.ctx = await createTestApp();
    s.labA = await createSignedInUser(s.ctx);
    s.labB = await createSignedInUser(s.ctx);
    s.adminToken = (await createSignedInUser(s.ctx, { role: 'admin' })).token;
  });
  afterAll(() => s.ctx.close());

  let codeSeq = 0;
  async function customer(workshopId: string, name = 'مشتری'): Promise<string> {
    const row = await s.ctx.db
      .insertInto('customers')
      .values({ workshopId, code: ++codeSeq, name, mobile1: '09120000000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let docSeq = 1_000_000;
  /** A packet row with its fee, written directly (the payments rules need only these columns). */
  async function assay(
    workshopId: string,
    customerId: string | null,
    fee: { toman: number; goldMg: number },
    extra: { createdAt?: Date; deletedAt?: Date | null } = {},
  ) {
    await s.ctx.db
      .insertInto('assays')
      .values({
        workshopId,
        customerId,
        otherOwnerName: customerId ? null : 'متفرقه',
        docNumber: ++docSeq,
        feeType: fee.goldMg > 0 ? 0 : 1,
        feeToman: fee.toman,
        feeGoldMg: fee.goldMg,
        publicToken: randomBytes(12).toString('hex'),
        ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
        deletedAt: extra.deletedAt ?? null,
      })
      .execute();
  }

  return { s, call: apiCaller(() => s.ctx.app), customer, assay };
}
