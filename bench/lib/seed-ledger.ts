import { BulkWriter } from './bulk-writer.ts';
import { DAY_MS, isoDate, workingTime, type Network, type SeedContext } from './seed-shapes.ts';

/** Payments: a customer settles in gold or in money now and then. */
export async function writePayments(ctx: SeedContext, network: Network): Promise<number> {
  const { db, prng, batchSize, nowMs } = ctx;
  const { workshopIds, customersOf } = network;
  const W = workshopIds.length;
  const payments = new BulkWriter(
    db,
    'payments',
    {
      workshop_id: 'uuid',
      customer_id: 'uuid',
      type: 'smallint',
      gold_mg: 'int8',
      money_toman: 'int8',
      description: 'text',
      paid_on: 'date',
      created_by: 'uuid',
      created_at: 'timestamptz',
      deleted_at: 'timestamptz',
    },
    batchSize,
  );
  for (let w = 0; w < W; w++) {
    for (const customerId of customersOf[w]!) {
      const count = prng.int(0, 4);
      for (let p = 0; p < count; p++) {
        const at = workingTime(prng, nowMs, prng.int(0, 364));
        const gold = prng.chance(0.4);
        await payments.push([
          workshopIds[w],
          customerId,
          gold ? 1 : 2,
          gold ? prng.int(100, 20_000) : 0,
          gold ? 0 : prng.int(1, 500) * 100_000,
          prng.chance(0.1) ? 'تسویه' : null,
          isoDate(at),
          workshopIds[w],
          new Date(at).toISOString(),
          prng.chance(0.02) ? new Date(at + DAY_MS).toISOString() : null,
        ]);
      }
    }
  }
  return payments.finish();
}

/** Credits: labs top up their account by bank transfer; the admin accepts or rejects. */
export async function writeCredits(ctx: SeedContext, network: Network): Promise<number> {
  const { db, prng, batchSize, nowMs } = ctx;
  const { workshopIds, adminId } = network;
  const W = workshopIds.length;
  const credits = new BulkWriter(
    db,
    'credits',
    {
      workshop_id: 'uuid',
      amount: 'int8',
      tracking_code: 'text',
      account: 'text',
      paid_on: 'date',
      status: 'smallint',
      decided_by: 'uuid',
      decided_at: 'timestamptz',
      created_at: 'timestamptz',
    },
    batchSize,
  );
  for (let w = 0; w < W; w++) {
    const count = prng.int(0, 10);
    for (let c = 0; c < count; c++) {
      const at = workingTime(prng, nowMs, prng.int(0, 364));
      const recent = nowMs - at < 3 * DAY_MS;
      const status = recent && prng.chance(0.6) ? 0 : prng.chance(0.9) ? 1 : 2;
      await credits.push([
        workshopIds[w],
        prng.pick([500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000]),
        prng.digits(12),
        prng.chance(0.5)
          ? `IR${prng.digits(24)}`
          : prng.pick(['6037', '6104', '6219', '5892']) + prng.digits(12),
        isoDate(at),
        status,
        status === 0 ? null : adminId,
        status === 0 ? null : new Date(at + prng.int(1, 30) * 3600_000).toISOString(),
        new Date(at).toISOString(),
      ]);
    }
  }
  return credits.finish();
}
