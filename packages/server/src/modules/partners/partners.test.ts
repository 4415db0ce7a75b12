import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_LIMITS, PARTNER_MSG } from '@ayar/contract';
import { createLab, registerPacket } from '../../../test/labs.ts';
import { partnerSuite } from './partners.test-kit.ts';

// Partner API keys (ADR 0061): the administrator issues, lists and revokes them; a partner looks
// results up in bulk with one, under the public lookup's rules and a per-key rate limit.

const { s, setUp, post, issue, results } = partnerSuite();
beforeAll(setUp);
afterAll(async () => {
  await s.ctx.close();
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('POST|GET /Manage/PartnerKeys, POST /Manage/PartnerKeys/Revoke', () => {
  it('issues a key shown once, keeps only its hash, and lists it without the key', async () => {
    const { id, key } = await issue({
      name: 'بانک نمونه',
      expiresAt: inDays(30),
      allowedAddresses: ['203.0.113.0/24'],
    });
    expect(key).toMatch(/^ayk_[A-Za-z0-9_-]{43}$/);
    const list = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Manage/PartnerKeys',
      headers: s.admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).not.toContain(key.slice(8));
    const item = list.json<{ data: Record<string, unknown>[] }>().data.find((k) => k.id === id);
    expect(item).toMatchObject({
      name: 'بانک نمونه',
      prefix: key.slice(0, 8),
      scopes: ['results:read'],
      allowedAddresses: ['203.0.113.0/24'],
      state: 'active',
      uses: 0,
      revokedAt: null,
    });
    const stored = await s.ctx.db
      .selectFrom('partnerKeys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(8));
    const audit = await s.ctx.db.selectFrom('auditLog').selectAll().where('entityId', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['partnerKey.issue']);
    expect(JSON.stringify(audit)).not.toContain(key.slice(8));
  });

  it('refuses a bad name, scopes, expiry or allowlist, at both edges of each limit', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await post('/Manage/PartnerKeys', s.admin.headers, {
        name: 'همکار',
        scopes: ['results:read'],
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)[0]).toMatch(
        new RegExp(`^${field}`),
      );
    };
    await refused({ name: '' }, 'name');
    await refused({ name: 'ب'.repeat(PARTNER_LIMITS.nameMax + 1) }, 'name');
    await issue({ name: 'ب'.repeat(PARTNER_LIMITS.nameMax) });
    await refused({ scopes: [] }, 'scopes');
    await refused({ scopes: ['results:write'] }, 'scopes');
    await refused({ scopes: ['results:read', 'results:read'] }, 'scopes');
    await refused({ expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt');
    await refused({ expiresAt: inDays(PARTNER_LIMITS.maxExpiryDays + 1) }, 'expiresAt');
    await refused({ expiresAt: 'next year' }, 'expiresAt');
    await issue({ expiresAt: inDays(PARTNER_LIMITS.maxExpiryDays - 1) });
    await refused({ allowedAddresses: ['10.0.0.300'] }, 'allowedAddresses');
    await refused({ allowedAddresses: ['10.0.0.0/33'] }, 'allowedAddresses');
    const many = (n: number) => Array.from({ length: n }, (_, i) => `198.51.100.${i}`);
    await refused({ allowedAddresses: many(PARTNER_LIMITS.maxAddresses + 1) }, 'allowedAddresses');
    await issue({
      allowedAddresses: many(PARTNER_LIMITS.maxAddresses),
      scopes: ['results:read', 'results:subscribe'],
    });
  });

  it('is the administrator’s alone: a lab is 403, no session 401, a partner key is no session', async () => {
    const { key } = await issue();
    for (const headers of [s.lab.headers, {}, { 'x-api-key': key }]) {
      const list = await s.ctx.app.inject({ method: 'GET', url: '/api/v1.0/Manage/PartnerKeys', headers });
      const add = await post('/Manage/PartnerKeys', headers, { name: 'نفوذی', scopes: ['results:read'] });
      expect([list.statusCode, add.statusCode]).toEqual(headers === s.lab.headers ? [403, 403] : [401, 401]);
    }
  });

  it('revokes a key: its next call is 401; a second revoke is 409, an unknown id 404', async () => {
    const { id, key } = await issue();
    expect((await results(key, [1])).statusCode).toBe(200);
    const revoked = await post('/Manage/PartnerKeys/Revoke', s.admin.headers, { id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ data: { state: string } }>().data.state).toBe('revoked');
    const after = await results(key, [1]);
    expect(after.statusCode).toBe(401);
    expect(after.json<{ message: string }>().message).toBe(PARTNER_MSG.keyMissing);
    expect((await post('/Manage/PartnerKeys/Revoke', s.admin.headers, { id })).statusCode).toBe(409);
    const unknown = await post('/Manage/PartnerKeys/Revoke', s.admin.headers, { id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/Manage/PartnerKeys/Revoke', s.lab.headers, { id })).statusCode).toBe(403);
  });
});

describe('POST /Partner/Results', () => {
  it('answers the public items with their JWS, in the order asked, and the numbers it has none of', async () => {
    const lab = await createLab(s.ctx, { customer: { name: 'علی رضایی', mobile1: '09127776655' } });
    await registerPacket(s.ctx.app, lab, lab.from, { purity: 750 });
    await registerPacket(s.ctx.app, lab, lab.from + 1, { purity: 999 });
    const gone = await registerPacket(s.ctx.app, lab, lab.from + 2, { purity: 800 });
    await s.ctx.db.updateTable('assays').set({ deletedAt: new Date() }).where('id', '=', gone).execute();
    const { id, key } = await issue();
    const res = await results(key, [lab.from + 1, 42, lab.from, lab.from + 2, lab.from]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{ data: { list: Record<string, unknown>[]; missing: number[] } }>().data;
    expect(data.list.map((r) => [r.docNumber, r.purity])).toEqual([
      [lab.from + 1, 999],
      [lab.from, 750],
    ]);
    expect(data.list.every((r) => typeof r.jws === 'string')).toBe(true);
    expect(data.missing).toEqual([42, lab.from + 2]);
    expect(res.body).not.toContain('09127776655');
    const keys = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/v1.0/Manage/PartnerKeys',
      headers: s.admin.headers,
    });
    const mine = keys
      .json<{ data: { id: string; uses: number; lastUsedAt: string | null }[] }>()
      .data.find((k) => k.id === id)!;
    expect(mine.uses).toBe(1);
    expect(mine.lastUsedAt).not.toBeNull();
    const audit = await s.ctx.db
      .selectFrom('auditLog')
      .select(['action', 'after', 'ip'])
      .where('entityId', '=', id)
      .where('action', '=', 'partner.results')
      .execute();
    expect(audit).toEqual([{ action: 'partner.results', after: { asked: 5, found: 2 }, ip: '10.50.0.1' }]);
  });

  it('is 401 without a key, with a wrong, malformed, expired or revoked one, or a session token', async () => {
    const { id, key } = await issue();
    const wrong = `ayk_${'A'.repeat(43)}`;
    for (const k of [null, wrong, 'ayk_short', key.slice(0, -1), `${key} `]) {
      const res = await results(k, [1]);
      expect(res.statusCode, String(k)).toBe(401);
      expect(res.json<{ code: string }>().code).toBe('UNAUTHORIZED');
    }
    const session = await post('/Partner/Results', s.lab.headers, { codes: [1] });
    expect(session.statusCode).toBe(401);
    await s.ctx.db
      .updateTable('partnerKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await results(key, [1])).statusCode).toBe(401);
    await s.ctx.db
      .updateTable('partnerKeys')
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where('id', '=', id)
      .execute();
    expect((await results(key, [1])).statusCode).toBe(200);
  });

  it('is 403 for a key without results:read, or from an address outside its allowlist', async () => {
    const subscribeOnly = await issue({ scopes: ['results:subscribe'] });
    const scoped = await results(subscribeOnly.key, [1]);
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json<{ message: string }>().message).toBe(PARTNER_MSG.scope);
    const fenced = await issue({ allowedAddresses: ['10.61.0.0/16', '2001:db8::/32', '10.70.0.9'] });
    for (const [address, status] of [
      ['10.61.200.3', 200],
      ['10.70.0.9', 200],
      ['2001:db8::5', 200],
      ['10.62.0.1', 403],
      ['10.70.0.10', 403],
      ['2001:db9::5', 403],
    ] as const) {
      expect((await results(fenced.key, [1], address)).statusCode, address).toBe(status);
    }
  });

  it('takes 1 to 100 whole numbers: 0 and 101 numbers, a fraction or text are 400', async () => {
    const { key } = await issue();
    const hundred = Array.from({ length: PARTNER_LIMITS.maxCodes }, (_, i) => 5_000_000 + i);
    const full = await results(key, hundred);
    expect(full.statusCode).toBe(200);
    expect(full.json<{ data: { missing: number[] } }>().data.missing).toHaveLength(PARTNER_LIMITS.maxCodes);
    for (const codes of [[], [...hundred, 6_000_000], [1.5], ['100245'], 'all']) {
      const res = await results(key, codes);
      expect(res.statusCode, JSON.stringify(codes).slice(0, 40)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION');
    }
  });

  it('limits each key to 60 calls a minute whatever the address; another key is not held back', async () => {
    const { key } = await issue();
    const other = await issue();
    const answers = await Promise.all(
      Array.from({ length: PARTNER_LIMITS.callsPerMinute + 1 }, (_, i) =>
        results(key, [1], `10.80.${i >> 8}.${i & 255}`),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(PARTNER_LIMITS.callsPerMinute);
    expect(statuses.filter((c) => c === 429)).toHaveLength(1);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await results(other.key, [1])).statusCode).toBe(200);
  });
});
