/// <reference lib="dom" />
/**
 * The offline counter's sync (ADR 0033): how long a counter's queue of N packets takes to reach the
 * server once the line returns.
 *   node bench/offline-sync.ts [--no-build] [--packets 200] [--runs 3]
 * Builds the web app (unless --no-build), starts the real server on a temporary embedded data
 * directory, and drives Debian's Chromium: a workshop signs in, goes offline, and finds N packets in
 * its queue (written into IndexedDB `ayar-offline` in the documented format,
 * packages/web/src/features/offline/README.md, as lab/add would have queued them). The clock starts
 * when the line returns and stops when the queue is empty; then the server must hold each packet once.
 * Baseline in the same run: the same number of packets posted one after another from Node (the
 * sequential protocol's floor, no browser). Budget: 200 packets in under 10 s in every run.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { labDraftSchema, TEST_TYPES } from '@ayar/contract';
import { REPO_ROOT } from './lib/database.ts';
import { fail, intFlag } from './lib/cli.ts';
import { startServerProcess } from './lib/server-process.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    packets: { type: 'string' },
    runs: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/offline-sync.ts [--no-build] [--packets 200] [--runs 3]');
  process.exit(0);
}
const PACKETS = intFlag('packets', values.packets, 200);
const RUNS = intFlag('runs', values.runs, 3);
const BUDGET_S = 10;
const FIRST = 9_000_000;
const ADMIN = { userName: 'admin', password: 'bench-admin-password' };
const LAB = { userName: 'bench_offline', password: 'lab-password-1' };

if (values.build && !values['no-build']) {
  console.log('Building the web app (npm run build -w @ayar/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ayar/web'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) fail(new Error(`${build.stdout}\n${build.stderr}`));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-offline-bench-'));
// The embedded database, as `npm start` runs it.
delete process.env.DATABASE_URL;
const server = await startServerProcess({
  DATA_DIR: dataDir,
  ADMIN_USERNAME: ADMIN.userName,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  // One run's sync is PACKETS requests, a third of an address's minute (600) at 200; the baseline and
  // the runs back to back would add up to more, and measure the limiter instead of the sync.
  RATE_LIMIT_ALLOWLIST: '127.0.0.1',
});

async function api<T>(
  route: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/v1.0${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { successful: boolean; message: string; data: T };
  if (!res.ok || !envelope.successful) throw new Error(`${route}: ${res.status} ${envelope.message}`);
  return envelope.data;
}
const login = async (who: { userName: string; password: string }) =>
  (await api<{ token: string }>('/Account/login', null, who)).token;

/** A lab with enough numbers for every run and the baseline, SMS on, one customer. */
async function setUpLab() {
  const admin = await login(ADMIN);
  const { id } = await api<{ id: string }>('/Manage/AddUser', admin, {
    fName: 'آزمایشگاه سنجش',
    fullName: 'مدیر سنجش',
    userName: LAB.userName,
    password: LAB.password,
    confirmPassword: LAB.password,
    cellPhone: '09120000000',
    phone: '',
    address: '',
    rejeCode: '',
    isPublicUser: false,
  });
  await api('/Manage/GetCodes', admin, { userId: id, fromCode: FIRST, toCode: FIRST + 9_999 });
  const token = await login(LAB);
  await api('/Account/EditSettings', token, {
    settings: { labType: 1, sendSMS: true, testType: TEST_TYPES[0].id, showDesc: false },
  });
  await api('/Customer/AddCustomer', token, { customerName: 'حسن طلافروش', mobile1: '09121112233' });
  const [customer] = await api<{ id: string; name: string }[]>(
    `/Customer/CustomersByName?name=${encodeURIComponent('حسن')}`,
    token,
  );
  return { token, customer: customer! };
}

const token22 = () => randomBytes(16).toString('base64url');

function draftOf(customer: { id: string; name: string }, docNumber: number) {
  return {
    ...labDraftSchema.parse({
      customerId: customer.id,
      customerName: customer.name,
      type: TEST_TYPES[0].id,
      typeName: TEST_TYPES[0].name,
      docNumber,
      cutting: 750,
      weight: 2.5,
      readyTime: 30,
      title: true,
      sendSMS: true,
    }),
    publicToken: token22(),
  };
}

