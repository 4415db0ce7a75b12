import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createSignedInUser } from '../../../test/helpers.ts';
import { createLab, registerPacket } from '../../../test/labs.ts';
import { createDeliveryWorker } from './delivery.schedule.ts';
import { partnerSuite } from './partners.test-kit.ts';

// Signed webhook deliveries (ADR 0062) to a local receiver that checks them as a partner would: the
// Standard Webhooks signature, and each event kept once by its id however often it arrives.

const { s, post, issue } = partnerSuite();

interface Received {
  id: string;
  body: string;
  valid: boolean;
}

/** A partner's receiver: verifies each delivery, answers `answers` in turn (then 200), keeps each id once. */
function receiver() {
  const state = {
    answers: [] as number[],
    attempts: [] as Received[],
    kept: new Map<string, unknown>(),
    secret: '',
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const ts = String(req.headers['webhook-timestamp']);
      const key = Buffer.from(state.secret.slice('whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
      const given = Buffer.from(String(req.headers['webhook-signature']).replace(/^v1,/, ''), 'base64');
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
      const valid = fresh && given.length === expected.length && timingSafeEqual(given, expected);
      state.attempts.push({ id, body, valid });
      const status = valid ? (state.answers.shift() ?? 200) : 401;
      if (status === 200 && !state.kept.has(id)) state.kept.set(id, JSON.parse(body));
      res.writeHead(status).end();
    });
  });
  return { state, server };
}

const logged: object[] = [];
const logger = { info: () => undefined, warn: (obj: object) => void logged.push(obj) };
const { state, server } = receiver();
let url = '';

