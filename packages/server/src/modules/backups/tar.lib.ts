import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

/**
 * The backup file is a plain POSIX tar (ustar), so an operator can list or unpack it with `tar`
 * anywhere; written and read here because no tar library is a dependency, and the reader must check
 * every byte against the manifest before anything is restored (ADR 0021).
 */
const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** Sizes of 8 GiB and more do not fit 11 octal digits; GNU tar's base-256 form takes them. */
const OCTAL_LIMIT = 8 ** 11;

/** The backup file cannot be used: damaged, cut short, or not a backup at all. Nothing was changed. */
export class BackupFileError extends Error {}

function writeOctal(header: Buffer, offset: number, width: number, value: number): void {
  header.write(value.toString(8).padStart(width - 1, '0') + '\0', offset, width, 'latin1');
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  writeOctal(h, 100, 8, 0o600);
  writeOctal(h, 108, 8, 0);
  writeOctal(h, 116, 8, 0);
  if (size < OCTAL_LIMIT) writeOctal(h, 124, 12, size);
  else {
    h[124] = 0x80;
    h.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  writeOctal(h, 136, 12, Math.floor(mtime.getTime() / 1000));
  h.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  h.write('0', 156, 1, 'latin1');
  h.write('ustar\0', 257, 6, 'latin1');
  h.write('00', 263, 2, 'latin1');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1');
  return h;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Appends entries to a tar file being written; every entry's SHA-256 is computed on the way. */
export class TarWriter {
  private position = 0;
  private readonly fh: FileHandle;
  /** The whole file's SHA-256 as written: the backups screen checks the file on disk against it. */
  private readonly whole = createHash('sha256');
  private constructor(fh: FileHandle) {
    this.fh = fh;
  }

  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await open(file, 'wx', 0o600));
  }

  get bytesWritten(): number {
    return this.position;
  }

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.fh.write(bytes, done, bytes.length - done, this.position + done);
      done += bytesWritten;
    }
    this.position += bytes.length;
    this.whole.update(bytes);
  }

  /** The SHA-256 of everything written; call once, after `finish`. */
  digest(): string {
    return this.whole.digest('hex');
  }

  async addBuffer(name: string, bytes: Buffer, mtime = new Date()): Promise<string> {
    await this.write(header(name, bytes.length, mtime));
    await this.write(bytes);
    await this.write(Buffer.alloc(padding(bytes.length)));
    return createHash('sha256').update(bytes).digest('hex');
  }

  /**
   * Copies a file in; answers its SHA-256, or null when it does not exist. The size is taken first and
   * the copy must match it: stored files are written once and never changed.
   */
  async addFile(name: string, source: string): Promise<{ sha256: string; bytes: number } | null> {
    let input: FileHandle;
    try {
      input = await open(source, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const { size, mtime } = await input.stat();
      await this.write(header(name, size, mtime));
      const hash = createHash('sha256');
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)));
      let copied = 0;
      while (copied < size) {
        const { bytesRead } = await input.read(buffer, 0, Math.min(buffer.length, size - copied), copied);
        if (bytesRead === 0) throw new Error(`${source} became shorter while it was being copied`);
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await this.write(chunk);
        copied += bytesRead;
      }
      await this.write(Buffer.alloc(padding(size)));
      return { sha256: hash.digest('hex'), bytes: size };
    } finally {
      await input.close();
    }
  }

  /**
   * Copies a stored file in from its stream (the files directory or a bucket, ADR 0030); answers its
   * SHA-256. The header needs the size first, so the stream must give exactly `size` bytes: stored files
   * are written once and never changed, and anything else is an error, never a silently short entry.
   */
  async addStream(
    name: string,
    size: number,
    stream: Readable,
    mtime = new Date(),
  ): Promise<{ sha256: string; bytes: number }> {
    try {
      await this.write(header(name, size, mtime));
      const hash = createHash('sha256');
      let copied = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (copied + chunk.length > size) throw new Error(`${name} became longer while it was being copied`);
        hash.update(chunk);
        await this.write(chunk);
        copied += chunk.length;
      }
      if (copied !== size) throw new Error(`${name} became shorter while it was being copied`);
      await this.write(Buffer.alloc(padding(size)));
      return { sha256: hash.digest('hex'), bytes: size };
    } finally {
      stream.destroy();
    }
  }

  /** The end-of-archive marker, then the data is forced to disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.fh.sync();
    await this.fh.close();
  }

  async abandon(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the file. */
  offset: number;
}

function parseOctal(h: Buffer, offset: number, width: number): number {
  if (h[offset]! & 0x80) return Number(h.readBigUInt64BE(offset + 4));
  const text = h
    .toString('latin1', offset, offset + width)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) return Number.NaN;
  return text === '' ? 0 : parseInt(text, 8);
}

/** The entries of a tar file, checking each header; throws BackupFileError on damage or a cut. */
export async function* tarEntries(fh: FileHandle, fileSize: number): AsyncGenerator<TarEntry> {
  const h = Buffer.alloc(BLOCK);
  let position = 0;
  for (;;) {
    if (position + BLOCK > fileSize) {
      throw new BackupFileError('the backup file is incomplete: it ends before its last part (truncated).');
    }
    await readFully(fh, h, position);
    if (h.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
    const size = parseOctal(h, 124, 12);
    if (sum !== parseOctal(h, 148, 8) || Number.isNaN(size)) {
      throw new BackupFileError(
        `the backup file is damaged at byte ${position} (a part's header is corrupt).`,
      );
    }
    const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const offset = position + BLOCK;
    if (offset + size > fileSize) {
      throw new BackupFileError(`the backup file is incomplete: ${name} is cut short (truncated).`);
    }
    if (h.toString('latin1', 156, 157) === '0' || h[156] === 0) yield { name, size, offset };
    position = offset + size + padding(size);
  }
}

async function readFully(fh: FileHandle, buffer: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesRead } = await fh.read(buffer, done, buffer.length - done, position + done);
    if (bytesRead === 0) throw new BackupFileError('the backup file is incomplete (truncated).');
    done += bytesRead;
  }
}

/** Feeds an entry's bytes to `onChunk` (a hash, a file being written), chunk by chunk. */
export async function readEntry(
  fh: FileHandle,
  entry: TarEntry,
  onChunk: (chunk: Buffer) => void | Promise<void>,
): Promise<void> {
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(entry.size, 1)));
  let done = 0;
  while (done < entry.size) {
    const length = Math.min(buffer.length, entry.size - done);
    const { bytesRead } = await fh.read(buffer, 0, length, entry.offset + done);
    if (bytesRead === 0) throw new BackupFileError('the backup file is incomplete (truncated).');
    await onChunk(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
}
