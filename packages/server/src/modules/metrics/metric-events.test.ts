import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, TEST_TYPES } from '@ayar/contract';
import { ReadReplica } from '../../db/read-replica.ts';
import { createSignedInUser, createTestApp } from '../../../test/helpers.ts';
import { registerPacket } from '../../../test/labs.ts';
import { metricsSuite } from './metrics.test-kit.ts';
import { valueOf } from './prometheus-text.test-kit.ts';

// ADR 0052: the counters move after the real events through HTTP (and only once their transaction
// commits); the database's and the replica's gauges say what is there at scrape time.

const { suite, scrape, delta, call } = metricsSuite();
const quiet = { info() {}, warn() {} };
let next = 0;

describe('counters after the real events', () => {
  it('counts a failed sign-in, and an attempt refused while locked out', async () => {
    const user = await createSignedInUser(suite.ctx);
    const failures = ['ayar_sign_in_failures_total', { method: 'password' }] as [
      string,
      Record<string, string>,
    ];
    const [failed] = await delta([failures], async () => {
      const res = await call('/Account/login', {}, { userName: 'nobody-here', password: 'wrong password 1' });
      expect(res.statusCode).toBe(401);
    });
    expect(failed).toBe(1);
    const [good] = await delta([failures], async () => {
      const row = await suite.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const res = await call(
        '/Account/login',
        {},
        { userName: row.username, password: 'correct horse battery' },
      );
      expect(res.statusCode).toBe(200);
    });
    expect(good).toBe(0);
    // Ten failures from one address lock that address out of the account (ADR 0023): the eleventh is refused unchecked.
    const [fails, lockouts] = await delta([failures, ['ayar_sign_in_lockouts_total']], async () => {
      for (let i = 0; i < 11; i++) {
        await call(
          '/Account/login',
          {},
          { userName: 'locked-account', password: `wrong password ${i}` },
          { remoteAddress: '10.9.9.9' },
        );
      }
    });
    expect([fails, lockouts]).toEqual([10, 1]);
  });

  it('counts results published, corrected and withdrawn once each transaction commits', async () => {
    const series = (change: string) =>
      ['ayar_result_changes_total', { change }] as [string, Record<string, string>];
    const all = [series('published'), series('corrected'), series('withdrawn')];
    let id = '';
    expect(
      await delta(
        all,
        async () =>
          void (id = await registerPacket(suite.ctx.app, suite.lab, suite.lab.from + next++, {
            purity: 750,
          })),
      ),
    ).toEqual([1, 0, 0]);
    const correct = (cutting: number) =>
      call('/Tests/AddCutting', suite.lab.h, [{ id, cutting, reason: 'برش دوباره' }]);
    expect(await delta(all, async () => expect((await correct(751)).statusCode).toBe(200))).toEqual([
      0, 1, 0,
    ]);
    // A list whose second entry (a correction without its reason) fails after the first was published
    // and signed undoes the whole call: that publication is not counted.
    const waiting = await registerPacket(suite.ctx.app, suite.lab, suite.lab.from + next++);
    const rolledBack = await delta(all, async () => {
      const res = await call('/Tests/AddCutting', suite.lab.h, [
        { id: waiting, cutting: 700 },
        { id, cutting: 752 },
      ]);
      expect(res.statusCode, res.body).toBe(400);
    });
    expect(rolledBack).toEqual([0, 0, 0]);
    const withdraw = () => call('/Manage/WithdrawResult', suite.admin, { id, reason: 'نمونه اشتباه بود' });
    expect(await delta(all, async () => expect((await withdraw()).statusCode).toBe(200))).toEqual([0, 0, 1]);
    // Withdrawn twice is refused (400) and counts nothing.
    expect(await delta(all, async () => expect((await withdraw()).statusCode).toBe(400))).toEqual([0, 0, 0]);
  });

  it('counts a request with an idempotency key once applied and once replayed', async () => {
    const key = randomUUID();
    const docNumber = suite.lab.from + next++;
    const send = () =>
      call('/Tests/AddTest', { ...suite.lab.h, [IDEMPOTENCY_HEADER]: key }, [
        {
          customerId: suite.lab.customerId,
          customerName: 'علی رضایی',
          docNumber,
          readyTime: 30,
          type: TEST_TYPES[0].id,
          weight: '12.5',
          sampleWeight: '0.250',
        },
      ]);
    const outcome = (o: string) =>
      ['ayar_offline_requests_total', { outcome: o }] as [string, Record<string, string>];
    expect(
      await delta([outcome('applied'), outcome('replayed')], async () => {
        const res = await send();
        expect(res.statusCode, res.body).toBe(200);
      }),
    ).toEqual([1, 0]);
    expect(
      await delta([outcome('applied'), outcome('replayed')], async () => {
        const res = await send();
        expect(res.statusCode, res.body).toBe(200);
      }),
    ).toEqual([0, 1]);
  });
});

