import type { Readable } from 'node:stream';
import type { FileStore } from './files.storage.ts';

/** Where a copy of one store into another stands: files looked at of all, and what became of them. */
export interface CopyProgress {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  /** Bytes of every file in the source. */
  totalBytes: number;
  copied: number;
  /** Bytes copied (skipped files not counted). */
  bytes: number;
  /** Already in the target with the same size: copied by an earlier run. */
  skipped: number;
  /** Listed in the source but gone when read (the unused-file sweep removed them meanwhile). */
  vanished: number;
}

/** Files copied at once: each is small (a photo, a thumbnail), so the round trips are what costs. */
const CONCURRENCY = 4;

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file of a store, with its size, by key. */
export async function listStore(store: FileStore): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  for await (const file of store.list()) files.set(file.key, file.size);
  return files;
}

/**
 * Copies every file of `from` into `to` under the same key (storage:migrate, and a restore into a
 * bucket). Idempotent: a key the target already holds with the same size is skipped, since keys are
 * random and a stored file is never changed; a run that stopped half-way is simply run again. The
 * target is listed once up front (one request per thousand objects) rather than asked per file.
 */
export async function copyStore(
  from: FileStore,
  to: FileStore,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyProgress> {
  const present = await listStore(to);
  const source = [...(await listStore(from))].sort(([a], [b]) => (a < b ? -1 : 1));
  const progress: CopyProgress = {
    done: 0,
    total: source.length,
    totalBytes: source.reduce((sum, [, size]) => sum + size, 0),
    copied: 0,
    bytes: 0,
    skipped: 0,
    vanished: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < source.length) {
      const [key, size] = source[next++]!;
      if (present.get(key) === size) progress.skipped++;
      else {
        const opened = await from.open(key);
        if (!opened) progress.vanished++;
        else {
          const bytes = await readAll(opened.stream);
          if (bytes.length !== opened.size) throw new Error(`${key} changed size while it was being read`);
          await to.write(key, bytes);
          progress.copied++;
          progress.bytes += bytes.length;
        }
      }
      progress.done++;
      onProgress(progress);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, source.length) }, worker));
  return progress;
}
