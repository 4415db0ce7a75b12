import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { databaseUrl } from './db-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * Server tests run against a real PostgreSQL: the one DATABASE_URL names (CI), or an embedded one in
 * a temporary directory. The schema is migrated once into a template database; every test file
 * clones it, so files run in parallel on their own data.
 */
export default async function setup(project: TestProject) {
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

  return async () => {
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
