import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../db/database.ts';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../../db/migrate.ts';
import { PARTS, extractBackup, verifyBackupFile, type Manifest } from './archive.lib.ts';
import { loadTables } from './copy-format.lib.ts';
import { findTools, pickPgRestore, runTool, toolConnection } from './pg-tools.lib.ts';
import type { FileStore } from '../files/files.storage.ts';
import { filesTarget } from './restore-files.lib.ts';
import type { DatabaseTarget } from './target.lib.ts';

/** The restore was refused before anything was changed: the message says why and what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  file: string;
  /** Replace a database or files directory that already holds data. */
  force: boolean;
  /** Opened only once the file has been verified, so a bad file creates nothing. */
  openTarget: () => Promise<DatabaseTarget>;
  /**
   * Where the files go: the configured store (a bucket is filled from the backup, ADR 0030); else the
   * directory `filesDir` (DATA_DIR/files).
   */
  fileStore?: FileStore;
  filesDir?: string;
  /** A directory of ours for the extracted database part (DATA_DIR). */
  workDir: string;
  log: { info(msg: string): void; warn(msg: string): void };
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  migrationsApplied: string[];
  replaced: boolean;
  seconds: number;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'ayar-restore' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ num: string }>(`select current_setting('server_version_num') as num`);
  return Math.floor(Number(rows[0]!.num) / 10_000);
}

async function tableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_tables where schemaname = 'public'`,
  );
  return Number(rows[0]!.n);
}

/** Row counts that differ from the manifest's, as «table: expected → found». */
async function countDifferences(url: string, manifest: Manifest): Promise<string[]> {
  return withClient(url, async (client) => {
    const differences: string[] = [];
    for (const [table, expected] of Object.entries(manifest.database.counts)) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from ${client.escapeIdentifier(table)}`,
      );
      const found = Number(rows[0]!.n);
      if (found !== expected) differences.push(`${table}: ${expected} → ${found}`);
    }
    return differences;
  });
}

/** The extracted database part: `db.dump`, or each table's name → its `.csv.gz`. */
type DatabasePart = Map<string, string>;

async function pgRestore(url: string, part: DatabasePart, manifest: Manifest): Promise<void> {
  const major = await withClient(url, serverMajor);
  const tool = pickPgRestore(
    await findTools('pg_restore'),
    major,
    Number((manifest.database.pgDumpVersion ?? '0').split('.')[0]),
  );
  const connection = toolConnection(url);
  // One transaction: a restore that fails leaves the database as it was (empty).
  await runTool(
    tool,
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      `--dbname=${connection.dbname}`,
      part.get(PARTS.dump)!,
    ],
    connection.env,
  );
}

/**
 * A COPY backup: the schema as this code's migrations built it at the backup's level, then the rows
 * (copy-format.lib.ts). A database whose columns differ from the migrations' is refused by HEADER MATCH.
 */
async function copyRestore(url: string, part: DatabasePart, manifest: Manifest): Promise<void> {
  const level = manifest.database.migrations.at(-1);
  if (!level) throw new Error('this backup names no migration level, so its schema cannot be rebuilt');
  const db = createDatabase(url, 1);
  try {
    await migrateTo(db, level);
  } finally {
    await db.destroy();
  }
  await withClient(url, (client) => loadTables(client, part, manifest.database.sequences ?? {}));
}

async function restoreInto(url: string, part: DatabasePart, manifest: Manifest): Promise<string[]> {
  if (manifest.database.method === 'copy') await copyRestore(url, part, manifest);
  else await pgRestore(url, part, manifest);
  const differences = await countDifferences(url, manifest);
  if (differences.length > 0) {
    throw new Error(`the restored rows do not match the manifest: ${differences.join(', ')}`);
  }
  const db = createDatabase(url, 1);
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Back to an empty database after a restore into it failed half-way (rows in, migration failed). */
async function emptyDatabase(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  });
}

