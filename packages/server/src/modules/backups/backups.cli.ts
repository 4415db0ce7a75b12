/**
 * `npm run backup [-- --dir DIR]` and `npm run restore -- FILE [--force]` (ADR 0021, docs/backups.md).
 * Both read the server's own configuration (DATA_DIR, DATABASE_URL, BACKUP_DIR) from the environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { cliLog as log, runCli, say, UsageError } from '../../lib/cli.ts';
import { fileStoreFromConfig } from '../files/store-config.storage.ts';
import { BackupFileError } from './tar.lib.ts';
import { createBackup } from './create-backup.service.ts';
import { finishRun, startManualRun } from './backups.repository.ts';
import { PgToolMissingError } from './pg-tools.lib.ts';
import { restoreBackup, RestoreRefusedError } from './restore.service.ts';
import { databaseToBackUp, databaseToRestore } from './target.lib.ts';

const USAGE = `usage: npm run backup [-- --dir DIR]
       npm run restore -- FILE [--force]`;

const here = path.dirname(fileURLToPath(import.meta.url));
const appVersion = (
  JSON.parse(fs.readFileSync(path.join(here, '../../../../../package.json'), 'utf8')) as { version: string }
).version;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function backup(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { dir: { type: 'string' } } });
  const dir = path.resolve(values.dir ?? config.BACKUP_DIR ?? path.join(config.dataDir, 'backups'));
  const target = await databaseToBackUp(config, log);
  const db = createDatabase(target.url, 1);
  // With STORAGE=s3 the files are read from the bucket into the file (ADR 0030).
  const fileStore = fileStoreFromConfig(config);
  try {
    const runId = await startManualRun(db, `${os.hostname()} npm run backup`).catch(() => null);
    try {
      const result = await createBackup({
        databaseUrl: target.url,
        source: target.source,
        method: config.BACKUP_METHOD,
        fileStore,
        dir,
        appVersion,
      });
      if (runId !== null) await finishRun(db, runId, { ok: true, file: result.file, bytes: result.bytes });
      const { database, files } = result.manifest;
      const rows = Object.values(database.counts).reduce((a, b) => a + b, 0);
      say(`Backup written: ${result.file}`);
      say(
        `  ${megabytes(result.bytes)} in ${result.seconds.toFixed(1)} s: ${rows} rows in ${Object.keys(database.counts).length} tables, ` +
          `${files.count} files (${megabytes(files.bytes)}, from ${fileStore.description}); PostgreSQL ${database.serverVersion}, ` +
          (database.pgDumpVersion
            ? `pg_dump ${database.pgDumpVersion}`
            : 'COPY per table (no pg_dump needed)'),
      );
      if (files.missing.length > 0) {
        say(
          `  ${files.missing.length} unused files were removed by the sweep while copying; not in the backup`,
        );
      }
      say('Copy it off this machine (docs/backups.md); restore with: npm run restore -- FILE');
    } catch (err) {
      if (runId !== null) {
        await finishRun(db, runId, {
          ok: false,
          error: err instanceof Error ? err.message : String(err),
        }).catch(() => undefined);
      }
      throw err;
    }
  } finally {
    fileStore.close();
    await db.destroy().catch(() => undefined);
    await target.close();
  }
}

async function restore(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('restore takes one backup file');
  const file = path.resolve(positionals[0]!);
  // Into whichever store is configured: DATA_DIR/files, or the bucket (ADR 0030).
  const fileStore = fileStoreFromConfig(config);
  const result = await restoreBackup({
    file,
    force: values.force,
    openTarget: () => databaseToRestore(config, log),
    fileStore,
    workDir: config.dataDir,
    log,
  }).finally(() => fileStore.close());
  const where = config.DATABASE_URL ? 'the database DATABASE_URL names' : `DATA_DIR ${config.dataDir}`;
  say(
    `Restored ${path.basename(file)} into ${where}${result.replaced ? ' (replacing what was there)' : ''}:`,
  );
  say(
    `  ${result.rows} rows, ${result.files} files, as of ${result.manifest.createdAt}; ${result.seconds.toFixed(1)} s` +
      (result.migrationsApplied.length ? `; migrations applied: ${result.migrationsApplied.join(', ')}` : ''),
  );
  say('Sessions from before the backup need a new sign-in unless JWT_SECRET is the same (ADR 0021).');
}

runCli({
  usage: USAGE,
  commands: { backup, restore },
  failure: (err, message) => {
    const what = process.argv[2] === 'restore' ? 'Restore' : 'Backup';
    return err instanceof BackupFileError || err instanceof RestoreRefusedError
      ? `${what} refused: ${message}\nNothing was changed.\n`
      : err instanceof PgToolMissingError
        ? `${what} failed: ${message}\n`
        : `${what} failed: ${message}${err instanceof Error && err.cause ? `\n  cause: ${String(err.cause)}` : ''}\n`;
  },
});
