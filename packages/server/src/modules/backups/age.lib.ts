/**
 * Encryption of off-site copies to age public keys (ADR 0053), with `age-encryption` (typage, by age's
 * author): streamed in age's 64 KiB chunks, so a backup of any size passes through a few chunks of
 * memory. The server holds only public keys; the identity is read where restores happen.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';

/** Every age file begins so (age-encryption.org/v1): an encrypted copy is told by its bytes, not its name. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

/** A restore that cannot decrypt: no identity, an unreadable one, or not the key the copy was made to. */
export class AgeKeyError extends Error {}

export interface EncryptedStream {
  stream: Readable;
  /** The ciphertext's exact length, known before a byte is read (the upload's Content-Length). */
  bytes: number;
}

/** `file` encrypted to `recipients` (`age1…`), as a stream of known length. */
export async function encryptFile(file: string, plainBytes: number, recipients: readonly string[]) {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const source = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  const encrypted = await encrypter.encrypt(source);
  return {
    stream: Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>),
    bytes: encrypted.size(plainBytes),
  } satisfies EncryptedStream;
}

/** Whether the file starts as an age file does. */
export async function isAgeFile(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(AGE_MAGIC);
  } finally {
    await fh.close();
  }
}

/**
 * The identities in an identity file as `age-keygen` writes it (comments, then `AGE-SECRET-KEY-1…`
 * lines). The key itself never appears in an error.
 */
export async function readIdentityFile(file: string | undefined): Promise<string[]> {
  if (!file) {
    throw new AgeKeyError(
      'this copy is encrypted: set BACKUP_AGE_IDENTITY to the file holding its age identity (AGE-SECRET-KEY-1…); it is kept off the server (docs/backups.md)',
    );
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new AgeKeyError(
      `cannot read the identity file BACKUP_AGE_IDENTITY names (${file}): ${(err as Error).message}`,
    );
  }
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
  if (keys.length === 0) {
    throw new AgeKeyError(
      `${file} holds no age identity (a line AGE-SECRET-KEY-1…): give the file age-keygen or npm run backup -- --age-keygen wrote`,
    );
  }
  return keys;
}

/** Counts the bytes that pass (an upload's or a download's progress). */
export function byteCounter(onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      onBytes(total);
      done(null, chunk);
    },
  });
}

/**
 * Decrypts `from` into `to` (created 0600) with the identities; a wrong identity is an AgeKeyError
 * saying so, a damaged file the library's error.
 */
export async function decryptFile(from: string, to: string, identities: readonly string[]): Promise<void> {
  const decrypter = new Decrypter();
  for (const identity of identities) {
    try {
      decrypter.addIdentity(identity);
    } catch {
      throw new AgeKeyError('the identity file holds a line that is not a valid age identity');
    }
  }
  const source = Readable.toWeb(createReadStream(from)) as unknown as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(source);
  } catch (err) {
    if (/no identity matched/.test((err as Error).message)) {
      throw new AgeKeyError(
        'the identity in BACKUP_AGE_IDENTITY does not open this copy: it was encrypted to other public keys (BACKUP_AGE_RECIPIENTS when it was made)',
      );
    }
    throw err;
  }
  await pipeline(
    Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>),
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
}
