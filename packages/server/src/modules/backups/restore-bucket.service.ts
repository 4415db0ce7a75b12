import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { AgeKeyError, decryptFile, isAgeFile, readIdentityFile } from './age.lib.ts';
import { OFFSITE_NAME, type OffsiteStore } from './offsite.storage.ts';
import { RestoreRefusedError } from './restore.service.ts';

export interface FetchedBackup {
  /** The plain backup file, ready for `restoreBackup`. */
  file: string;
  encrypted: boolean;
  /** Removes the downloaded files. */
  dispose(): Promise<void>;
}

/**
 * Downloads a copy by name from the backups bucket into a private directory under `workDir`, and
 * decrypts it with the identity file when it is an age file (told by its first bytes, ADR 0053). The
 * tar's own checks follow in the restore: this only gets the bytes back.
 */
export async function fetchFromBucket(options: {
  store: OffsiteStore;
  name: string;
  workDir: string;
  identityFile: string | undefined;
  log: { info(msg: string): void };
}): Promise<FetchedBackup> {
  const { store, name } = options;
  if (!OFFSITE_NAME.test(name)) {
    throw new RestoreRefusedError(
      `${name} is not the name of a backup copy (ayar-YYYYMMDD-HHMMSSZ.tar or .tar.age); npm run restore -- --list-bucket lists them`,
    );
  }
  // 0700, under DATA_DIR: the plain file holds what the backup holds.
  await mkdir(options.workDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(options.workDir, '.restore-bucket-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const downloaded = path.join(dir, name);
    options.log.info(`downloading ${name} from ${store.description}`);
    const got = await store.download(name, downloaded);
    if (!got) {
      throw new RestoreRefusedError(
        `the bucket has no copy named ${name} (${store.description}); npm run restore -- --list-bucket lists them`,
      );
    }
    if (!(await isAgeFile(downloaded))) {
      return { file: downloaded, encrypted: false, dispose };
    }
    const identities = await readIdentityFile(options.identityFile);
    const plain = path.join(dir, `plain-${name.replace(/\.age$/, '')}`);
    options.log.info(`decrypting ${name} (${got.bytes} bytes) with the identity in BACKUP_AGE_IDENTITY`);
    await decryptFile(downloaded, plain, identities).catch((err: unknown) => {
      if (err instanceof AgeKeyError) throw err;
      throw new RestoreRefusedError(
        `${name} could not be decrypted: it is damaged or cut short (${(err as Error).message})`,
      );
    });
    await rm(downloaded, { force: true });
    return { file: plain, encrypted: true, dispose };
  } catch (err) {
    await dispose();
    if (err instanceof AgeKeyError) throw new RestoreRefusedError(err.message);
    throw err;
  }
}
