import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { Envelope, FieldError, Role } from '@ayar/contract';
import { buildApp, type AppOptions } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { hashPassword } from '../src/lib/password.ts';
import { databaseUrl } from './db-url.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `ayar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Cloning needs the template to be idle; parallel files may collide for a moment, so retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  const db = createDatabase(databaseUrl(adminUrl, name), 5);
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  close: () => Promise<void>;
}

/**
 * A built app on a fresh database. `extend` may add routes before the app is ready (to exercise
 * the audience mechanism with routes of every kind).
 */
export async function createTestApp(
  options: Partial<AppOptions> & { extend?: (app: FastifyInstance) => void } = {},
): Promise<TestContext> {
  const { db, drop } = await createTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-files-'));
  const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, version: 'test', filesDir, ...options });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface NewUser {
  role?: Role;
  status?: 0 | 1 | 5;
  username?: string;
  password?: string;
  fName?: string;
}

let counter = 0;
export async function createUser(
  db: Database,
  input: NewUser = {},
): Promise<{ id: string; username: string; password: string }> {
  const username = input.username ?? `user${++counter}_${randomBytes(3).toString('hex')}`;
  const password = input.password ?? 'correct horse battery';
  const row = await db
    .insertInto('users')
    .values({
      username,
      passwordHash: await hashPassword(password),
      role: input.role ?? 'workshop',
      status: input.status ?? 1,
      fName: input.fName ?? 'آزمایشگاه نمونه',
      fullName: 'مدیر نمونه',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password };
}

let loginAddress = 0;
/**
 * Signs in and answers the token. Each call comes from its own address, so the per-address login
 * limit (30 a minute) never interferes with a test that is not about it.
 */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  loginAddress += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1.0/Account/login',
    payload: { userName: username, password },
    remoteAddress: `10.250.${Math.floor(loginAddress / 250) % 250}.${(loginAddress % 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in (from an address of its own, as `login` does) and answers the headers that carry the token. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  return bearer(await login(app, username, password));
}

export interface SignedInUser {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** A new user (a workshop unless `role` says otherwise) with a session of its own. */
export async function createSignedInUser(
  ctx: Pick<TestContext, 'app' | 'db'>,
  input: NewUser = {},
): Promise<SignedInUser> {
  const user = await createUser(ctx.db, input);
  const token = await login(ctx.app, user.username, user.password);
  return { id: user.id, token, headers: bearer(token) };
}

/**
 * Calls /api/v1.0 by the path after it, with a token or none. It takes a getter because test files
 * build their app in `beforeAll`, after this is called.
 */
export function apiCaller(app: () => FastifyInstance) {
  return async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: unknown,
  ): Promise<{ status: number; body: Envelope<T> }> => {
    const res = await app().inject({
      method,
      url: `/api/v1.0${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
}

/** The fields a 400 answer names, sorted, so that a test does not depend on the order of the checks. */
export function errorFields(res: { json: () => unknown }): string[] {
  const errors = (res.json() as { errors?: FieldError[] }).errors ?? [];
  return errors.map((e) => e.field).sort();
}

/**
 * What every admin-only list must refuse: a bad filter (400 naming exactly `badFields`, sorted),
 * a request with no token (401) and one with a workshop's token (403).
 */
export async function expectAdminListGuards(
  app: FastifyInstance,
  url: string,
  opts: {
    admin: Record<string, string>;
    workshop: Record<string, string>;
    badQuery: Record<string, string>;
    badFields: string[];
  },
): Promise<void> {
  const get = (headers?: Record<string, string>, query?: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers, query });
  const bad = await get(opts.admin, opts.badQuery);
  expect(bad.statusCode).toBe(400);
  expect(errorFields(bad)).toEqual(opts.badFields);
  expect((await get()).statusCode).toBe(401);
  expect((await get(opts.workshop)).statusCode).toBe(403);
}
