import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files on disk under the files directory (DATA_DIR/files). Names are random and chosen
 * here, never taken from the upload, so a storage key can be joined to the directory safely.
 */
const KEY_PATTERN = /^[a-z]+\/[0-9a-f]{2}\/[0-9a-f]{32}$/;

function resolveKey(filesDir: string, key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  return path.join(filesDir, ...key.split('/'));
}

/** Writes the bytes under a new random name; returns the storage key (`audio/ab/ab12…`). */
export async function storeFile(filesDir: string, kind: 'audio' | 'photo', bytes: Buffer): Promise<string> {
  const name = randomBytes(16).toString('hex');
  const key = `${kind}/${name.slice(0, 2)}/${name}`;
  const target = resolveKey(filesDir, key);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes, { flag: 'wx', mode: 0o640 });
  return key;
}

export function openStoredFile(filesDir: string, key: string): ReadStream {
  return createReadStream(resolveKey(filesDir, key));
}

export async function storedFileSize(filesDir: string, key: string): Promise<number> {
  return (await stat(resolveKey(filesDir, key))).size;
}

/** Best-effort removal (after the rows are gone): a missing file is not an error. */
export async function removeStoredFiles(filesDir: string, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => rm(resolveKey(filesDir, key), { force: true }).catch(() => undefined)));
}