/** Writes the packets into the page's queue as lab/add queues them (one entry each, in order). */
function fillQueue(page: Page, entries: unknown[]) {
  return page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ayar-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('queue', 'readwrite');
          for (const entry of list) tx.objectStore('queue').add(entry);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

const queueLength = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ayar-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('queue').objectStore('queue').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

/** The signed-in workshop's id, from the device record the app keeps once it has reserved numbers. */
const deviceUserId = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('ayar-offline');
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('device')) return resolve(null);
          const all = open.result.transaction('device').objectStore('device').getAll();
          all.onsuccess = () => {
            open.result.close();
            const [record] = all.result as { userId: string; blocks: unknown[] }[];
            resolve(record && record.blocks.length > 0 ? record.userId : null);
          };
        };
        open.onerror = () => resolve(null);
      }),
  );

async function until<T>(what: string, probe: () => Promise<T | null | false>, seconds: number): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const packetCount = async (token: string) =>
  (await api<{ totalCount: number }>('/Tests/AllTests?pageSize=1', token)).totalCount;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows: string[][] = [];
let failed = false;
try {
  const lab = await setUpLab();
  const context = await browser.newContext({ locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
  const form = page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
  await form.getByLabel('نام کاربری').fill(LAB.userName);
  await form.getByLabel(/^رمز عبور/).fill(LAB.password);
  await form.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`${server.url}/lab/queue`);
  const userId = await until('the device reservation', () => deviceUserId(page), 30);

  let next = FIRST + 1_000;
  for (let run = 1; run <= RUNS; run++) {
    // Baseline: the same packets from Node, one request after another, each with its key.
    const before = await packetCount(lab.token);
    const started = performance.now();
    for (let i = 0; i < PACKETS; i++) {
      await api('/Tests/AddTest', lab.token, [draftOf(lab.customer, next++)], {
        'idempotency-key': token22(),
      });
    }
    const baseline = (performance.now() - started) / 1000;
    if ((await packetCount(lab.token)) !== before + PACKETS) throw new Error('the baseline lost a packet');

    // The counter: offline, N entries queued, then the line returns.
    await context.setOffline(true);
    const entries = Array.from({ length: PACKETS }, (_, i) => {
      const draft = draftOf(lab.customer, next + i);
      return {
        key: token22(),
        userId,
        seq: run * 100_000 + i,
        kind: 'addTest',
        body: [draft],
        createdAt: new Date().toISOString(),
        state: 'waiting',
        summary: {
          docNumber: draft.docNumber,
          customerName: lab.customer.name,
          titleName: 'بسته',
          weight: draft.weight,
          cutting: draft.cutting,
          publicToken: draft.publicToken,
        },
      };
    });
    next += PACKETS;
    await fillQueue(page, entries);
    await page.reload();
    await page.getByText('آفلاین', { exact: true }).waitFor();
    const queued = await packetCount(lab.token);
    const t0 = performance.now();
    await context.setOffline(false);
    await until('the queue to empty', async () => (await queueLength(page)) === 0, 120);
    const synced = (performance.now() - t0) / 1000;
    const registered = (await packetCount(lab.token)) - queued;
    if (registered !== PACKETS) throw new Error(`the sync registered ${registered} of ${PACKETS}`);
    const ok = synced < BUDGET_S;
    failed ||= !ok;
    rows.push([
      String(run),
      baseline.toFixed(2),
      synced.toFixed(2),
      ((synced / baseline) * 100).toFixed(0),
      ((PACKETS / synced) | 0).toString(),
      ok ? 'PASS' : 'FAIL',
    ]);
    console.log(
      `run ${run}: ${PACKETS} packets synced in ${synced.toFixed(2)} s (Node baseline ${baseline.toFixed(2)} s)`,
    );
  }
} catch (err) {
  console.error(server.output().slice(-2000));
  await browser.close();
  await server.stop();
  fail(err);
}
await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nOffline sync of ${PACKETS} queued packets (budget ${BUDGET_S} s), ${RUNS} runs on one server:\n`,
);
printTable(['run', 'Node baseline s', 'browser sync s', '% of baseline', 'packets/s', 'budget'], rows, [
  'r',
  'r',
  'r',
  'r',
  'r',
  'l',
]);
const times = rows.map((r) => Number(r[2]));
console.log(
  `\nsync: ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)} s; ${failed ? 'FAIL' : 'PASS'} (every run under ${BUDGET_S} s)`,
);
process.exit(failed ? 1 : 0);
