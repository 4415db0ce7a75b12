import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_LIMITS, PARTNER_MSG } from '@ayar/contract';
import { isPrivateAddress, targetProblem } from './webhook-target.lib.ts';
import { webhookRetryDelayMs } from './delivery.schedule.ts';
import { partnerSuite } from './partners.test-kit.ts';

// Registering webhook URLs (ADR 0062) on a server that refuses private targets, as a public one does.

const { s, setUp, post, issue } = partnerSuite();
beforeAll(setUp);
afterAll(async () => {
  await s.ctx.close();
});

const PUBLIC_URL = 'https://203.0.113.10/ayar/events';

describe('POST|GET /Partner/Webhooks, POST /Partner/Webhooks/Delete', () => {
  it('registers a URL with a whsec_ secret shown once, lists it without the secret, deletes it', async () => {
    const { key } = await issue({ scopes: ['results:subscribe'] });
    const added = await post('/Partner/Webhooks', { 'x-api-key': key }, { url: PUBLIC_URL });
    expect(added.statusCode, added.body).toBe(200);
    const hook = added.json<{ data: { id: string; url: string; secret: string } }>().data;
    expect(hook.url).toBe(PUBLIC_URL);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Partner/Webhooks',
      headers: { 'x-api-key': key },
    });
    expect(list.json<{ data: unknown[] }>().data).toEqual([
      { id: hook.id, url: PUBLIC_URL, createdAt: expect.any(String) },
    ]);
    expect(list.body).not.toContain(hook.secret.slice(6));
    expect((await post('/Partner/Webhooks/Delete', { 'x-api-key': key }, { id: hook.id })).statusCode).toBe(
      200,
    );
    expect((await post('/Partner/Webhooks/Delete', { 'x-api-key': key }, { id: hook.id })).statusCode).toBe(
      404,
    );
  });

  it('refuses this machine, private networks, other schemes and credentials in the URL', async () => {
    const { key } = await issue({ scopes: ['results:subscribe'] });
    for (const [url, message] of [
      ['http://127.0.0.1:8080/hook', PARTNER_MSG.privateTarget],
      ['http://localhost/hook', PARTNER_MSG.privateTarget],
      ['http://10.1.2.3/hook', PARTNER_MSG.privateTarget],
      ['http://192.168.1.20/hook', PARTNER_MSG.privateTarget],
      ['http://169.254.169.254/latest/meta-data', PARTNER_MSG.privateTarget],
      ['http://[::1]/hook', PARTNER_MSG.privateTarget],
      ['http://[fd00::1]/hook', PARTNER_MSG.privateTarget],
      ['http://[::ffff:127.0.0.1]/hook', PARTNER_MSG.privateTarget],
      ['ftp://203.0.113.10/hook', PARTNER_MSG.url],
      ['https://user:pass@203.0.113.10/hook', PARTNER_MSG.url],
      [`https://203.0.113.10/${'a'.repeat(PARTNER_LIMITS.urlMax)}`, PARTNER_MSG.url],
    ] as const) {
      const res = await post('/Partner/Webhooks', { 'x-api-key': key }, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ errors: unknown[] }>().errors, url).toEqual([{ field: 'url', message }]);
    }
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
    expect(isPrivateAddress('203.0.113.10')).toBe(false);
    expect(await targetProblem('http://127.0.0.1/hook', true)).toBeNull();
  });

  it('is a subscribe key’s: another scope 403, a session 401; five URLs a key, the sixth refused', async () => {
    const reader = await issue({ scopes: ['results:read'] });
    const scoped = await post('/Partner/Webhooks', { 'x-api-key': reader.key }, { url: PUBLIC_URL });
    expect(scoped.statusCode).toBe(403);
    expect((await post('/Partner/Webhooks', s.admin.headers, { url: PUBLIC_URL })).statusCode).toBe(401);
    const { key } = await issue({ scopes: ['results:subscribe'] });
    for (let i = 0; i < PARTNER_LIMITS.maxWebhooks; i++) {
      const res = await post('/Partner/Webhooks', { 'x-api-key': key }, { url: `${PUBLIC_URL}/${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await post('/Partner/Webhooks', { 'x-api-key': key }, { url: `${PUBLIC_URL}/6` });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json<{ message: string }>().message).toBe(PARTNER_MSG.tooManyWebhooks);
  });

  it('lets a key delete only its own URLs', async () => {
    const mine = await issue({ scopes: ['results:subscribe'] });
    const theirs = await issue({ scopes: ['results:subscribe'] });
    const hook = (await post('/Partner/Webhooks', { 'x-api-key': theirs.key }, { url: PUBLIC_URL })).json<{
      data: { id: string };
    }>().data;
    expect(
      (await post('/Partner/Webhooks/Delete', { 'x-api-key': mine.key }, { id: hook.id })).statusCode,
    ).toBe(404);
    const left = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Partner/Webhooks',
      headers: { 'x-api-key': theirs.key },
    });
    expect(left.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('keeps the delivery log and replay the administrator’s, and refuses a bad filter or id', async () => {
    const get = (url: string, headers: Record<string, string>) =>
      s.ctx.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers });
    expect((await get('/Manage/WebhookDeliveries', s.admin.headers)).statusCode).toBe(200);
    expect((await get('/Manage/WebhookDeliveries?state=failed', s.admin.headers)).statusCode).toBe(200);
    expect((await get('/Manage/WebhookDeliveries?state=lost', s.admin.headers)).statusCode).toBe(400);
    expect((await get('/Manage/WebhookDeliveries', s.lab.headers)).statusCode).toBe(403);
    expect((await get('/Manage/WebhookDeliveries', {})).statusCode).toBe(401);
    const { key } = await issue({ scopes: ['results:subscribe'] });
    expect((await get('/Manage/WebhookDeliveries', { 'x-api-key': key })).statusCode).toBe(401);
    for (const id of ['not-an-id', '', 42]) {
      const replay = await post('/Manage/WebhookDeliveries/Replay', s.admin.headers, { id });
      expect(replay.statusCode, String(id)).toBe(400);
      const revoke = await post('/Manage/PartnerKeys/Revoke', s.admin.headers, { id });
      expect(revoke.statusCode, String(id)).toBe(400);
      const remove = await post('/Partner/Webhooks/Delete', { 'x-api-key': key }, { id });
      expect(remove.statusCode, String(id)).toBe(400);
    }
  });

  it('waits 30 s after the first failure, doubling to at most an hour', () => {
    expect([1, 2, 3, 8, 9, 40].map(webhookRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(webhookRetryDelayMs(7)).toBe(1_920_000);
  });
});