/**
 * Replaces a database that holds data: restored into a new database beside it, checked and migrated
 * there, and only then swapped in, so a failure leaves the old one untouched. Needs the right to
 * create databases (the embedded database's user has it).
 */
async function replaceDatabase(url: string, part: DatabasePart, manifest: Manifest): Promise<string[]> {
  const name = databaseName(url);
  const staging = `${name}_restoring`;
  const admin = withDatabase(url, 'postgres');
  const q = (client: pg.Client, id: string) => client.escapeIdentifier(id);
  await withClient(admin, async (client) => {
    await client.query(`drop database if exists ${q(client, staging)} with (force)`);
    await client.query(`create database ${q(client, staging)}`);
  });
  let applied: string[];
  try {
    applied = await restoreInto(withDatabase(url, staging), part, manifest);
  } catch (err) {
    await withClient(admin, (c) => c.query(`drop database if exists ${q(c, staging)} with (force)`));
    throw err;
  }
  await withClient(admin, async (client) => {
    await client.query(`drop database ${q(client, name)} with (force)`);
    await client.query(`alter database ${q(client, staging)} rename to ${q(client, name)}`);
  });
  return applied;
}

/** Into an empty database, emptied again on failure; over one with data, beside it and swapped in. */
async function restoreDatabase(
  url: string,
  tables: number,
  part: DatabasePart,
  manifest: Manifest,
): Promise<string[]> {
  if (tables > 0) return replaceDatabase(url, part, manifest);
  try {
    return await restoreInto(url, part, manifest);
  } catch (err) {
    await emptyDatabase(url).catch(() => undefined);
    throw err;
  }
}

/**
 * Brings an empty database (a new DATA_DIR's, or an empty external one) and the file store to exactly
 * the backed-up state, then runs the migrations this version has that the backup had not (ADR 0021).
 * The file is checked completely first; a bad one is refused before anything is created or changed.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { log } = options;
  const verified = await verifyBackupFile(options.file);
  const { manifest } = verified;
  const unknown = manifest.database.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `this backup was made by a newer Ayar (${manifest.appVersion}; migrations ${unknown.join(', ')}). ` +
        'Restore it with that version or a newer one.',
    );
  }
  log.info(
    `${options.file}: made ${manifest.createdAt} by Ayar ${manifest.appVersion} (PostgreSQL ${manifest.database.serverVersion}), ` +
      `${Object.values(manifest.database.counts).reduce((a, b) => a + b, 0)} rows, ${manifest.files.count} files — checked`,
  );

  const target = await options.openTarget();
  const work = path.join(options.workDir, `.restore-${process.pid}`);
  const files = filesTarget(options, log);
  const staging = files.staging;
  try {
    const tables = await withClient(target.url, tableCount);
    const hasFiles = await files.hasFiles();
    const replacing = tables > 0 || hasFiles;
    if (replacing && !options.force) {
      throw new RestoreRefusedError(
        `the target is not empty (${tables} tables in the database${hasFiles ? `, files in ${files.description}` : ''}). ` +
          'Restore into a new DATA_DIR or an empty database, or add --force to replace what is there.',
      );
    }
    await rm(work, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    await mkdir(work, { recursive: true, mode: 0o700 });
    await mkdir(staging, { recursive: true, mode: 0o750 });
    const extracted = await extractBackup(options.file, verified, { databaseTo: work, filesTo: staging });
    log.info(`extracted ${extracted.files} files; restoring the database`);

    await files.beforeDatabase();
    let applied: string[];
    try {
      applied = await restoreDatabase(target.url, tables, extracted.database, manifest);
    } catch (err) {
      await files.abandon().catch(() => undefined);
      throw err;
    }
    await files.afterDatabase(replacing);
    return {
      manifest,
      rows: Object.values(manifest.database.counts).reduce((a, b) => a + b, 0),
      files: extracted.files,
      migrationsApplied: applied,
      replaced: replacing,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
    await files.cleanup();
    await target.close();
  }
}
