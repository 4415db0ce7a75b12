import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { enqueueMessage, enqueueOtp } from './outbox.ts';
import { createKavenegarProvider, kavenegarLocalId } from './providers/kavenegar.ts';
import { createOutboxProvider } from './providers/outbox.ts';
import { FakeKavenegar } from './fake-kavenegar.test-kit.ts';
import { createMessageWorker, retryDelayMs, type WorkerLogger } from './worker.ts';

const API_KEY = 'TEST-api-key-0123456789abcdef';
const fake = new FakeKavenegar();
let db: Database;
let drop: () => Promise<void>;
const logs: unknown[] = [];
const logger: WorkerLogger = {
  info: (obj, msg) => logs.push([obj, msg]),
  warn: (obj, msg) => logs.push([obj, msg]),
  error: (obj, msg) => logs.push([obj, msg]),
};

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
  await drop();
});
beforeEach(async () => {
  fake.reset();
  logs.length = 0;
  await db.deleteFrom('messages').execute();
});

function kavenegar(extra: { otpTemplate?: string; baseUrl?: string; timeoutMs?: number } = {}) {
  return createKavenegarProvider({ apiKey: API_KEY, baseUrl: fake.baseUrl, sender: '10004346', ...extra });
}
function worker(provider = kavenegar(), extra: { maxAttempts?: number; batch?: number } = {}) {
  return createMessageWorker({ db, provider, logger, ...extra });
}
const row = (id: string) =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sms = (text = 'نتیجه بسته 1001: عیار 750') =>
  enqueueMessage(db, { to: '09121234567', kind: 'sms', text });
/** As if the back-off had passed. */
const makeDue = (id: string) =>
  db
    .updateTable('messages')
    .set({ nextAttemptAt: sql<Date>`now() - interval '1 second'` })
    .where('id', '=', id)
    .execute();

