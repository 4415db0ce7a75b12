import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { databaseUrl } from './db-url.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}

const REDIS_MISSING =
  'The server tests need Redis for the shared rate limits of several processes (docs/product.md §11.3): set ' +
  'REDIS_URL to one, or install redis-server (Debian: apt-get install redis-server) so the tests start their own.';

/** A private redis-server on a free port, keeping nothing on disk; resolves once it accepts connections. */
async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (err) =>
      reject(new Error((err as NodeJS.ErrnoException).code === 'ENOENT' ? REDIS_MISSING : err.message)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, child };
}

/**
 * Server tests run against a real PostgreSQL: the one DATABASE_URL names (CI), or an embedded one in
 * a temporary directory. The schema is migrated once into a template database; every test file
 * clones it, so files run in parallel on their own data. Likewise a real Redis: REDIS_URL's (CI), or a
 * redis-server of their own; each app under test keeps its keys under a prefix of its own.
 */
export default async function setup(project: TestProject) {
  // First: without Redis the run stops here, before there is a PostgreSQL to clean up.
  let redis: ChildProcess | undefined;
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const started = await startRedis();
    redis = started.child;
    redisUrl = started.url;
  }

  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-test-pg-'));
    fs.chmodSync(tempDir, 0o755);
    const quiet = { info() {}, warn() {}, debug() {}, error: (m: string) => console.error(m) };
    embedded = await startEmbeddedPostgres(tempDir, quiet);
    adminUrl = embedded.url;
  }

  const template = `ayar_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const db = createDatabase(databaseUrl(adminUrl, template), 1);
  await migrateToLatest(db);
  await db.destroy();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('redisUrl', redisUrl);

  return async () => {
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
    await embedded?.stop();
    redis?.kill();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
