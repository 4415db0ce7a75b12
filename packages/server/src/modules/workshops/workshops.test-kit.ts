import { expect } from 'vitest';
import { bearer, type TestContext } from '../../../test/helpers.ts';

/** Shared by the workshops' test files (workshops.test.ts, workshop-admin.test.ts). */

const API = '/api/v1.0';

/** A public registration's fields with a fresh user name; `over` overrides any. */
export const registration = (over: Record<string, unknown> = {}) => ({
  fName: 'آزمایشگاه طلای نو',
  fullName: 'علی رضایی',
  cellPhone: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
  phone: '021-5555',
  userName: `lab${Math.random().toString(36).slice(2, 10)}`,
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  ...over,
});

/** The helpers of one test file, on its app and admin (read when called: both are made in `beforeAll`). */
export function workshopHelpers(app: () => TestContext, adminToken: () => string) {
  const post = (path: string, payload: unknown, token?: string, ip?: string) =>
    app().app.inject({
      method: 'POST',
      url: `${API}${path}`,
      payload: payload as object,
      headers: token ? bearer(token) : {},
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const get = (path: string, query: Record<string, string> = {}, token?: string) =>
    app().app.inject({ method: 'GET', url: `${API}${path}`, query, headers: token ? bearer(token) : {} });
  return {
    post,
    get,
    /** The admin creates an (active) workshop; its id, code and the fields it was made with. */
    addWorkshop: async (over: Record<string, unknown> = {}) => {
      const payload = registration(over);
      const res = await post('/Manage/AddUser', payload, adminToken());
      expect(res.statusCode).toBe(200);
      return { ...(res.json().data as { id: string; code: number }), ...payload };
    },
    statusOf: async (id: string): Promise<number | undefined> => {
      const row = await app().db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status;
    },
  };
}