describe('message worker with Kavenegar', () => {
  it('sends an SMS with the receiver, text, sender and local id, and records it', async () => {
    const id = await sms();
    expect(await worker().runOnce()).toBe(1);
    const [request] = fake.calls('sms/send');
    expect(fake.requests).toHaveLength(1);
    expect(request).toEqual({
      method: 'sms/send',
      apiKey: API_KEY,
      params: {
        receptor: '09121234567',
        message: 'نتیجه بسته 1001: عیار 750',
        sender: '10004346',
        localid: kavenegarLocalId(id),
      },
    });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, provider: 'kavenegar', error: null });
    expect(sent.providerId).toBe(String(fake.accepted.get(kavenegarLocalId(id))));
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(await worker().runOnce()).toBe(0);
  });

  it('places a call with call/maketts', async () => {
    const id = await enqueueMessage(db, { to: '09351112233', kind: 'call', text: 'عیار ۷۵۰' });
    await worker().runOnce();
    expect(fake.calls('call/maketts')[0]?.params).toEqual({
      receptor: '09351112233',
      message: 'عیار ۷۵۰',
      localid: kavenegarLocalId(id),
    });
    expect((await row(id)).status).toBe('sent');
  });

  it('sends a one-time code by verify/lookup when a template is configured, as plain SMS otherwise', async () => {
    const viaTemplate = await enqueueOtp(db, { to: '09120000001', code: '123456', validMinutes: '۵' });
    await worker(kavenegar({ otpTemplate: 'ayar-otp' })).runOnce();
    expect(fake.calls('verify/lookup')[0]?.params).toEqual({
      receptor: '09120000001',
      token: '123456',
      template: 'ayar-otp',
    });
    expect((await row(viaTemplate)).status).toBe('sent');

    fake.reset();
    await enqueueOtp(db, { to: '09120000002', code: '654321', validMinutes: '۵' });
    await worker().runOnce();
    expect(fake.calls('verify/lookup')).toHaveLength(0);
    expect(fake.calls('sms/send')[0]?.params.message).toContain('654321');
  });

  it('retries a transient error after the back-off, asking first whether the attempt went out', async () => {
    const id = await sms();
    fake.next('sms/send', { kind: 'status', status: 418, message: 'اعتبار حساب شما کافی نیست' });
    const w = worker();
    await w.runOnce();
    const waiting = await row(id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'کاوه‌نگار 418: اعتبار حساب شما کافی نیست',
    });
    const delay = waiting.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(20_000);
    expect(delay).toBeLessThanOrEqual(31_000);
    expect(await w.runOnce()).toBe(0);

    await makeDue(id);
    expect(await w.runOnce()).toBe(1);
    expect(fake.requests.map((r) => r.method)).toEqual(['sms/send', 'sms/statuslocalmessageid', 'sms/send']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('treats a 5xx page and an unreachable server as transient, without the API key in the error', async () => {
    const a = await sms('a');
    fake.next('sms/send', { kind: 'http', httpStatus: 502, body: '<html>Bad gateway</html>' });
    await worker().runOnce();
    expect(await row(a)).toMatchObject({ status: 'pending', error: 'پاسخ نامعتبر از کاوه‌نگار (HTTP 502)' });

    const b = await sms('b');
    await db
      .updateTable('messages')
      .set({ nextAttemptAt: sql<Date>`now() + interval '1 hour'` })
      .where('id', '=', a)
      .execute();
    await worker(kavenegar({ baseUrl: 'http://127.0.0.1:1' })).runOnce();
    const unreachable = await row(b);
    expect(unreachable.status).toBe('pending');
    expect(unreachable.error).toMatch(/^کاوه‌نگار در دسترس نیست/);
    expect(JSON.stringify(await db.selectFrom('messages').selectAll().execute())).not.toContain(API_KEY);
    expect(JSON.stringify(logs)).not.toContain(API_KEY);
  });

  it('fails at once on a permanent error such as an invalid receiver', async () => {
    const id = await sms();
    fake.next('sms/send', { kind: 'status', status: 411, message: 'شماره گیرنده نامعتبر است' });
    await worker().runOnce();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      provider: 'kavenegar',
      error: 'کاوه‌نگار 411: شماره گیرنده نامعتبر است',
    });
    await makeDue(id);
    expect(await worker().runOnce()).toBe(0);
  });

  it('gives up after the last attempt', async () => {
    const id = await sms();
    const w = worker(kavenegar(), { maxAttempts: 2 });
    fake.next('sms/send', { kind: 'status', status: 409 });
    await w.runOnce();
    await makeDue(id);
    fake.next('sms/send', { kind: 'status', status: 409 });
    await w.runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('does not send again a message an interrupted attempt already delivered', async () => {
    const delivered = await sms('delivered');
    const lost = await sms('lost');
    const leased = await sms('still leased');
    // A crash left all three 'sending'; the first two leases have run out.
    await db
      .updateTable('messages')
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', 'in', [delivered, lost])
      .execute();
    await db
      .updateTable('messages')
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql<Date>`now() + interval '1 minute'` })
      .where('id', '=', leased)
      .execute();
    const providerId = fake.markAccepted(kavenegarLocalId(delivered));

    expect(await worker().runOnce()).toBe(2);
    expect(fake.calls('sms/send').map((r) => r.params.message)).toEqual(['lost']);
    expect(await row(delivered)).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerId: String(providerId),
    });
    expect(await row(lost)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(leased)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('does not send twice when Kavenegar accepted but the answer timed out', async () => {
    const id = await sms();
    fake.next('sms/send', { kind: 'slow', ms: 2000 });
    await worker(kavenegar({ timeoutMs: 100 })).runOnce();
    expect(await row(id)).toMatchObject({
      status: 'pending',
      error: 'کاوه‌نگار در دسترس نیست (مهلت پاسخ تمام شد)',
    });
    await makeDue(id);
    await worker().runOnce();
    expect(fake.calls('sms/send')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends a message twice when two workers run at once (60 messages)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await sms(`پیام ${i}`));
    const drain = async (w: ReturnType<typeof worker>) => {
      let total = 0;
      for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
      return total;
    };
    const [first, second] = await Promise.all([
      drain(worker(kavenegar(), { batch: 7 })),
      drain(worker(kavenegar(), { batch: 7 })),
    ]);
    expect(first + second).toBe(60);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const localIds = fake.calls('sms/send').map((r) => r.params.localid);
    expect(localIds).toHaveLength(60);
    expect(new Set(localIds).size).toBe(60);
    const rows = await db.selectFrom('messages').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('message worker with the outbox provider', () => {
  it('marks messages sent with provider «outbox» and sends nothing out', async () => {
    const id = await sms();
    await worker(createOutboxProvider()).runOnce();
    expect(await row(id)).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      providerId: null,
      attempts: 1,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('polls once started and waits for the round in flight when stopped', async () => {
    const w = createMessageWorker({ db, provider: createOutboxProvider(), logger, pollMs: 20 });
    w.start();
    const id = await sms();
    await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), {
      timeout: 5000,
      interval: 20,
    });
    await w.stop();
    const later = await sms();
    expect((await row(later)).status).toBe('pending');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and stops at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
