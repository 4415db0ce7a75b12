import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_TYPES, todayGregorianInTehran } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { databaseUrl } from '../../../test/db-url.ts';
import { bearer, createUser, login } from '../../../test/helpers.ts';
import { image } from '../files/files.test-kit.ts';

/** The backup tests' databases, network, load and comparisons (ADR 0021). */

/**
 * Two databases on the test server (DATABASE_URL in CI): `source` cloned from the migrated template,
 * `target` empty; `drop` removes both.
 */
export async function scratchDatabases(): Promise<{
  source: string;
  target: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('adminDatabaseUrl');
  const suffix = randomBytes(5).toString('hex');
  const [source, target] = [`ayar_bk_src_${suffix}`, `ayar_bk_dst_${suffix}`];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${source} template ${inject('templateDatabase')}`);
      break;
    } catch (err) {
      // The template is busy for a moment while another file clones it.
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  await admin.query(`create database ${target}`);
  return {
    source: databaseUrl(adminUrl, source),
    target: databaseUrl(adminUrl, target),
    drop: async () => {
      for (const name of [source, target, `${target}_restoring`]) {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
      await admin.end();
    },
  };
}

const P = '/api/v1.0';
type Headers = Record<string, string>;

export async function call<T = unknown>(
  app: FastifyInstance,
  url: string,
  headers: Headers | undefined,
  payload?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const res = await app.inject({
    method,
    url: P + url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** multipart/form-data with one photo, as the packet form uploads it. */
function photoForm(bytes: Buffer) {
  const boundary = '----ayar-backup-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="typeName"\r\n\r\nActivity\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Lab {
  id: string;
  username: string;
  password: string;
  token: string;
  h: Headers;
  customerId: string;
  from: number;
  to: number;
  next: number;
}

export interface Network {
  admin: { username: string; password: string; h: Headers };
  labs: Lab[];
  /** A packet with photos and a purity, by its public number. */
  published: { docNumber: number; photo: string };
}

const draft = (lab: Lab, docNumber: number, extra: Record<string, unknown> = {}) => ({
  customerId: lab.customerId,
  customerName: 'مشتری نمونه',
  docNumber,
  readyTime: 30,
  weight: '12.5',
  sampleWeight: '0.250',
  ...extra,
});

async function newLab(app: FastifyInstance, db: Database, admin: Headers, n: number): Promise<Lab> {
  const user = await createUser(db, { fName: `آزمایشگاه ${n}` });
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify({ testType: TEST_TYPES[0].id, vageType: 1, vage: 50_000 }) })
    .where('id', '=', user.id)
    .execute();
  const token = await login(app, user.username, user.password);
  const h = bearer(token);
  const credit = (trackingCode: string, value: number) => ({
    value,
    date: todayGregorianInTehran(),
    account: '6037-9911-1234-5678',
    trackingCode,
  });
  await call(app, '/Account/AddCredit', h, credit(`TR-${n}-1`, 900_000));
  await call(app, '/Account/AddCredit', h, credit(`TR-${n}-2`, 10_000));
  const credits = await db
    .selectFrom('credits')
    .select(['id', 'trackingCode'])
    .where('workshopId', '=', user.id)
    .execute();
  for (const c of credits) {
    await call(app, '/Manage/AcceptCredit', admin, {
      creditId: c.id,
      accepted: c.trackingCode.endsWith('-1'),
    });
  }
  const range = await call<{ fromCode: number; toCode: number }>(app, '/Account/GetCode', h, { count: 300 });
  await call(app, '/Customer/AddCustomer', h, { customerName: 'مشتری نمونه', mobile1: `0912000000${n}` });
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('workshopId', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    username: user.username,
    password: user.password,
    token,
    h,
    customerId: customer.id,
    from: range.fromCode,
    to: range.toCode,
    next: range.fromCode,
  };
}

/**
 * A network with every kind of record, made through the API as the labs make it: accepted and refused
 * credits, bought code ranges, customers, packets with photos, a purity (and its SMS), a correction
 * (audit history), a delete request, payments, sessions (one signed out).
 */
export async function seedNetwork(app: FastifyInstance, db: Database): Promise<Network> {
  const adminUser = await createUser(db, { role: 'admin' });
  const admin = bearer(await login(app, adminUser.username, adminUser.password));
  const labs = [await newLab(app, db, admin, 1), await newLab(app, db, admin, 2)];
  let published: Network['published'] | undefined;
  for (const lab of labs) {
    const photos: string[] = [];
    for (const size of [[1600, 1000] as const, [500, 800] as const]) {
      const form = photoForm(await image(size[0], size[1], 'jpeg'));
      const res = await app.inject({
        method: 'POST',
        url: `${P}/Tests/AddFile`,
        payload: form.payload,
        headers: { ...form.headers, ...lab.h },
      });
      if (res.statusCode !== 200) throw new Error(`AddFile: ${res.statusCode} ${res.body}`);
      photos.push(...[(res.json() as { data: string }).data].flat());
    }
    const numbers = [lab.next, lab.next + 1, lab.next + 2];
    lab.next += 3;
    const added = await call<{ list: { id: string; docNumber: number }[] }>(app, '/Tests/AddTest', lab.h, [
      draft(lab, numbers[0]!, { images: photos }),
      draft(lab, numbers[1]!),
      draft(lab, numbers[2]!, { desc: 'برای حذف' }),
    ]);
    const [withPhotos, corrected, toDelete] = added.list;
    await call(app, '/Tests/AddCutting', lab.h, [{ id: withPhotos!.id, cutting: 750 }]);
    await call(app, '/Tests/EditTest', lab.h, {
      ...draft(lab, corrected!.docNumber, { weight: '۲۰٫۱', sampleWeight: '0.3', desc: 'اصلاح وزن' }),
      testId: corrected!.id,
    });
    await call(app, '/Tests/RequestToDeleteTest', lab.h, { id: toDelete!.id });
    for (const type of [1, 2]) {
      await call(app, '/Customer/AddPay', lab.h, {
        customerId: lab.customerId,
        type,
        gold: '۱۲٫۳۴۵',
        money: '1,500,000',
        date: '2026-03-01',
        desc: 'بیعانه',
      });
    }
    published ??= { docNumber: withPhotos!.docNumber, photo: photos[0]! };
  }
  // A session that was signed out: a revoked row.
  const spare = bearer(await login(app, labs[0]!.username, labs[0]!.password));
  await call(app, '/Account/logout', spare, {});
  return { admin: { ...adminUser, h: admin }, labs, published: published! };
}

export interface LoadReport {
  requests: number;
  failures: string[];
  maxMs: number;
}

/**
 * Labs at work while the backup runs: packets registered, payments, public lookups, all at once.
 * `stop` ends the loops and reports what failed and the slowest answer.
 */
export function startLoad(app: FastifyInstance, net: Network, concurrency = 4) {
  let running = true;
  const report: LoadReport = { requests: 0, failures: [], maxMs: 0 };
  const one = async (i: number) => {
    const lab = net.labs[i % net.labs.length]!;
    const kind = i % 3;
    const started = performance.now();
    try {
      if (kind === 0 && lab.next <= lab.to) {
        const n = lab.next++;
        await call(app, '/Tests/AddTest', lab.h, [draft(lab, n)]);
      } else if (kind === 1) {
        await call(app, '/Customer/AddPay', lab.h, {
          customerId: lab.customerId,
          type: 1,
          gold: '1',
          money: '1000',
          date: '2026-03-02',
        });
      } else {
        await call(app, '/Tests/Result', undefined, { code: net.published.docNumber });
      }
    } catch (err) {
      report.failures.push((err as Error).message);
    }
    report.requests++;
    report.maxMs = Math.max(report.maxMs, performance.now() - started);
  };
  const loops = Array.from({ length: concurrency }, async (_, k) => {
    for (let i = k; running; i += concurrency) await one(i);
  });
  return {
    report,
    async stop(): Promise<LoadReport> {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));

/** The real server (main.ts) on `env`; resolves once it listens, with its port and a stop. */
export async function startServer(env: Record<string, string>) {
  const { DATABASE_URL: _url, JWT_SECRET: _secret, ...base } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  const url = (p: string) => `http://127.0.0.1:${port}${P}${p}`;
  return {
    async post(p: string, body: unknown, headers: Headers = {}) {
      const res = await fetch(url(p), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    },
    async getJson(p: string, headers: Headers = {}): Promise<unknown> {
      const res = await fetch(url(p), { headers });
      return ((await res.json()) as { data: unknown }).data;
    },
    async get(p: string, headers: Headers = {}) {
      const res = await fetch(p.startsWith('/api') ? `http://127.0.0.1:${port}${p}` : url(p), { headers });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    async stop(): Promise<number | null> {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
