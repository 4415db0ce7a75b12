import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { ReadReplica } from './db/read-replica.ts';
import { createTestDatabase, TEST_JWT_SECRET } from '../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../test/labs.ts';

/**
 * Which routes read from the replica (ADR 0032): the public lookup, the public lab list and the
 * statistics; everything a person wrote and reads back stays on the primary. The "replica" here is a
 * second, empty database and its lag is set by the test, so where each answer came from shows in what
 * it contains. The replica mechanics themselves (a real streaming replica, its lag, a stopped one) are
 * db/read-replica.test.ts.
 */

const MAX_LAG_S = 10;
let lag: number | null = 0;
let app: FastifyInstance;
let primary: { db: Database; drop: () => Promise<void> };
let replica: { db: Database; drop: () => Promise<void> };
let reads: ReadReplica;
let lab: TestLab;
let docNumber: number;
let address = 0;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-read-routes-'));

beforeAll(async () => {
  primary = await createTestDatabase();
  replica = await createTestDatabase();
  reads = new ReadReplica({
    primary: primary.db,
    replica: replica.db,
    maxLagS: MAX_LAG_S,
    logger: { info: () => undefined, warn: () => undefined },
    probe: async () => lag,
    checkIntervalMs: 60_000,
  });
  await reads.start();
  app = await buildApp({ db: primary.db, reads, jwtSecret: TEST_JWT_SECRET, version: 'test', filesDir });
  await app.ready();
  lab = await createLab({ app, db: primary.db, close: async () => undefined }, { fName: 'آزمایشگاه ماه' });
  docNumber = lab.from;
  await registerPacket(app, lab, docNumber, { purity: 750 });
});

afterAll(async () => {
  await app?.close();
  await reads?.stop();
  await primary?.drop();
  await replica?.drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function setLag(seconds: number | null): Promise<void> {
  lag = seconds;
  await reads.check();
}

function lookup() {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/Result',
    payload: { code: docNumber },
    remoteAddress: `10.7.${address >> 8}.${address & 255}`,
  });
}

const labNames = async () =>
  (await app.inject({ method: 'GET', url: '/api/v1.0/Account/LabOwners' }))
    .json<{ data: { list: { fName: string }[] } }>()
    .data.list.map((l) => l.fName);

const labList = () =>
  app.inject({ method: 'GET', url: '/api/v1.0/Tests/AllTests?page=1&pageSize=10', headers: lab.h });

describe('reads that may lag go to a healthy replica, and to the primary otherwise', () => {
  it('answers the public lookup and the public lab list from the replica while it is within READ_MAX_LAG_S', async () => {
    await setLag(MAX_LAG_S);
    expect(reads.status.state).toBe('healthy');
    // The replica (an empty database here) has not seen the packet or the lab yet.
    expect((await lookup()).statusCode).toBe(404);
    expect(await labNames()).not.toContain('آزمایشگاه ماه');
  });

  it('keeps what the lab wrote and reads back on the primary, whatever the replica', async () => {
    await setLag(0);
    const res = await labList();
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { list: { docNumber: number }[] } }>().data.list.map((r) => r.docNumber)).toEqual(
      [docNumber],
    );
  });

  it('falls back to the primary when the replica lags past the limit, or its lag is unknown', async () => {
    for (const behind of [MAX_LAG_S + 1, null]) {
      await setLag(behind);
      expect(reads.status.state).toBe('lagging');
      const res = await lookup();
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { list: { purity: number }[] } }>().data.list[0]!.purity).toBe(750);
      expect(await labNames()).toContain('آزمایشگاه ماه');
    }
  });

  it('falls back to the primary when the replica does not answer', async () => {
    await setLag(0);
    lag = null;
    const failing = new ReadReplica({
      primary: primary.db,
      replica: replica.db,
      maxLagS: MAX_LAG_S,
      logger: { info: () => undefined, warn: () => undefined },
      probe: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5433')),
    });
    expect((await failing.check()).state).toBe('down');
    expect(failing.db()).toBe(primary.db);
  });
});
