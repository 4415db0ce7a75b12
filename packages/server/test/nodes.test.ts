import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectRedis } from '../src/lib/redis.ts';
import { startTestS3, type TestS3 } from '../src/modules/files/s3.test-kit.ts';
import { databaseUrl } from './db-url.ts';
import {
  api,
  freshDataDir,
  killAll,
  listening,
  signIn,
  startServer,
  waitFor,
  type Run,
} from './server-process.ts';

/**
 * ADR 0031: two complete server nodes (their own DATA_DIR, process and port) that share only the
 * engines: one PostgreSQL, one Redis, one bucket. Whatever one node did, the other sees.
 */

const PASSWORD = 'nodes-test-password';
/** No other test uses this Redis database. */
const NODES_REDIS_DB = 7;
const JOBS_LINE = 'this node runs the background jobs';
const name = `ayar_nodes_${randomBytes(5).toString('hex')}`;
const adminUrl = () => inject('adminDatabaseUrl');
const dataDirs = [freshDataDir('ayar-node-a-'), freshDataDir('ayar-node-b-')];
let s3: TestS3;
let env: Record<string, string>;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/**
 * A Redis database of this file's own, emptied: the nodes keep their limits under the default key
 * prefix, which other process tests running at the same time share on database 0 (the same address,
 * 127.0.0.1, guessing passwords there would lock this file's sign-ins too).
 */
async function ownRedisDatabase(): Promise<string> {
  const url = new URL(inject('redisUrl'));
  url.pathname = `/${NODES_REDIS_DB}`;
  const redis = await connectRedis(url.toString(), () => undefined);
  await redis.flushdb();
  await redis.quit();
  return url.toString();
}

function startNode(dataDir: string): Run {
  return startServer({ ...env, DATA_DIR: dataDir });
}

beforeAll(async () => {
  await adminQuery(`create database ${name}`);
  s3 = await startTestS3();
  const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  env = {
    ...s3.env,
    DATABASE_URL: databaseUrl(adminUrl(), name),
    REDIS_URL: await ownRedisDatabase(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    RESULT_SIGNING_KEY: key,
    ADMIN_PASSWORD: PASSWORD,
    BACKUP_EVERY: 'off',
  };
});

afterAll(async () => {
  killAll(dataDirs);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await s3?.close();
  await adminQuery(`drop database if exists ${name} with (force)`);
});

/** The first 12 bytes of an MP3 (an ID3 header) and some padding: audio by its content. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(512, 7)]);

async function uploadAudio(port: number, token: string): Promise<string> {
  const body = new FormData();
  body.set('typeName', 'User');
  body.set('fileType', 'Audio');
  body.set('file', new Blob([MP3], { type: 'audio/mpeg' }), 'voice.mp3');
  const res = await fetch(`http://127.0.0.1:${port}/api/v1.0/Tests/AddFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: string }).data;
}

describe('two nodes on one PostgreSQL, one Redis and one bucket', () => {
  let a: Run;
  let b: Run;
  let portA: number;
  let portB: number;

  beforeAll(async () => {
    // A prepares the database (migrations, the administrator) first, as the first node of a network does.
    a = startNode(dataDirs[0]!);
    portA = await listening(a);
    b = startNode(dataDirs[1]!);
    portB = await listening(b);
  }, 120_000);

  it('serves through B a photo or sound uploaded through A', async () => {
    const token = (await signIn(portA, 'admin', PASSWORD))!;
    const address = await uploadAudio(portA, token);
    const res = await fetch(`http://127.0.0.1:${portB}${address}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(MP3)).toBe(true);
  });

  it('keeps a sign-in made on A valid on B, and a sign-out on B ends it on A', async () => {
    const token = (await signIn(portA, 'admin', PASSWORD))!;
    expect(token).toBeTruthy();
    expect((await api(portB, 'GET', '/api/v1.0/Account/Profile', undefined, token)).status).toBe(200);
    expect((await api(portB, 'POST', '/api/v1.0/Account/logout', {}, token)).status).toBe(200);
    expect((await api(portA, 'GET', '/api/v1.0/Account/Profile', undefined, token)).status).toBe(401);
  });

  it('holds a sign-in limit reached through A at B', async () => {
    const userName = `nobody-${randomBytes(4).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await api(portA, 'POST', '/api/v1.0/Account/login', { userName, password: 'wrong' })).status,
      );
    expect(statuses).toEqual(Array<number>(10).fill(401));
    // The eleventh attempt, at the other node: the account is locked there too.
    expect(
      (await api(portB, 'POST', '/api/v1.0/Account/login', { userName, password: 'wrong' })).status,
    ).toBe(429);
  });

  it('runs the message sender and the sweep on exactly one node, and the other takes over within 30 s when it is killed', async () => {
    await waitFor(a, (out) => out.includes(JOBS_LINE));
    expect(a.output()).toContain('message worker started');
    expect(b.output()).not.toContain(JOBS_LINE);
    expect(b.output()).not.toContain('message worker started');

    a.child.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    await waitFor(b, (out) => out.includes(JOBS_LINE) && out.includes('message worker started'));
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    // B kept serving meanwhile.
    expect((await api(portB, 'GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
