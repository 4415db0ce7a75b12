import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir, killAll, startServer } from '../../test/server-process.ts';
import { startTestS3, TEST_S3_SECRET, type TestS3 } from '../modules/files/s3.test-kit.ts';

/**
 * STORAGE=s3 at start (ADR 0030): settings missing, or a bucket that cannot be used, stop the real
 * server process with one message naming what to change, before a database is made, and the secret
 * never appears in what it prints.
 */

let s3: TestS3;
const dataDirs: string[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  killAll(dataDirs);
  await s3.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const dataDir = freshDataDir('ayar-s3-start-');
  dataDirs.push(dataDir);
  const run = startServer({ DATA_DIR: dataDir, ...env });
  const code = await run.exited;
  return { code, output: run.output(), dataDir };
}

describe('starting with STORAGE=s3', () => {
  it('names every missing S3 setting', async () => {
    const { code, output } = await start({ STORAGE: 's3', S3_BUCKET: 'ayar-files' });
    expect(code).toBe(1);
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(output).toContain(`- ${name}: is required when STORAGE=s3`);
    }
    expect(output).not.toContain('- S3_BUCKET:');
  });

  it('refuses S3 settings without STORAGE (the photos would go to the disk)', async () => {
    const { STORAGE: _storage, ...rest } = s3.env;
    const { code, output } = await start(rest);
    expect(code).toBe(1);
    expect(output).toContain('- STORAGE: S3_BUCKET is set but STORAGE is not');
  });

  it('stops before making a database when the bucket does not exist', async () => {
    const { code, output, dataDir } = await start({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(code).toBe(1);
    expect(output).toContain(
      `Ayar could not start: the bucket no-such-bucket does not exist at ${s3.settings.endpoint}.`,
    );
    expect(output).toContain('What to do: create it');
    expect(output).not.toContain(TEST_S3_SECRET);
    expect(fs.existsSync(`${dataDir}/pg`)).toBe(false);
  });
});
