import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import {
  STORAGE_KEY,
  checkKey,
  newStorageKey,
  type FileKind,
  type FileStore,
  type ListedFile,
  type OpenedFile,
} from './files.storage.ts';

/** An S3-compatible bucket (STORAGE=s3): MinIO, Ceph RGW, a cloud's object storage (ADR 0030). */
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what MinIO and Ceph need by default. */
  forcePathStyle: boolean;
}

/** Deletes in flight at once: a sweep's batch is up to 200 objects, each its own small request. */
const DELETE_CONCURRENCY = 8;

/** The client of a bucket; `overrides` change what one use needs otherwise (a backup's streamed upload). */
export function s3Client(settings: S3Settings, overrides: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default since 3.729 adds CRC32 checksums (and aws-chunked uploads) to every request,
    // which MinIO before 2024, Ceph RGW and several clouds' S3 refuse or ignore. Only where S3 itself
    // requires one (none of the calls made here) is a checksum sent or checked.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A bucket that does not answer fails a request in seconds instead of holding it for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    ...overrides,
  });
}

const status = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const errorName = (err: unknown) => (err as { name?: string }).name;

/**
 * A missing object, told apart from a missing bucket: a bucket that is not there is a configuration
 * error to report, never a file to treat as gone. HEAD answers have no body, hence `NotFound`.
 */
const isMissingObject = (err: unknown) => errorName(err) === 'NoSuchKey' || errorName(err) === 'NotFound';

export class S3FileStore implements FileStore {
  readonly driver = 's3';
  readonly description: string;
  readonly bucket: string;
  readonly endpoint: string;
  readonly client: S3Client;

  constructor(settings: S3Settings, client = s3Client(settings)) {
    this.bucket = settings.bucket;
    this.endpoint = settings.endpoint;
    this.client = client;
    this.description = `s3://${settings.bucket} at ${settings.endpoint}`;
  }

  async store(kind: FileKind, bytes: Buffer): Promise<string> {
    const key = newStorageKey(kind);
    await this.write(key, bytes);
    return key;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    // A Buffer, not a stream: its length and signature are known up front, which every S3 takes.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: bytes }));
  }

  async open(key: string): Promise<OpenedFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error('the object store answered without a body or length');
      }
      return {
        size: answer.ContentLength,
        stream: answer.Body,
        ...(answer.LastModified ? { modified: answer.LastModified } : {}),
      };
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  /**
   * One DeleteObject per key rather than DeleteObjects: that one requires a checksum header, which
   * S3-compatible services disagree about (MD5 or CRC32), while deleting a missing object is a success
   * everywhere.
   */
  async remove(keys: readonly string[]): Promise<void> {
    const queue = keys.map(checkKey);
    const worker = async () => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        await this.client
          .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
          .catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  async *list(): AsyncIterable<ListedFile> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && STORAGE_KEY.test(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
      }
    }
  }

  close(): void {
    this.client.destroy();
  }

  /** The bucket exists and these credentials may use it (the start checks this before serving). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

/** Why the bucket cannot be used, in a sentence, and what to change; for the start and the CLIs. */
export function bucketProblem(err: unknown, store: S3FileStore): { message: string; hint: string } {
  const code = status(err);
  const name = errorName(err) ?? '';
  const detail = err instanceof Error ? err.message || name : String(err);
  if (code === 404 || name === 'NoSuchBucket' || name === 'NotFound') {
    return {
      message: `the bucket ${store.bucket} does not exist at ${store.endpoint}.`,
      hint: 'create it (mc mb, s3cmd mb, or the cloud panel), or correct S3_BUCKET.',
    };
  }
  if (code === 403 || code === 401 || /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch/.test(name)) {
    return {
      message: `the object store refused the credentials for ${store.description} (${name || code}).`,
      hint: 'check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that this key may read and write the bucket.',
    };
  }
  return {
    message: `the object store ${store.description} does not answer (${detail}).`,
    hint: 'check S3_ENDPOINT (scheme, host and port), S3_FORCE_PATH_STYLE, and that this machine can reach it.',
  };
}
