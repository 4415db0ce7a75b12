import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMessage, enqueueOtp } from '../../sms/outbox.ts';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';

const URL = '/api/v1.0/Manage/Messages';
let ctx: TestContext;
let adminToken: string;
let workshopToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = await login(ctx.app, admin.username, admin.password);
  const workshop = await createUser(ctx.db);
  workshopToken = await login(ctx.app, workshop.username, workshop.password);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('messages').execute();
});

const get = (query: Record<string, string | number> = {}, token = adminToken) =>
  ctx.app.inject({
    method: 'GET',
    url: URL,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: bearer(token),
  });

async function add(to: string, kind: 'sms' | 'call', createdAt: string, set: Record<string, unknown> = {}) {
  const id = await enqueueMessage(ctx.db, { to, kind, text: `متن ${to}` });
  await ctx.db
    .updateTable('messages')
    .set({ createdAt: sql<Date>`${createdAt}::timestamptz`, ...set })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('GET /Manage/Messages', () => {
  it('shows that a one-time code went out, never the code', async () => {
    await enqueueOtp(ctx.db, { to: '09120000009', code: '482913', validMinutes: '۵' });
    const [message] = (await get()).json().data.list;
    expect(message.text).toContain('••••••');
    expect(message.text).not.toContain('482913');
  });

  it('lists the outbox newest first with every column the admin needs', async () => {
    const older = await add('09120000001', 'sms', '2025-03-01T08:00:00Z', {
      status: 'sent',
      attempts: 1,
      provider: 'outbox',
      sentAt: sql<Date>`'2025-03-01T08:00:05Z'::timestamptz`,
    });
    const newer = await add('09120000002', 'call', '2025-03-02T08:00:00Z', {
      status: 'failed',
      attempts: 3,
      provider: 'kavenegar',
      error: 'کاوه‌نگار 411: شماره گیرنده نامعتبر است',
    });
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ totalCount: 2, currPage: 1, pageSize: 50 });
    expect(body.data.list.map((m: { id: string }) => m.id)).toEqual([newer, older]);
    expect(body.data.list[0]).toEqual({
      id: newer,
      to: '09120000002',
      kind: 'call',
      text: 'متن 09120000002',
      status: 'failed',
      attempts: 3,
      provider: 'kavenegar',
      createdAt: '2025-03-02T08:00:00.000Z',
      sentAt: null,
      nextAttemptAt: null,
      error: 'کاوه‌نگار 411: شماره گیرنده نامعتبر است',
    });
    expect(body.data.list[1]).toMatchObject({ status: 'sent', sentAt: '2025-03-01T08:00:05.000Z' });
  });

  it('filters by status, kind, part of the number (Persian digits too) and Tehran days', async () => {
    await add('09121111111', 'sms', '2025-03-01T20:00:00Z'); // 1 Mar 23:30 in Tehran
    await add('09122222222', 'sms', '2025-03-01T21:00:00Z'); // 2 Mar 00:30 in Tehran
    await add('09353333333', 'call', '2025-03-02T10:00:00Z', { status: 'failed' });

    const to = (q: Record<string, string | number>) =>
      get(q).then((r) => r.json().data.list.map((m: { to: string }) => m.to));
    expect(await to({ status: 'failed' })).toEqual(['09353333333']);
    expect(await to({ kind: 'sms' })).toEqual(['09122222222', '09121111111']);
    expect(await to({ to: '۰۹۱۲۲' })).toEqual(['09122222222']);
    expect(await to({ to: '%' })).toEqual([]);
    expect(await to({ fromDate: '2025-03-02', toDate: '2025-03-02' })).toEqual([
      '09353333333',
      '09122222222',
    ]);
    expect(await to({ toDate: '2025-03-01' })).toEqual(['09121111111']);
    expect(await to({ status: '', kind: '', to: '' })).toHaveLength(3);
  });

  it('pages with pageNumber and pageSize', async () => {
    for (let i = 0; i < 7; i++) await add(`0912000000${i}`, 'sms', `2025-03-01T0${i}:00:00Z`);
    const res = await get({ pageNumber: 2, pageSize: 3 });
    const data = res.json().data;
    expect(data).toMatchObject({ totalCount: 7, currPage: 2, pageSize: 3 });
    expect(data.list.map((m: { to: string }) => m.to)).toEqual(['09120000003', '09120000002', '09120000001']);
  });

  it('refuses bad filters with every bad field', async () => {
    const res = await get({ status: 'lost', kind: 'fax', pageSize: 0, fromDate: '1403/01/01' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['status', 'kind', 'pageSize', 'fromDate']));

    const reversed = await get({ fromDate: '2025-03-02', toDate: '2025-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      { field: 'toDate', message: 'تاریخ شروع نباید بعد از تاریخ پایان باشد' },
    ]);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const res = await get({}, workshopToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
