/**
 * The off-site copies of backups in an S3-compatible bucket (ADR 0053): one object per backup,
 * `<prefix><backup file name>` (`.age` added when encrypted), its own retention, and the download a
 * restore from the bucket starts with. Only names this code writes under the prefix are listed or
 * removed, so a bucket shared with the photos (S3_BUCKET) or anything else is left alone.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../files/s3.storage.ts';
import { byteCounter, encryptFile } from './age.lib.ts';

/** What a backup's copy is named: the file's own name, `.age` when encrypted. */
export const OFFSITE_NAME = /^ayar-\d{8}-\d{6}Z(?:-\d+)?\.tar(?:\.age)?$/;
const ATTEMPTS = 3;

export interface OffsiteSettings extends S3Settings {
  /** `backups/`: ends with `/`. */
  prefix: string;
  /** Copies kept, the newest. */
  keep: number;
  /** age public keys; empty: copies are not encrypted. */
  recipients: readonly string[];
}

export interface OffsiteObject {
  /** The name under the prefix (`ayar-20261123-233000Z.tar.age`), what `--from-bucket` takes. */
  name: string;
  key: string;
  bytes: number;
  modified: Date | null;
  encrypted: boolean;
}

export interface UploadResult {
  key: string;
  bytes: number;
  encrypted: boolean;
}

const errorName = (err: unknown) => (err as { name?: string }).name;

export class OffsiteStore {
  readonly settings: OffsiteSettings;
  readonly description: string;
  private readonly client: S3Client;

  constructor(settings: OffsiteSettings) {
    this.settings = settings;
    this.description = `s3://${settings.bucket}/${settings.prefix} at ${settings.endpoint}`;
    // The files' client (ADR 0030), but a streamed body cannot be sent twice by the SDK: `upload`
    // retries itself from the file; and the SDK would print its own line for a failed streamed
    // request, where ours is logged and recorded.
    this.client = s3Client(settings, {
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
  }

  get encrypted(): boolean {
    return this.settings.recipients.length > 0;
  }

  keyOf(name: string): string {
    if (!OFFSITE_NAME.test(name)) throw new Error(`not the name of a backup copy: ${name}`);
    return `${this.settings.prefix}${name}`;
  }

  /**
   * Copies a finished, checked backup file up (encrypted when recipients are set), streamed with its
   * length known up front; up to three attempts, each from the file again. The object's size is then
   * checked against what was sent.
   */
  async upload(
    file: string,
    onBytes: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadResult> {
    const plainBytes = (await stat(file)).size;
    const key = this.keyOf(`${path.basename(file)}${this.encrypted ? '.age' : ''}`);
    let lastError: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      signal?.throwIfAborted();
      try {
        const body = this.encrypted
          ? await encryptFile(file, plainBytes, this.settings.recipients)
          : { stream: createReadStream(file), bytes: plainBytes };
        const counted = body.stream.pipe(byteCounter((done) => onBytes(done, body.bytes)));
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: key,
            Body: counted,
            ContentLength: body.bytes,
            ContentType: 'application/octet-stream',
          }),
          signal ? { abortSignal: signal } : {},
        );
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
        );
        if (head.ContentLength !== body.bytes) {
          throw new Error(`the bucket holds ${head.ContentLength} bytes of ${key}, ${body.bytes} were sent`);
        }
        return { key, bytes: body.bytes, encrypted: this.encrypted };
      } catch (err) {
        lastError = err;
        if (signal?.aborted) break;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  /** The copies under the prefix, oldest first (names sort by their UTC time). */
  async list(): Promise<OffsiteObject[]> {
    const found: OffsiteObject[] = [];
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.settings.bucket, Prefix: this.settings.prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.settings.prefix.length) ?? '';
        if (!object.Key || !OFFSITE_NAME.test(name)) continue;
        found.push({
          name,
          key: object.Key,
          bytes: object.Size ?? 0,
          modified: object.LastModified ?? null,
          encrypted: name.endsWith('.age'),
        });
      }
    }
    return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Keeps the newest `keep` copies and removes the older ones; answers the keys removed. */
  async prune(keep = this.settings.keep): Promise<string[]> {
    const copies = await this.list();
    const removed = copies.slice(0, Math.max(0, copies.length - keep)).map((c) => c.key);
    for (const key of removed) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    }
    return removed;
  }

  /** Downloads a copy by name into `to` (0600); null when there is no such copy. */
  async download(
    name: string,
    to: string,
    onBytes?: (done: number) => void,
  ): Promise<{ bytes: number } | null> {
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(name) }),
      );
    } catch (err) {
      if (errorName(err) === 'NoSuchKey' || errorName(err) === 'NotFound') return null;
      throw err;
    }
    if (!(answer.Body instanceof Readable)) throw new Error('the object store answered without a body');
    try {
      await pipeline(
        answer.Body,
        byteCounter((done) => onBytes?.(done)),
        createWriteStream(to, { flags: 'wx', mode: 0o600 }),
      );
    } catch (err) {
      await rm(to, { force: true });
      throw err;
    }
    const bytes = (await stat(to)).size;
    if (answer.ContentLength !== undefined && bytes !== answer.ContentLength) {
      await rm(to, { force: true });
      throw new Error(`the download of ${name} was cut short (${bytes} of ${answer.ContentLength} bytes)`);
    }
    return { bytes };
  }

  close(): void {
    this.client.destroy();
  }
}

/** The settings the copies need (loadConfig has checked that BACKUP_UPLOAD=s3 has them). */
export interface OffsiteConfig {
  BACKUP_UPLOAD: 'none' | 's3';
  BACKUP_S3_BUCKET?: string | undefined;
  BACKUP_S3_PREFIX: string;
  BACKUP_UPLOAD_KEEP: number;
  BACKUP_AGE_RECIPIENTS?: string[] | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * The bucket of the copies, from the configuration; null without BACKUP_UPLOAD=s3. `force` makes one
 * for a restore or a listing even when the server does not upload (the bucket is still named).
 */
export function offsiteStoreFromConfig(config: OffsiteConfig, force = false): OffsiteStore | null {
  if (config.BACKUP_UPLOAD !== 's3' && !force) return null;
  const bucket = config.BACKUP_S3_BUCKET ?? config.S3_BUCKET;
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !bucket || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'the backups bucket needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and BACKUP_S3_BUCKET (or S3_BUCKET)',
    );
  }
  return new OffsiteStore({
    endpoint: S3_ENDPOINT,
    region: config.S3_REGION,
    bucket,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.BACKUP_S3_PREFIX,
    keep: config.BACKUP_UPLOAD_KEEP,
    recipients: config.BACKUP_AGE_RECIPIENTS ?? [],
  });
}
