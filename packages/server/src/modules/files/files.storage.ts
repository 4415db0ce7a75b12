import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { access, constants, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files are kept (ADR 0030): a directory (`STORAGE=local`, DATA_DIR/files) or an
 * S3-compatible bucket (`STORAGE=s3`, s3.storage.ts). Both take the same storage keys, chosen here and
 * never from an upload, so a key can be joined to a directory or used as an object name safely.
 */
export const STORAGE_KEY = /^[a-z]+\/[0-9a-f]{2}\/[0-9a-f]{32}$/;

export type FileKind = 'audio' | 'photo' | 'import';

/** A stored file ready to send: its length (the Content-Length) and its bytes. */
export interface OpenedFile {
  size: number;
  stream: Readable;
  /** When it was written, where the store knows (a backup's tar header carries it). */
  modified?: Date;
}

export interface ListedFile {
  key: string;
  size: number;
}

export interface FileStore {
  readonly driver: 'local' | 's3';
  /** Where the files are, for messages and logs: a directory, or `s3://bucket at endpoint` (no secrets). */
  readonly description: string;
  /** Writes the bytes under a new random key and answers it (`photo/ab/ab12…`). */
  store(kind: FileKind, bytes: Buffer): Promise<string>;
  /** Writes the bytes under a key chosen elsewhere (a migration or a restore copying a store). */
  write(key: string, bytes: Buffer): Promise<void>;
  /** The file's size and bytes; null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** The file's size; null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Best-effort removal (after the rows are gone): a missing file is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every stored file with a storage key's shape, in no particular order. */
  list(): AsyncIterable<ListedFile>;
  /** Lets go of connections (a bucket's), so a command-line run can end. */
  close(): void;
  /** Throws when the store cannot be used now: the directory not writable, the bucket not answering (readiness, ADR 0051). */
  check(): Promise<void>;
}

export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** A new random key of this kind: 128 bits, the first two hex digits a directory of their own. */
export function newStorageKey(kind: FileKind): string {
  const name = randomBytes(16).toString('hex');
  return `${kind}/${name.slice(0, 2)}/${name}`;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** A directory's entries, or none when it does not exist (an empty store). */
async function entries(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (err) {
    if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw err;
  }
}

/** The store as it has always been: files on disk under `dir`, 0640, written once under new names. */
export class LocalFileStore implements FileStore {
  readonly driver = 'local';
  readonly dir: string;
  readonly description: string;

  constructor(dir: string) {
    this.dir = dir;
    this.description = dir;
  }

  pathOf(key: string): string {
    return path.join(this.dir, ...checkKey(key).split('/'));
  }

  async store(kind: FileKind, bytes: Buffer): Promise<string> {
    const key = newStorageKey(kind);
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: 'wx', mode: 0o640 });
    return key;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Whole or not at all: a reader never sees half a file under its final name.
    const partial = `${target}.partial-${process.pid}`;
    await writeFile(partial, bytes, { mode: 0o640 });
    await rename(partial, target);
  }

  async open(key: string): Promise<OpenedFile | null> {
    let fh;
    try {
      fh = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const { size, mtime } = await fh.stat();
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return { size, modified: mtime, stream: fh.createReadStream() };
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true }).catch(() => undefined)));
  }

  /** `<kind>/<xx>/<name>` three levels down; anything else in the directory is not ours and is left out. */
  async *list(): AsyncIterable<ListedFile> {
    for (const kind of await entries(this.dir)) {
      for (const prefix of await entries(path.join(this.dir, kind))) {
        for (const name of await entries(path.join(this.dir, kind, prefix))) {
          const key = `${kind}/${prefix}/${name}`;
          if (!STORAGE_KEY.test(key)) continue;
          const size = await this.size(key);
          if (size !== null) yield { key, size };
        }
      }
    }
  }

  /** Nothing to let go of: files are opened per request. */
  close(): void {}

  /** The directory exists and may be written (it is made on the first upload, so a missing one is fine). */
  async check(): Promise<void> {
    try {
      await access(this.dir, constants.W_OK);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await access(path.dirname(this.dir), constants.W_OK);
    }
  }
}

export function localFileStore(dir: string): LocalFileStore {
  return new LocalFileStore(dir);
}
