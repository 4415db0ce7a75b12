import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { LocalFileStore, localFileStore, type FileStore } from '../files/files.storage.ts';
import { copyStore, listStore } from '../files/store-copy.storage.ts';

/**
 * Where a restore puts the backup's stored files (ADR 0021, ADR 0030): the files are extracted into
 * `staging` first, checked on the way; then a directory is swapped in whole after the database, and a
 * bucket is filled before the database, so a failure there leaves the database untouched.
 */
export interface FilesTarget {
  /** Where the files go, for messages. */
  description: string;
  /** The directory the backup's files are extracted into. */
  staging: string;
  hasFiles(): Promise<boolean>;
  beforeDatabase(): Promise<void>;
  /** `replacing`: the target held data before (--force); what it held and the backup does not goes. */
  afterDatabase(replacing: boolean): Promise<void>;
  /** The database could not be restored: take back what beforeDatabase put into an empty target. */
  abandon(): Promise<void>;
  cleanup(): Promise<void>;
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.length > 0;
}

/** DATA_DIR/files, as before object storage: the extracted directory replaces it in two renames. */
function directoryTarget(filesDir: string): FilesTarget {
  const staging = `${filesDir}.restoring-${process.pid}`;
  return {
    description: filesDir,
    staging,
    hasFiles: () => isNonEmptyDir(filesDir),
    beforeDatabase: async () => undefined,
    async afterDatabase() {
      if (await isNonEmptyDir(filesDir)) {
        const aside = `${filesDir}.replaced-${process.pid}`;
        await rename(filesDir, aside);
        await rename(staging, filesDir);
        await rm(aside, { recursive: true, force: true });
      } else {
        await rm(filesDir, { recursive: true, force: true });
        await mkdir(path.dirname(filesDir), { recursive: true });
        await rename(staging, filesDir);
      }
    },
    abandon: async () => undefined,
    cleanup: () => rm(staging, { recursive: true, force: true }),
  };
}

/**
 * A bucket: the extracted files are copied in (copyStore: a key already there with the same size is
 * skipped, so a restore run again after a failure copies only what is missing). Replacing, the objects
 * the backup does not name are removed afterwards: no row of the restored database points at them.
 */
function bucketTarget(store: FileStore, workDir: string, log: { info(msg: string): void }): FilesTarget {
  const staging = path.join(workDir, `.restore-files-${process.pid}`);
  const staged = localFileStore(staging);
  let wasEmpty = false;
  return {
    description: store.description,
    staging,
    async hasFiles() {
      for await (const _file of store.list()) return true;
      wasEmpty = true;
      return false;
    },
    async beforeDatabase() {
      const copied = await copyStore(staged, store);
      log.info(`copied ${copied.copied} files into ${store.description} (${copied.skipped} already there)`);
    },
    async afterDatabase(replacing) {
      if (!replacing) return;
      const kept = await listStore(staged);
      const stale = [...(await listStore(store)).keys()].filter((key) => !kept.has(key));
      await store.remove(stale);
      if (stale.length > 0) log.info(`removed ${stale.length} files the backup does not name`);
    },
    async abandon() {
      if (wasEmpty) await store.remove([...(await listStore(staged)).keys()]);
    },
    cleanup: () => rm(staging, { recursive: true, force: true }),
  };
}

export function filesTarget(
  options: { fileStore?: FileStore | undefined; filesDir?: string | undefined; workDir: string },
  log: { info(msg: string): void },
): FilesTarget {
  const { fileStore } = options;
  if (fileStore instanceof LocalFileStore) return directoryTarget(fileStore.dir);
  if (fileStore) return bucketTarget(fileStore, options.workDir, log);
  if (options.filesDir) return directoryTarget(options.filesDir);
  throw new Error('a restore needs where the files go (fileStore or filesDir)');
}
