import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { TEST_TYPES } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import type { Role } from '@ayar/contract';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { localFileStore, type FileStore } from './files.storage.ts';
import { startTestS3, type TestS3 } from './s3.test-kit.ts';

/** Shared by the files module's tests: an app with its own files directory, uploads, images, labs. */

export const ADD_FILE = '/api/v1.0/Tests/AddFile';

export interface FilePart {
  bytes: Buffer;
  /** The form field: `file` or `file[]`. */
  name?: string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body: fields first, then the files, as a browser's FormData sends them. */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
  defaults: Required<Omit<FilePart, 'bytes'>>,
) {
  const boundary = '----ayar-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const { name, filename, type } = { ...defaults, ...file };
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The stores the storage tests run against (ADR 0030): a directory, and a bucket on s3rver. */
export const DRIVERS = ['local', 's3'] as const;
export type Driver = (typeof DRIVERS)[number];

export interface FilesTestContext extends TestContext {
  /** A temporary directory of this app's (removed by close); its store's with the local driver. */
  filesDir: string;
  /** The store this app keeps uploads in. */
  files: FileStore;
  /** The test S3 server, with the s3 driver. */
  s3?: TestS3;
  /** POST /Tests/AddFile with these fields and files; parts take the suite's defaults. */
  upload(
    token: string | null,
    fields: Record<string, string>,
    files: FilePart[],
  ): Promise<LightMyRequestResponse>;
  /** A new active user of this role (a workshop by default), signed in. */
  signedIn(role?: Role): Promise<{ id: string; token: string }>;
}

/**
 * A test app on a fresh database with its own store: a files directory (`local`), or a bucket on an
 * S3 server of its own (`s3`). `part` fills what a file part leaves out.
 */
export async function createFilesTestApp(
  part: Required<Omit<FilePart, 'bytes'>>,
  driver: Driver = 'local',
): Promise<FilesTestContext> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-files-test-'));
  const s3 = driver === 's3' ? await startTestS3() : undefined;
  const files = s3 ? s3.store : localFileStore(filesDir);
  const ctx = await createTestApp({ filesDir, fileStore: files });
  return {
    ...ctx,
    filesDir,
    files,
    ...(s3 ? { s3 } : {}),
    upload(token, fields, files) {
      const body = multipartBody(fields, files, part);
      return ctx.app.inject({
        method: 'POST',
        url: ADD_FILE,
        payload: body.payload,
        headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      });
    },
    async signedIn(role = 'workshop') {
      const user = await createUser(ctx.db, { role });
      return { id: user.id, token: await login(ctx.app, user.username, user.password) };
    },
    close: async () => {
      await ctx.close();
      await s3?.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Whether the store holds a file under this key (null: a row without a thumbnail). */
export async function isStored(files: FileStore, key: string | null): Promise<boolean> {
  return key !== null && (await files.size(key)) !== null;
}

/** The stored bytes under a key, read back through the store. */
export async function storedBytes(files: FileStore, key: string): Promise<Buffer> {
  const opened = await files.open(key);
  if (!opened) throw new Error(`nothing stored under ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A real image made by sharp: a colour gradient-free block of the given size. */
export function image(width: number, height: number, format: 'jpeg' | 'png', extra?: (s: Sharp) => Sharp) {
  const base = sharp({
    create: {
      width,
      height,
      channels: format === 'png' ? 4 : 3,
      background: { r: 200, g: 150, b: 40, alpha: 0.6 },
    },
  });
  const withExtra = extra ? extra(base) : base;
  return format === 'png' ? withExtra.png().toBuffer() : withExtra.jpeg({ quality: 95 }).toBuffer();
}

/** A tiny MP3 as far as sniffing goes: an ID3 header and padding. */
export const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(200, 7),
]);

/** The file id at the end of an address (`/api/v1.0/Files/<id>`). */
export const idOf = (address: string) => address.split('/').at(-1)!;

/** Makes a workshop able to register packets: settings, a range of 1000 numbers from `from`, a customer. */
export async function makeLab(
  db: Database,
  workshopId: string,
  from: number,
): Promise<{ customerId: string }> {
  await db
    .updateTable('users')
    .set({ settings: JSON.stringify({ testType: TEST_TYPES[0].id, vageType: 1, vage: 50_000 }) })
    .where('id', '=', workshopId)
    .execute();
  await db
    .insertInto('codeRanges')
    .values({ workshopId, fromCode: from, toCode: from + 999, nextCode: from })
    .execute();
  const customer = await db
    .insertInto('customers')
    .values({ workshopId, code: 1, name: 'علی رضایی', mobile1: '09121234567', settings: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerId: customer.id };
}
