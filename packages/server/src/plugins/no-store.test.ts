import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, createUser, type TestContext } from '../../test/helpers.ts';

// ADR 0043: every answer of a signed-in route, errors included, and every answer carrying a session's
// token says `Cache-Control: no-store`; the public routes keep what they had.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const V = '/api/v1.0';
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: V + url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: V + url, payload, headers });

describe('Cache-Control on API answers', () => {
  it('the login answer and its refusal carry no-store', async () => {
    const user = await createUser(ctx.db);
    const ok = await post('/Account/login', { userName: user.username, password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const wrong = await post('/Account/login', { userName: user.username, password: 'not-the-one' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
    const code = await post('/Account/DisposableLoginOTP', { userName: user.username, password: '123456' });
    expect(code.statusCode).toBe(401);
    expect(code.headers['cache-control']).toBe('no-store');
  });

  it('a profile, the packets, a customer’s ledger carry no-store; so do 401, 403 and another lab’s 404', async () => {
    const lab = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const added = await post(
      '/Customer/AddCustomer',
      { customerName: 'دفتر حساب', mobile1: '09120000000' },
      lab.headers,
    );
    expect(added.statusCode).toBe(200);
    const list = await get('/Customer/AllCustomers?pageSize=10&pageNumber=1', lab.headers);
    const cid = list.json().data.list[0].customerId as string;

    const answers = {
      profile: await get('/Account/Profile', lab.headers),
      packets: await get('/Tests/AllTests', lab.headers),
      ledger: await get(`/Customer/GetPays?cid=${cid}`, lab.headers),
      noToken: await get('/Account/Profile'),
      wrongRole: await get('/Manage/AllCredits', lab.headers),
      otherLab: await get(`/Customer/GetPays?cid=${cid}`, other.headers),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
      profile: 200,
      packets: 200,
      ledger: 200,
      noToken: 401,
      wrongRole: 403,
      otherLab: 404,
    });
    for (const [name, res] of Object.entries(answers))
      expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('the public lookup and the public site information keep their own', async () => {
    const lookup = await post('/Tests/Result', { code: '424242' });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.headers['cache-control']).toBeUndefined();
    const info = await get('/Site/Info');
    expect(info.headers['cache-control']).toBe('no-cache');
  });
});
