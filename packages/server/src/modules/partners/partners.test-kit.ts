import { expect } from 'vitest';
import {
  createTestApp,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../test/helpers.ts';

// Shared by the partner keys' test files: an app with its administrator and a workshop signed in, and
// the key routes as a client calls them (ADR 0061).

export function partnerSuite() {
  const s = {} as { ctx: TestContext; admin: SignedInUser; lab: SignedInUser };

  async function setUp() {
    s.ctx = await createTestApp();
    s.admin = await createSignedInUser(s.ctx, { role: 'admin' });
    s.lab = await createSignedInUser(s.ctx);
  }

  const post = (url: string, headers: Record<string, string>, payload: unknown, remoteAddress?: string) =>
    s.ctx.app.inject({
      method: 'POST',
      url: `/api/v1.0${url}`,
      headers,
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** A new key as the administrator issues it; answers the id and the key. */
  async function issue(body: Record<string, unknown> = {}) {
    const res = await post('/Manage/PartnerKeys', s.admin.headers, {
      name: 'بازار نمونه',
      scopes: ['results:read'],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: string; key: string } }>().data;
  }

  /** POST /Partner/Results with a key (or none), from an address. */
  const results = (key: string | null, codes: unknown, remoteAddress = '10.50.0.1') =>
    post('/Partner/Results', key === null ? {} : { 'x-api-key': key }, { codes }, remoteAddress);

  return { s, setUp, post, issue, results };
}
