import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../../test/db-url.ts';
import { freshDataDir, killAll, startServer } from '../../test/server-process.ts';
import { createDatabase } from './database.ts';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.ts';

// ADR 0054: `npm run migrate -- status|up|down` as real processes against real databases, two `up`
// at once, and the server refusing a schema a newer release made. Each command is a process of its
// own (about 2 s to start on a loaded machine), so a test that runs several gets more than 30 s.
const SLOW = { timeout: 120_000 };

const CLI = fileURLToPath(new URL('./migrate.cli.ts', import.meta.url));
const FIRST = MIGRATION_NAMES[0]!;
const LATEST = MIGRATION_NAMES.at(-1)!;
const BEFORE_LATEST = MIGRATION_NAMES.at(-2)!;
const FUTURE = '9999_from_a_newer_release';
const made: string[] = [];
const dataDirs: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database of its own; answers its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `ayar_mig_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  made.push(name);
  return databaseUrl(inject('adminDatabaseUrl'), name);
}

async function applied(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function addFutureMigration(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client
    .query(`insert into kysely_migration (name, timestamp) values ($1, $2)`, [
      FUTURE,
      new Date().toISOString(),
    ])
    .finally(() => client.end());
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run migrate -- …args` as its own process against `url`. */
function migrate(url: string, ...args: string[]): Promise<Ran> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...env, DATABASE_URL: url, DATA_DIR: freshDataDir('ayar-mig-') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

afterAll(async () => {
  killAll(dataDirs);
  await admin(async (c) => {
    for (const name of made) await c.query(`drop database if exists ${name} with (force)`);
  });
});

describe('npm run migrate', SLOW, () => {
  it('status, up --to, up and status again on an empty database', async () => {
    const url = await emptyDatabase();
    let ran = await migrate(url, 'status');
    expect(ran.code, ran.stderr).toBe(3);
    expect(ran.stdout).toContain(`pending  ${FIRST}`);
    expect(ran.stdout).toContain(
      `Database level: none (an empty database); this release's level: ${LATEST}.`,
    );
    expect(ran.stdout).toContain(`${MIGRATION_NAMES.length} pending`);

    ran = await migrate(url, 'up', '--to', BEFORE_LATEST);
    expect(ran.code, ran.stderr).toBe(0);
    expect(await applied(url)).toEqual(MIGRATION_NAMES.slice(0, -1));

    ran = await migrate(url, 'status');
    expect(ran.code).toBe(3);
    expect(ran.stdout).toContain(`applied  ${BEFORE_LATEST}`);
    expect(ran.stdout).toContain(`pending  ${LATEST}`);
    expect(ran.stdout).toContain('1 pending');

    // Already there: up --to an applied one goes nowhere, never down.
    ran = await migrate(url, 'up', '--to', FIRST);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`Nothing to apply: ${FIRST} is already applied`);
    expect(await applied(url)).toEqual(MIGRATION_NAMES.slice(0, -1));

    ran = await migrate(url, 'up');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`Applied 1 migration(s)`);
    expect(await applied(url)).toEqual([...MIGRATION_NAMES]);

    ran = await migrate(url, 'status');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('The database is current.');
    expect(ran.stdout).not.toContain('pending  ');
  });

  it('down refuses without --yes and undoes exactly one step with it', async () => {
    const url = await emptyDatabase();
    expect((await migrate(url, 'up')).code).toBe(0);
    let ran = await migrate(url, 'down');
    expect(ran.code).toBe(2);
    expect(ran.stdout).toContain(`would undo one migration`);
    expect(ran.stdout).toContain(LATEST);
    expect(ran.stdout).toContain('--yes');
    expect(await applied(url)).toEqual([...MIGRATION_NAMES]);

    ran = await migrate(url, 'down', '--yes');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`Undone: ${LATEST}`);
    expect(await applied(url)).toEqual(MIGRATION_NAMES.slice(0, -1));
    expect((await migrate(url, 'status')).code).toBe(3);

    // And back up: the down left a schema the up applies to again.
    expect((await migrate(url, 'up')).code).toBe(0);
    expect(await applied(url)).toEqual([...MIGRATION_NAMES]);
  });

  it('refuses unknown commands, options and migration names with the usage (exit 2)', async () => {
    const url = await emptyDatabase();
    const calls = [[], ['sideways'], ['up', '--to', '0000_nothing'], ['down', '--force'], ['status', '-x']];
    const runs = await Promise.all(calls.map((args) => migrate(url, ...args)));
    for (const [i, ran] of runs.entries()) {
      expect(ran.code, calls[i]!.join(' ')).toBe(2);
      expect(ran.stderr).toContain('usage: npm run migrate');
    }
    // Nothing ran: not even Kysely's own table was made.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query(`select to_regclass('kysely_migration') as t`)
      .finally(() => client.end());
    expect(rows).toEqual([{ t: null }]);
  });

  it('two `up` at once: both exit 0 and each migration is applied once', async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([migrate(url, 'up'), migrate(url, 'up')]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    // One applied them all under the lock; the other waited and found nothing left.
    const counts = [a, b].map((r) => /Applied (\d+) migration/.exec(r.stdout)?.[1] ?? '0').sort();
    expect(counts).toEqual(['0', String(MIGRATION_NAMES.length)]);
    expect(await applied(url)).toEqual([...MIGRATION_NAMES]);
  });

  it('eight servers migrating one new database at once apply each migration once', async () => {
    const url = await emptyDatabase();
    const dbs = Array.from({ length: 8 }, () => createDatabase(url, 2));
    try {
      const results = await Promise.all(dbs.map((db) => migrateToLatest(db)));
      expect(results.flat().sort()).toEqual([...MIGRATION_NAMES]);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
    expect(await applied(url)).toEqual([...MIGRATION_NAMES]);
  });
});

describe('a database a newer release migrated', SLOW, () => {
  it('status exits 4 and up refuses, naming both levels', async () => {
    const url = await emptyDatabase();
    expect((await migrate(url, 'up')).code).toBe(0);
    await addFutureMigration(url);
    let ran = await migrate(url, 'status');
    expect(ran.code).toBe(4);
    expect(ran.stdout).toContain(`newer    ${FUTURE}`);
    expect(ran.stdout).toContain(`at migration ${FUTURE}, and this release knows migrations up to ${LATEST}`);
    for (const args of [['up'], ['down', '--yes']]) {
      ran = await migrate(url, ...args);
      expect(ran.code, args.join(' ')).toBe(1);
      expect(ran.stderr).toContain(`Migrate refused: the database's schema is newer than this release`);
      expect(ran.stderr).toContain(FUTURE);
      expect(ran.stderr).toContain(LATEST);
    }
    expect(await applied(url)).toEqual([...MIGRATION_NAMES, FUTURE].sort());
  });

  it('the server refuses to start with a clear message, before Kysely calls it corrupted', async () => {
    const url = await emptyDatabase();
    expect((await migrate(url, 'up')).code).toBe(0);
    await addFutureMigration(url);
    const dataDir = freshDataDir('ayar-mig-srv-');
    dataDirs.push(dataDir);
    const run = startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain(
      `Ayar could not start: the database's schema is newer than this release: it is at migration ${FUTURE}, ` +
        `and this release knows migrations up to ${LATEST}.`,
    );
    expect(output).toContain('What to do: run the release that migrated it');
    expect(output).not.toContain('corrupted migrations');
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    // Nothing was applied or removed.
    expect(await applied(url)).toEqual([...MIGRATION_NAMES, FUTURE].sort());
  });
});
