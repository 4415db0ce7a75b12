import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  login,
  TEST_JWT_SECRET,
  type TestContext,
} from '../../../test/helpers.ts';

// ADR 0023: a token made with our key for anything but Ayar's API (another service sharing the key)
// is refused, even when it names a live session.

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const profile = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1.0/Account/Profile',
    headers: { authorization: `Bearer ${token}` },
  });

async function liveSession() {
  const user = await createUser(ctx.db);
  const token = await login(ctx.app, user.username, user.password);
  return { token, claims: decodeJwt(token) };
}

function mint(claims: Record<string, unknown>, set: { iss?: string; aud?: string }) {
  let jwt = new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt()
    .setExpirationTime('1h');
  if (set.iss) jwt = jwt.setIssuer(set.iss);
  if (set.aud) jwt = jwt.setAudience(set.aud);
  return jwt.sign(key);
}

describe('token issuer and audience', () => {
  it('every token names Ayar as issuer and its API as audience', async () => {
    const { token, claims } = await liveSession();
    expect(claims).toMatchObject({ iss: 'ayar', aud: 'ayar:api' });
    expect((await profile(token)).statusCode).toBe(200);
    // The same claims re-signed with our key are taken: what follows is refused for its claims alone.
    expect((await profile(await mint(claims, { iss: 'ayar', aud: 'ayar:api' }))).statusCode).toBe(200);
  });

  it.each([
    ['no audience', { iss: 'ayar' }],
    ['another audience', { iss: 'ayar', aud: 'billing' }],
    ['no issuer', { aud: 'ayar:api' }],
    ['another issuer', { iss: 'billing', aud: 'ayar:api' }],
  ])('refuses a token with %s, though our key signed it for a live session', async (_name, set) => {
    const { claims } = await liveSession();
    const res = await profile(await mint(claims, set));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ successful: false, code: 'UNAUTHORIZED' });
  });
});

// A verified token is remembered by the process (ADR 0034): what it remembers must not outlive the
// token, nor the session behind it.
describe('a token the server has already verified', () => {
  it('is refused once it expires, though it was taken a moment before', async () => {
    const { claims } = await liveSession();
    const token = await new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer('ayar')
      .setAudience('ayar:api')
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(key);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200);
    // Waiting on the clock itself: the token's own expiry, a whole second, is the condition.
    await expect
      .poll(async () => (await profile(token)).statusCode, { timeout: 5000, interval: 250 })
      .toBe(401);
  });

  it('is refused after sign-out, though the same token was verified before', async () => {
    const { token } = await liveSession();
    expect((await profile(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Account/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });
});
