import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { OTHER_CUSTOMER_ID, TEST_TYPES } from '@ayar/contract';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helpers.ts';
import { createLab, type TestLab } from '../../../test/labs.ts';

/** Shared by the packets' test files (assays.test.ts, assay-changes.test.ts): requests, labs, rows. */

export const P = '/api/v1.0';
export const TYPE = TEST_TYPES[0].id;

export type Lab = TestLab;

/** A packet draft for `lab`'s customer with number `docNumber`; `extra` overrides any field. */
export const draft = (l: Lab, docNumber: number, extra: Record<string, unknown> = {}) => ({
  customerId: l.customerId,
  customerName: 'علی رضایی',
  docNumber,
  readyTime: 30,
  weight: '12.5',
  sampleWeight: '0.250',
  ...extra,
});

/** A draft's owner fields for a packet of another owner («مشتری متفرقه»), by name and mobile. */
export const otherOwner = (name: string, mobile: string) => ({
  customerId: OTHER_CUSTOMER_ID,
  testFullName: name,
  testMobile: mobile,
});

/** The helpers of one test file, on its app (read when called: the app is built in `beforeAll`). */
export function assayHelpers(app: () => TestContext) {
  const post = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
    app().app.inject({ method: 'POST', url: P + url, headers, payload: payload as object });
  const get = (url: string, headers?: Record<string, string>, query?: Record<string, string>) =>
    app().app.inject({ method: 'GET', url: P + url, headers, query });
  return {
    post,
    get,
    /** An active workshop with a range of 1000 numbers and one customer (mobile 0912…). */
    newLab: (opts: { status?: 0 | 1 | 5; fName?: string } = {}) =>
      createLab(app(), { ...opts, settings: { testType: TYPE, vageType: 1, vage: 50_000 } }),
    /** Registers the drafts (expecting 200) and answers the new packets. */
    add: async (l: Lab, drafts: unknown[]) => {
      const res = await post('/Tests/AddTest', l.h, drafts);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list as { id: string; docNumber: number; publicToken: string }[];
    },
    messagesOf: (assayId: string) =>
      app()
        .db.selectFrom('messages')
        .selectAll()
        .where('assayId', '=', assayId)
        .orderBy('createdAt')
        .orderBy('kind')
        .execute(),
    auditOf: (assayId: string) =>
      app().db.selectFrom('auditLog').selectAll().where('entityId', '=', assayId).orderBy('id').execute(),
    assay: (id: string) =>
      app().db.selectFrom('assays').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** Moves a packet's clock back: registered / purity recorded `minutes` ago. */
    age: async (id: string, column: 'created_at' | 'purity_at', minutes: number) => {
      await sql`update assays set ${sql.ref(column)} = now() - make_interval(mins => ${minutes}) where id = ${id}`.execute(
        app().db,
      );
    },
  };
}

/**
 * A test file's app and an administrator, made before its tests and closed after them, with the
 * packets' helpers on that app. `suite.ctx` and `suite.admin` are there once the file's tests run.
 */
export function packetSuite() {
  const suite = {} as { ctx: TestContext; admin: Record<string, string> };
  beforeAll(async () => {
    suite.ctx = await createTestApp({ globalRateLimit: 100_000 });
    const a = await createUser(suite.ctx.db, { role: 'admin' });
    suite.admin = await signIn(suite.ctx.app, a.username, a.password);
  });
  afterAll(() => suite.ctx.close());
  return { suite, ...assayHelpers(() => suite.ctx) };
}
