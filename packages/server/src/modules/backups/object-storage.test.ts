import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.ts';
import { createUser } from '../../../test/helpers.ts';
import { S3FileStore } from '../files/s3.storage.ts';
import { listStore } from '../files/store-copy.storage.ts';
import { startTestS3, type TestS3 } from '../files/s3.test-kit.ts';
import { storedBytes } from '../files/files.test-kit.ts';
import { createBackup } from './create-backup.service.ts';
import { restoreBackup, RestoreRefusedError } from './restore.service.ts';
import { scratchDatabases } from './roundtrip.test-kit.ts';
import { tarEntries } from './tar.lib.ts';

/**
 * Backups with STORAGE=s3 (ADR 0030): the files are read from the bucket into the backup file, and a
 * restore puts them into whichever store is configured. A bucket that cannot be read fails the backup:
 * a backup never leaves photos out without saying so.
 */

const quiet = { info() {}, warn() {} };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-bk-s3-'));
let scratch: Awaited<ReturnType<typeof scratchDatabases>>;
let db: Database;
let source: TestS3;
let target: TestS3;
const keys: string[] = [];

beforeAll(async () => {
  scratch = await scratchDatabases();
  db = createDatabase(scratch.source, 2);
  [source, target] = await Promise.all([startTestS3(), startTestS3()]);
  const owner = await createUser(db);
  for (let i = 0; i < 3; i++) {
    const [full, thumb] = [randomBytes(4000 + i), randomBytes(500 + i)];
    const storageKey = await source.store.store('photo', full);
    const thumbnailKey = await source.store.store('photo', thumb);
    keys.push(storageKey, thumbnailKey);
    await db
      .insertInto('files')
      .values({
        kind: 'photo',
        storageKey,
        thumbnailKey,
        mime: 'image/jpeg',
        sizeBytes: full.length,
        ownerId: owner.id,
      })
      .execute();
  }
});
afterAll(async () => {
  await db.destroy();
  await scratch.drop();
  await Promise.all([source.close(), target.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const backUp = (fileStore: S3FileStore) =>
  createBackup({
    databaseUrl: scratch.source,
    method: 'copy',
    source: 'external',
    fileStore,
    dir: path.join(dir, 'backups'),
    appVersion: 'test',
  });

describe('a backup with the files in a bucket', () => {
  it('holds every file read from the bucket; a restore fills an empty bucket with the same bytes', async () => {
    const backup = await backUp(source.store);
    expect(backup.manifest.files).toMatchObject({ count: keys.length, missing: [] });
    const fh = await fs.promises.open(backup.file, 'r');
    const names: string[] = [];
    try {
      for await (const entry of tarEntries(fh, (await fh.stat()).size)) names.push(entry.name);
    } finally {
      await fh.close();
    }
    for (const key of keys) expect(names).toContain(`files/${key}`);

    const dataDir = path.join(dir, 'restored');
    fs.mkdirSync(dataDir);
    const options = {
      file: backup.file,
      force: false,
      openTarget: async () => ({ url: scratch.target, source: 'external' as const, close: async () => {} }),
      fileStore: target.store,
      workDir: dataDir,
      log: quiet,
    };
    const restored = await restoreBackup(options);
    expect(restored.files).toBe(keys.length);
    expect([...(await listStore(target.store)).keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect((await storedBytes(target.store, key)).equals(await storedBytes(source.store, key))).toBe(true);
    }
    // Nothing of the restore's own is left beside the data.
    expect(fs.readdirSync(dataDir)).toEqual([]);

    // The bucket now holds files: replacing them needs --force, which also removes what the backup
    // does not name (no restored row points at it).
    await expect(restoreBackup(options)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(options)).rejects.toThrow(`files in ${target.store.description}`);
    const stray = await target.store.store('audio', Buffer.from('not in the backup'));
    await target.store.remove([keys[0]!]);
    const replaced = await restoreBackup({ ...options, force: true });
    expect(replaced.replaced).toBe(true);
    expect([...(await listStore(target.store)).keys()].sort()).toEqual([...keys].sort());
    expect(await target.store.size(stray)).toBeNull();
  });

  it('a file the sweep removed meanwhile is named as missing; a bucket that cannot be read fails it', async () => {
    const gone = keys.at(-1)!;
    await source.store.remove([gone]);
    const backup = await backUp(source.store);
    expect(backup.manifest.files.missing).toEqual([gone]);
    expect(backup.manifest.files.count).toBe(keys.length - 1);

    const unreadable = new S3FileStore({ ...source.settings, bucket: 'no-such-bucket' });
    try {
      await expect(backUp(unreadable)).rejects.toThrow();
    } finally {
      unreadable.close();
    }
    // Only the good backups are there: the failed one left no file, not even a partial one.
    const left = fs.readdirSync(path.join(dir, 'backups'));
    expect(left.filter((name) => !/^ayar-\d{8}-\d{6}Z(-\d+)?\.tar$/.test(name))).toEqual([]);
    expect(left).toHaveLength(2);
  });
});
