/**
 * `npm run backup [-- --dir DIR]` and `npm run restore -- FILE [--force]` (ADR 0021, docs/backups.md),
 * with the off-site copies (ADR 0053): the backup is copied to the bucket when BACKUP_UPLOAD=s3, a
 * restore takes one from there by name (`--from-bucket NAME`, `--list-bucket`), and `--age-keygen`
 * makes the key pair. All read the server's own configuration from the environment.
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
import { finishRun, saveOffsite, startManualRun } from './backups.repository.ts';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { offsiteStoreFromConfig, type OffsiteStore } from './offsite.storage.ts';
import { fetchFromBucket } from './restore-bucket.service.ts';
import type { Database } from '../../db/database.ts';
import { PgToolMissingError } from './pg-tools.lib.ts';
import { restoreBackup, RestoreRefusedError } from './restore.service.ts';
import { databaseToBackUp, databaseToRestore } from './target.lib.ts';

const USAGE = `usage: npm run backup [-- --dir DIR] [--no-upload]
       npm run backup -- --age-keygen IDENTITY_FILE
       npm run restore -- FILE [--force]
       npm run restore -- --from-bucket NAME [--force]
       npm run restore -- --list-bucket`;

const here = path.dirname(fileURLToPath(import.meta.url));
const appVersion = (
  JSON.parse(fs.readFileSync(path.join(here, '../../../../../package.json'), 'utf8')) as { version: string }
).version;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A new age key pair: the identity into a new file (0600), the public key printed for
 * BACKUP_AGE_RECIPIENTS. The identity belongs where restores happen, not on the server (ADR 0053).
 */
async function ageKeygen(file: string): Promise<void> {
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  const text = `# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`;
  try {
    fs.writeFileSync(path.resolve(file), text, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Overwriting an identity would lose every copy made to it.
    throw new UsageError(`${path.resolve(file)} already exists; it was left as it is`);
  }
  say(`Identity written: ${path.resolve(file)} (keep it off the server, with the restore instructions)`);
  say(`Public key, for BACKUP_AGE_RECIPIENTS: ${recipient}`);
}

/** The copy of a backup `npm run backup` made, recorded on its run when there is one. */
async function uploadCopy(
  db: Database,
  runId: number | null,
  store: OffsiteStore,
  file: string,
): Promise<void> {
  const record = (outcome: Parameters<typeof saveOffsite>[2]) =>
    runId === null ? Promise.resolve() : saveOffsite(db, runId, outcome).catch(() => undefined);
  await record({ state: 'uploading', encrypted: store.encrypted });
  let shown = 0;
  try {
    const uploaded = await store.upload(file, (done, total) => {
      if (Date.now() - shown < 1000) return;
      shown = Date.now();
      say(`  uploading: ${megabytes(done)} of ${megabytes(total)}`);
    });
    await record({ state: 'ok', key: uploaded.key, encrypted: uploaded.encrypted });
    const removed = await store.prune();
    say(
      `Copied off-site: ${uploaded.key} (${megabytes(uploaded.bytes)}${uploaded.encrypted ? ', encrypted' : ''}) in ${store.description}` +
        (removed.length ? `; ${removed.length} older copies removed (BACKUP_UPLOAD_KEEP)` : ''),
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await record({ state: 'failed', encrypted: store.encrypted, error: message });
    // The backup itself is good (ADR 0053): said on stderr, and the exit status tells a cron job.
    process.stderr.write(
      `Off-site copy failed: ${store.description}: ${message}\nThe backup on this machine is good.\n`,
    );
    process.exitCode = 1;
  }
}

async function backup(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      dir: { type: 'string' },
      'no-upload': { type: 'boolean', default: false },
      'age-keygen': { type: 'string' },
    },
  });
  if (values['age-keygen'] !== undefined) return ageKeygen(values['age-keygen']);
  const offsite = values['no-upload'] ? null : offsiteStoreFromConfig(config);
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
      if (runId !== null) {
        await finishRun(db, runId, {
          ok: true,
          file: result.file,
          bytes: result.bytes,
          method: result.manifest.database.method,
          ...(result.sha256 ? { sha256: result.sha256 } : {}),
        });
      }
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
      if (offsite) await uploadCopy(db, runId, offsite, result.file);
      else say('Copy it off this machine (docs/backups.md); restore with: npm run restore -- FILE');
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
    offsite?.close();
    fileStore.close();
    await db.destroy().catch(() => undefined);
    await target.close();
  }
}

/** The bucket of the copies, for a restore or a listing (also when this machine does not upload). */
function bucketFor(config: Config): OffsiteStore {
  try {
    return offsiteStoreFromConfig(config, true)!;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** `--list-bucket`: the copies in the backups bucket, oldest first, with what `--from-bucket` takes. */
async function listBucket(config: Config): Promise<void> {
  const store = bucketFor(config);
  try {
    const copies = await store.list();
    say(`${copies.length} copies in ${store.description}:`);
    for (const copy of copies) {
      say(`  ${copy.name}  ${megabytes(copy.bytes)}${copy.encrypted ? '  encrypted' : ''}`);
    }
    if (copies.length) say('Restore one with: npm run restore -- --from-bucket NAME');
  } finally {
    store.close();
  }
}

async function restore(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      force: { type: 'boolean', default: false },
      'from-bucket': { type: 'string' },
      'list-bucket': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values['list-bucket']) return listBucket(config);
  const name = values['from-bucket'];
  if (name !== undefined ? positionals.length !== 0 : positionals.length !== 1) {
    throw new UsageError('restore takes one backup file, or --from-bucket NAME');
  }
  if (name === undefined) return restoreFile(config, path.resolve(positionals[0]!), values.force);
  const store = bucketFor(config);
  try {
    const fetched = await fetchFromBucket({
      store,
      name,
      workDir: config.dataDir,
      identityFile: config.BACKUP_AGE_IDENTITY,
      log,
    });
    try {
      await restoreFile(config, fetched.file, values.force, name);
    } finally {
      await fetched.dispose();
    }
  } finally {
    store.close();
  }
}

async function restoreFile(config: Config, file: string, force: boolean, shownName = path.basename(file)) {
  // Into whichever store is configured: DATA_DIR/files, or the bucket (ADR 0030).
  const fileStore = fileStoreFromConfig(config);
  const result = await restoreBackup({
    file,
    force,
    openTarget: () => databaseToRestore(config, log),
    fileStore,
    workDir: config.dataDir,
    log,
  }).finally(() => fileStore.close());
  const where = config.DATABASE_URL ? 'the database DATABASE_URL names' : `DATA_DIR ${config.dataDir}`;
  say(`Restored ${shownName} into ${where}${result.replaced ? ' (replacing what was there)' : ''}:`);
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
