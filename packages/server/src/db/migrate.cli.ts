/**
 * `npm run migrate -- status | up [--to NAME] | down [--yes]` (ADR 0054, docs/deploy.md "Upgrading"):
 * moves the schema of the configured database before the nodes of a new release start. DATABASE_URL's
 * database; without it DATA_DIR's embedded one, started here under the data directory's lock, so it is
 * refused while a server runs there (that server migrates at its own start anyway).
 *
 * Exit codes: 0 done or current; 1 failed or refused; 2 a usage error, or `down` without `--yes`;
 * `status` 3 when migrations are pending, 4 when the database is newer than this code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { cliLog, runCli, say, UsageError } from '../lib/cli.ts';
import { StartupError } from '../startup/errors.ts';
import { whoHoldsDataDirLock } from '../startup/locks.ts';
import { where } from '../startup/preflight.ts';
import { createDatabase, type Database } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import {
  MIGRATION_NAMES,
  migrateDownOne,
  migrateToLatest,
  migrateUpTo,
  migrationStatus,
  newerSchemaError,
  refuseNewerSchema,
  type MigrationStatus,
} from './migrate.ts';

const USAGE = `usage: npm run migrate -- status
       npm run migrate -- up [--to NAME]
       npm run migrate -- down --yes`;

/** `status`'s exit codes besides 0 (current), 1 (failed) and 2 (usage). */
const STATUS_EXIT = { pending: 3, newer: 4 } as const;

/** Runs `work` on the configured database, opened (and for the embedded one, started) and closed here. */
async function withDatabase(
  config: Config,
  work: (db: Database, description: string) => Promise<void>,
): Promise<void> {
  if (config.DATABASE_URL) {
    const db = createDatabase(config.DATABASE_URL, 2);
    try {
      return await work(db, `PostgreSQL at ${where(config.DATABASE_URL, 5432)}`);
    } finally {
      await db.destroy();
    }
  }
  const { dataDir } = config;
  if (!fs.existsSync(path.join(dataDir, 'pg-password'))) {
    throw new StartupError(
      `${dataDir} holds no Ayar database.`,
      'set DATA_DIR to the server\'s data directory, or DATABASE_URL for an external database; a new one is made by "npm start".',
    );
  }
  const holder = whoHoldsDataDirLock(dataDir);
  if (holder !== null) {
    throw new StartupError(
      `an Ayar server (pid ${holder}) is running on the data directory ${dataDir}, and its embedded PostgreSQL is its own.`,
      `stop it first (systemctl stop ayar, or kill ${holder}); with the embedded database the server also applies pending migrations when it starts.`,
    );
  }
  let stopping = false;
  const quiet = () => undefined;
  const embedded = await startEmbeddedPostgres(
    dataDir,
    { info: quiet, debug: quiet, warn: cliLog.warn, error: (m) => !stopping && cliLog.warn(m) },
    { binDir: config.POSTGRES_BIN_DIR },
  );
  const db = createDatabase(embedded.url, 2);
  try {
    return await work(db, `embedded PostgreSQL in ${embedded.pgDir}`);
  } finally {
    await db.destroy();
    stopping = true;
    await embedded.stop();
  }
}

function levels(status: MigrationStatus): string {
  return `Database level: ${status.databaseLevel ?? 'none (an empty database)'}; this release's level: ${status.codeLevel}.`;
}

async function status(config: Config, args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  await withDatabase(config, async (db, description) => {
    const s = await migrationStatus(db);
    say(`Migrations of ${description}:`);
    const applied = new Set(s.applied);
    for (const name of MIGRATION_NAMES) say(`  ${applied.has(name) ? 'applied' : 'pending'}  ${name}`);
    for (const name of s.unknown) say(`  newer    ${name} (applied by a newer release; unknown here)`);
    say(levels(s));
    if (s.unknown.length > 0) {
      const { message, hint } = newerSchemaError(s);
      say(`${message[0]!.toUpperCase()}${message.slice(1)}\n  What to do: ${hint}`);
      process.exitCode = STATUS_EXIT.newer;
    } else if (s.pending.length > 0) {
      say(`${s.pending.length} pending: run "npm run migrate -- up" from one node, then restart the nodes.`);
      process.exitCode = STATUS_EXIT.pending;
    } else {
      say('The database is current.');
    }
  });
}

async function up(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const target = values.to;
  if (target !== undefined && !MIGRATION_NAMES.includes(target)) {
    throw new UsageError(`this release has no migration ${target}; "npm run migrate -- status" lists them.`);
  }
  await withDatabase(config, async (db, description) => {
    const before = await refuseNewerSchema(db);
    if (target !== undefined && before.applied.includes(target)) {
      say(`Nothing to apply: ${target} is already applied to ${description}.`);
      say(levels(before));
      return;
    }
    // Under Kysely's advisory lock (one session-level lock for every run): a second node running `up`
    // at the same moment waits, then finds nothing left to apply (ADR 0054).
    const applied = target === undefined ? await migrateToLatest(db) : await migrateUpTo(db, target);
    say(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${description}: ${applied.join(', ')}.`
        : `Nothing to apply: ${description} is already ${target === undefined ? 'current' : `at ${target}`}.`,
    );
    say(levels(await migrationStatus(db)));
  });
}

async function down(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { yes: { type: 'boolean', default: false } } });
  await withDatabase(config, async (db, description) => {
    const before = await refuseNewerSchema(db);
    const last = before.databaseLevel;
    if (last === null) throw new StartupError(`${description} has no migration applied.`, 'nothing to undo.');
    const file = `packages/server/src/db/migrations/${last}.ts`;
    if (!values.yes) {
      say(`"down" would undo one migration of ${description}: ${last} (its "down" in ${file}).`);
      say('It may drop columns or tables and the data in them: take a backup first (npm run backup).');
      say('Run it again with --yes to undo it.');
      process.exitCode = 2;
      return;
    }
    const undone = await migrateDownOne(db);
    // Kysely passes over a migration without `down` and reports nothing undone.
    if (undone === null)
      throw new StartupError(
        `${last} has no "down": nothing was undone.`,
        'restore the backup taken before it.',
      );
    say(`Undone: ${undone} (${file}).`);
    say(levels(await migrationStatus(db)));
  });
}

runCli({
  usage: USAGE,
  commands: { status, up, down },
  failure: (err, message) =>
    err instanceof StartupError
      ? `Migrate refused: ${message}\n  What to do: ${err.hint}\n`
      : `Migrate failed: ${message}${err instanceof Error && err.cause ? `\n  cause: ${String(err.cause)}` : ''}\n` +
        // Kysely runs each call's migrations in one transaction: a failure keeps none of them.
        '  Nothing of this run was kept; "npm run migrate -- status" shows where the database stands.\n',
});
