import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3FileStore, type S3Settings } from './s3.storage.ts';

/**
 * An S3-protocol server of the tests' own (s3rver, from npm) on 127.0.0.1 and a free port, keeping
 * its objects in a temporary directory: the S3 driver is tested against real HTTP, signatures and
 * XML, with no network beyond the loopback (ADR 0030).
 */
export interface TestS3 {
  settings: S3Settings;
  /** A store on the test bucket. */
  store: S3FileStore;
  /** The environment that names this bucket (STORAGE=s3 and every S3_*), for the CLIs. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The one access key id s3rver knows (another is refused, 403). It does not verify SigV4 signatures, so
 * the secret is free: a distinctive one, which the tests look for in what must never show it.
 */
const ACCESS_KEY = 'S3RVER';
export const TEST_S3_SECRET = 'test-s3-secret-never-printed';
const BUCKET = 'ayar-test';

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: TEST_S3_SECRET,
    forcePathStyle: true,
  };
  const store = new S3FileStore(settings);
  return {
    settings,
    store,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: TEST_S3_SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      store.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
