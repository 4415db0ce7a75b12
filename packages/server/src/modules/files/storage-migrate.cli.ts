/**
 * `npm run storage:migrate [-- --from DIR]` (ADR 0030): copies the local store (DATA_DIR/files, or DIR)
 * into the bucket STORAGE=s3 and the S3_* settings name. Idempotent: a file already in the bucket
 * with the same size is skipped, so it can run while the server still uses the directory, and once
 * more after it is stopped, before it starts again with STORAGE=s3. Exits 0 when every file is in the
 * bucket, 1 when one could not be copied (run it again: what is there is skipped), 2 on bad usage.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { localFileStore } from './files.storage.ts';
import { bucketProblem, S3FileStore } from './s3.storage.ts';
import { copyStore, type CopyProgress } from './store-copy.storage.ts';
import { localFilesDir, s3Settings } from './store-config.storage.ts';

const USAGE = 'usage: STORAGE=s3 S3_…=… npm run storage:migrate [-- --from DIR]';
/** How often progress is printed while copying, at most. */
const PROGRESS_EVERY_MS = 1000;

class UsageError extends Error {}

const say = (line: string) => process.stdout.write(`${line}\n`);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progressLine(p: CopyProgress): string {
  return (
    `  ${p.done}/${p.total} files: ${p.copied} copied (${megabytes(p.bytes)} of ${megabytes(p.totalBytes)}), ` +
    `${p.skipped} already there${p.vanished ? `, ${p.vanished} removed meanwhile` : ''}`
  );
}

async function readSettings(args: string[]) {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
  if (config.STORAGE !== 's3') {
    throw new UsageError(
      'storage:migrate copies the files into the bucket STORAGE=s3 names: set STORAGE=s3 and ' +
        'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (README "Object storage").',
    );
  }
  const from = path.resolve(values.from ?? localFilesDir(config));
  const isDir = await stat(from).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new UsageError(`there is no files directory at ${from} (set DATA_DIR, or --from DIR)`);
  return { from, settings: s3Settings(config) };
}

async function main(): Promise<void> {
  const { from, settings } = await readSettings(process.argv.slice(2));
  const target = new S3FileStore(settings);
  try {
    await target.check().catch((err: unknown) => {
      const problem = bucketProblem(err, target);
      throw new Error(`${problem.message}\n  What to do: ${problem.hint}`, { cause: err });
    });
    say(`Copying ${from} into ${target.description}`);
    let printed = 0;
    const result = await copyStore(localFileStore(from), target, (p) => {
      if (Date.now() - printed < PROGRESS_EVERY_MS && p.done < p.total) return;
      printed = Date.now();
      say(progressLine(p));
    });
    say(
      `Done: ${result.total} files; ${result.copied} copied (${megabytes(result.bytes)}), ` +
        `${result.skipped} already there${result.vanished ? `, ${result.vanished} removed by the sweep meanwhile` : ''}.`,
    );
  } finally {
    target.close();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof UsageError) {
    process.stderr.write(`${message}\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `storage:migrate failed: ${message}\n  Run it again: the files already in the bucket are skipped.\n`,
  );
  process.exit(1);
});