beforeAll(async () => {
  s.ctx = await createTestApp({ webhookAllowPrivateTargets: true });
  s.admin = await createSignedInUser(s.ctx, { role: 'admin' });
  s.lab = await createSignedInUser(s.ctx);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ayar/events`;
});
afterAll(async () => {
  await s.ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A subscribe key with the receiver's URL registered; the receiver checks with its secret. */
async function subscribed() {
  const { id, key } = await issue({ scopes: ['results:subscribe'] });
  const hook = (await post('/Partner/Webhooks', { 'x-api-key': key }, { url })).json<{
    data: { id: string; secret: string };
  }>().data;
  state.secret = hook.secret;
  state.attempts.length = 0;
  state.kept.clear();
  return {
    id,
    key,
    hook,
    remove: () => post('/Partner/Webhooks/Delete', { 'x-api-key': key }, { id: hook.id }),
  };
}

const deliveries = async (state?: string) =>
  (
    await s.ctx.app.inject({
      method: 'GET',
      url: `/api/v1.0/Manage/WebhookDeliveries${state ? `?state=${state}` : ''}`,
      headers: s.admin.headers,
    })
  ).json<{
    data: {
      id: string;
      state: string;
      attempts: number;
      lastStatus: number | null;
      eventType: string;
      docNumber: number;
    }[];
  }>().data;

describe('webhook deliveries', () => {
  it('delivers a published result, signed, after two refusals: the receiver keeps it once', async () => {
    const { hook, remove } = await subscribed();
    const lab = await createLab(s.ctx);
    await registerPacket(s.ctx.app, lab, lab.from, { purity: 750 });
    const worker = createDeliveryWorker({
      db: s.ctx.db,
      logger,
      allowPrivateTargets: true,
      retryDelayMs: () => 0,
    });
    state.answers = [500, 503];
    for (let round = 0; round < 3; round++) expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(state.attempts.map((a) => a.valid)).toEqual([true, true, true]);
    expect(new Set(state.attempts.map((a) => a.id)).size).toBe(1);
    expect(state.kept.size).toBe(1);
    const event = [...state.kept.values()][0] as { type: string; data: { docNumber: number; jws: string } };
    expect(event).toMatchObject({
      type: 'result.published',
      data: { docNumber: lab.from, version: 1, status: 'published' },
    });
    expect(event.data.jws.split('.')).toHaveLength(3);
    const [log] = await deliveries('delivered');
    expect(log).toMatchObject({
      id: state.attempts[0]!.id,
      attempts: 3,
      lastStatus: 200,
      eventType: 'result.published',
      docNumber: lab.from,
    });
    // What the worker logged names the delivery, never its secret or body.
    expect(logged.length).toBe(2);
    expect(JSON.stringify(logged)).not.toContain(hook.secret.slice(6));
    expect(JSON.stringify(logged)).not.toContain('jws');
    expect((await remove()).statusCode).toBe(200);
  });

  it('sends the correction and the withdrawal too; a revoked key hears nothing more', async () => {
    const { id, remove } = await subscribed();
    const lab = await createLab(s.ctx);
    const packet = await registerPacket(s.ctx.app, lab, lab.from, { purity: 750 });
    const edit = await post('/Tests/EditTest', lab.h, { testId: packet, cutting: 760, reason: 'خطای ثبت' });
    expect(edit.statusCode, edit.body).toBe(200);
    const withdraw = await post('/Manage/WithdrawResult', s.admin.headers, {
      id: packet,
      reason: 'نمونه اشتباه بود',
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const worker = createDeliveryWorker({
      db: s.ctx.db,
      logger,
      allowPrivateTargets: true,
      retryDelayMs: () => 0,
    });
    expect(await worker.runOnce()).toBe(3);
    expect(await worker.runOnce()).toBe(0);
    const events = [...state.kept.values()] as {
      type: string;
      data: { docNumber: number; version: number };
    }[];
    expect(events.map((e) => [e.type, e.data.docNumber, e.data.version])).toEqual([
      ['result.published', lab.from, 1],
      ['result.corrected', lab.from, 2],
      ['result.withdrawn', lab.from, 3],
    ]);
    expect((await post('/Manage/PartnerKeys/Revoke', s.admin.headers, { id })).statusCode).toBe(200);
    const before = (await deliveries()).length;
    await registerPacket(s.ctx.app, lab, lab.from + 1, { purity: 800 });
    expect((await deliveries()).length).toBe(before);
    expect((await remove()).statusCode).toBe(401);
  });

  it('gives up after its day; the admin replays it with the same id, once delivered it is 409', async () => {
    const { remove } = await subscribed();
    const lab = await createLab(s.ctx);
    await registerPacket(s.ctx.app, lab, lab.from, { purity: 900 });
    state.answers = [500];
    // A wait longer than a day: the first refusal is the last attempt.
    const slow = createDeliveryWorker({
      db: s.ctx.db,
      logger,
      allowPrivateTargets: true,
      retryDelayMs: () => 86_400_001,
    });
    expect(await slow.runOnce()).toBe(1);
    const failed = (await deliveries('failed')).find((d) => d.docNumber === lab.from)!;
    expect(failed).toMatchObject({ attempts: 1, lastStatus: 500, state: 'failed' });
    expect(await slow.runOnce()).toBe(0);
    expect(
      (await post('/Manage/WebhookDeliveries/Replay', s.lab.headers, { id: failed.id })).statusCode,
    ).toBe(403);
    expect((await post('/Manage/WebhookDeliveries/Replay', {}, { id: failed.id })).statusCode).toBe(401);
    const replayed = await post('/Manage/WebhookDeliveries/Replay', s.admin.headers, { id: failed.id });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json<{ data: { state: string } }>().data.state).toBe('waiting');
    expect(await slow.runOnce()).toBe(1);
    expect(state.attempts.map((a) => a.id)).toEqual([failed.id, failed.id]);
    expect((await deliveries('delivered')).some((d) => d.id === failed.id)).toBe(true);
    expect(
      (await post('/Manage/WebhookDeliveries/Replay', s.admin.headers, { id: failed.id })).statusCode,
    ).toBe(409);
    const unknown = await post('/Manage/WebhookDeliveries/Replay', s.admin.headers, {
      id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    // A removed URL takes nothing more: what was waiting for it stops.
    await registerPacket(s.ctx.app, lab, lab.from + 1, { purity: 910 });
    expect((await remove()).statusCode).toBe(200);
    expect(await slow.runOnce()).toBe(0);
    const stopped = (await deliveries('failed')).find((d) => d.docNumber === lab.from + 1);
    expect(stopped).toMatchObject({ attempts: 0, state: 'failed' });
  });
});
