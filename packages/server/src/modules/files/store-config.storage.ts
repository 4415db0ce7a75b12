import path from 'node:path';
import type { Config } from '../../config.ts';
import { localFileStore, type FileStore } from './files.storage.ts';
import { StartupError } from '../../startup/errors.ts';
import { bucketProblem, S3FileStore, type S3Settings } from './s3.storage.ts';

/** The settings the stores are made from (loadConfig has checked that STORAGE=s3 has every S3_*). */
export type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'dataDir'
>;

/** DATA_DIR/files: the local store, and what storage:migrate copies from. */
export const localFilesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'files');

export function s3Settings(config: StorageConfig): S3Settings {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    endpoint: S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The store the configuration names: one per process, shared by the routes, the sweep and backups. */
export function fileStoreFromConfig(config: StorageConfig): FileStore {
  return config.STORAGE === 's3'
    ? new S3FileStore(s3Settings(config))
    : localFileStore(localFilesDir(config));
}

/**
 * STORAGE=s3: the bucket exists and the key may use it. Checked like Redis and the database, so a
 * wrong endpoint, bucket or key stops the start with one message rather than failing every upload.
 */
export async function checkObjectStore(config: StorageConfig): Promise<void> {
  const store = new S3FileStore(s3Settings(config));
  try {
    await store.check();
  } catch (err) {
    const problem = bucketProblem(err, store);
    throw new StartupError(problem.message, problem.hint, { cause: err });
  } finally {
    store.close();
  }
}