describe('what the database and the replica say', () => {
  it('reads the outbox depth, its oldest message age and the last good backup at scrape time', async () => {
    await sql`delete from messages`.execute(suite.ctx.db);
    let families = await scrape();
    expect(valueOf(families, 'ayar_sms_outbox_messages')).toBe(0);
    expect(valueOf(families, 'ayar_sms_outbox_oldest_message_age_seconds')).toBe(0);
    await sql`insert into messages (to_number, kind, text, status, created_at, next_attempt_at)
              values ('09121234567', 'sms', 'a', 'pending', now() - interval '10 minutes', now()),
                     ('09121234567', 'sms', 'b', 'sending', now() - interval '1 minute', now()),
                     ('09121234567', 'sms', 'c', 'sent', now() - interval '1 hour', now())`.execute(
      suite.ctx.db,
    );
    families = await scrape();
    expect(valueOf(families, 'ayar_sms_outbox_messages')).toBe(2);
    const age = valueOf(families, 'ayar_sms_outbox_oldest_message_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(660);

    expect(valueOf(families, 'ayar_backup_last_success_timestamp_seconds')).toBe(0);
    const good = new Date('2026-01-02T03:04:05Z');
    await suite.ctx.db
      .insertInto('backupRuns')
      .values({ trigger: 'manual', host: 'h', finishedAt: good, ok: true })
      .execute();
    await suite.ctx.db
      .insertInto('backupRuns')
      .values({ trigger: 'manual', host: 'h', finishedAt: new Date(), ok: false })
      .execute();
    families = await scrape();
    expect(valueOf(families, 'ayar_backup_last_success_timestamp_seconds')).toBe(good.getTime() / 1000);
  });

  it('reports the read replica lag its probe measured, and whether reads use it', async () => {
    let lag = 3.5;
    const reads = new ReadReplica({
      primary: suite.ctx.db,
      replica: suite.ctx.db,
      maxLagS: 10,
      probe: async () => lag,
      checkIntervalMs: 20,
      logger: quiet,
    });
    const app = await createTestApp({ reads });
    await reads.start();
    try {
      let families = await scrape();
      expect(valueOf(families, 'ayar_read_replica_lag_seconds', { database: 'replica' })).toBe(3.5);
      expect(valueOf(families, 'ayar_read_replica_healthy', { database: 'replica' })).toBe(1);
      expect(
        valueOf(families, 'ayar_db_pool_connections', { database: 'replica', state: 'idle' }),
      ).toBeDefined();
      lag = 42;
      const deadline = Date.now() + 5000;
      while (reads.status.lagS !== 42 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      families = await scrape();
      expect(valueOf(families, 'ayar_read_replica_lag_seconds', { database: 'replica' })).toBe(42);
      expect(valueOf(families, 'ayar_read_replica_healthy', { database: 'replica' })).toBe(0);
    } finally {
      await reads.stop();
      await app.close();
    }
    // Its app closed, the replica is no longer watched: no series again.
    expect((await scrape()).get('ayar_read_replica_lag_seconds')?.samples).toEqual([]);
  });
});
