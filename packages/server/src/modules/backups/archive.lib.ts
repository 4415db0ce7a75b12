import { createHash } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { TABLE_ENTRY } from './copy-format.lib.ts';
import { BackupFileError, readEntry, tarEntries, type TarEntry } from './tar.lib.ts';

/**
 * What a backup file holds, in this order (ADR 0021):
 *   files/<storage key>   every stored file the database names, as it is on disk
 *   db.dump               pg_dump's custom format (compressed), or, made without pg_dump,
 *   db/<table>.csv.gz     each table's rows as COPY writes them (copy-format.lib.ts; format 2)
 *   files.sha256          `<sha256>  files/<key>` per file, in archive order (`sha256sum -c` reads it)
 *   manifest.json         versions, migration level, row counts, the parts' SHA-256
 *   manifest.sha256       the manifest's own SHA-256
 * The manifest comes last because the files are hashed as they are copied in; a file cut short
 * therefore loses it, and is refused as incomplete.
 */
export const PARTS = {
  dump: 'db.dump',
  fileList: 'files.sha256',
  manifest: 'manifest.json',
  manifestSum: 'manifest.sha256',
} as const;
export const FORMAT = 'ayar-backup';
/** The newest format this code reads and writes: 2 adds the database as COPY output (`method: copy`). */
export const FORMAT_VERSION = 2;
const FILE_ENTRY = /^files\/([a-z]+\/[0-9a-f]{2}\/[0-9a-f]{32})$/;
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

const partSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    source: z.enum(['embedded', 'external']),
    serverVersion: z.string(),
    /** How the database part was made: pg_dump's archive, or COPY per table (ADR 0021). */
    method: z.enum(['pg_dump', 'copy']).default('pg_dump'),
    pgDumpVersion: z.string().optional(),
    migrations: z.array(z.string()),
    counts: z.record(z.string(), z.number().int().min(0)),
    dataNotKept: z.array(z.string()),
    /** The sequences' positions (copy method; pg_dump's archive holds its own). */
    sequences: z.record(z.string(), z.object({ value: z.string(), isCalled: z.boolean() })).optional(),
  }),
  files: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Named by a row but gone from disk when copied (the unused-file sweep removed them meanwhile). */
    missing: z.array(z.string()),
  }),
  /** `db.dump` or every `db/<table>.csv.gz`, and `files.sha256`: bytes and SHA-256 of each. */
  parts: z.record(z.string(), partSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const fileListLine = (sha256: string, key: string) => `${sha256}  files/${key}\n`;
export const fileEntryName = (key: string) => `files/${key}`;

export interface VerifiedBackup {
  manifest: Manifest;
}

/** The entries that make up the database part, as the manifest's method says. */
function databaseParts(manifest: Manifest): string[] {
  if (manifest.database.method === 'pg_dump') return [PARTS.dump];
  return Object.keys(manifest.database.counts).map((table) => `db/${table}.csv.gz`);
}

const isDatabasePart = (name: string) => name === PARTS.dump || TABLE_ENTRY.test(name);

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function readSmall(fh: FileHandle, entry: TarEntry): Promise<Buffer> {
  if (entry.size > MAX_MANIFEST_BYTES)
    throw new BackupFileError(`${entry.name} is far too large to be ours.`);
  const chunks: Buffer[] = [];
  await readEntry(fh, entry, (chunk) => void chunks.push(Buffer.from(chunk)));
  return Buffer.concat(chunks);
}

async function openBackup(file: string): Promise<{ fh: FileHandle; size: number }> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    throw new BackupFileError(`cannot read ${file}: ${(err as Error).message}`);
  }
  return { fh, size: (await fh.stat()).size };
}

/**
 * Reads the whole file once and checks every part against the manifest, and the manifest against its
 * own checksum, before anything is restored. Throws BackupFileError saying what is wrong.
 */
export async function verifyBackupFile(
  file: string,
  onBytes?: (done: number, total: number) => void,
): Promise<VerifiedBackup> {
  const { fh, size } = await openBackup(file);
  try {
    if (size === 0) throw new BackupFileError(`${file} is empty.`);
    const hashes = new Map<string, string>();
    const fileList = createHash('sha256');
    let fileCount = 0;
    let manifestBytes: Buffer | undefined;
    let manifestSum: string | undefined;
    for await (const entry of tarEntries(fh, size)) {
      onBytes?.(entry.offset, size);
      const key = FILE_ENTRY.exec(entry.name)?.[1];
      if (key) {
        const hash = createHash('sha256');
        await readEntry(fh, entry, (chunk) => void hash.update(chunk));
        fileList.update(fileListLine(hash.digest('hex'), key));
        fileCount++;
      } else if (isDatabasePart(entry.name) || entry.name === PARTS.fileList) {
        const hash = createHash('sha256');
        await readEntry(fh, entry, (chunk) => void hash.update(chunk));
        hashes.set(entry.name, hash.digest('hex'));
      } else if (entry.name === PARTS.manifest) {
        manifestBytes = await readSmall(fh, entry);
      } else if (entry.name === PARTS.manifestSum) {
        manifestSum = (await readSmall(fh, entry)).toString('utf8').split(/\s/)[0];
      } else {
        throw new BackupFileError(`${file} is not an Ayar backup (it holds ${entry.name}).`);
      }
    }
    const hasDatabase = [...hashes.keys()].some(isDatabasePart);
    if (!manifestBytes || !manifestSum || !hasDatabase) {
      throw new BackupFileError(
        `${file} is incomplete or not an Ayar backup: ${!hasDatabase ? 'the database part' : 'the manifest'} is missing.`,
      );
    }
    if (sha256(manifestBytes) !== manifestSum) {
      throw new BackupFileError(`${file} is damaged: the manifest does not match its checksum.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(manifestBytes.toString('utf8'));
    } catch {
      throw new BackupFileError(`${file} has a manifest that is not JSON.`);
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) throw new BackupFileError(`${file} has a manifest this version cannot read.`);
    const manifest = parsed.data;
    if (manifest.formatVersion > FORMAT_VERSION) {
      throw new BackupFileError(
        `${file} was written in backup format ${manifest.formatVersion} by Ayar ${manifest.appVersion}; this version reads format ${FORMAT_VERSION}. Restore it with that version or a newer one.`,
      );
    }
    const expected = databaseParts(manifest);
    const found = [...hashes.keys()].filter(isDatabasePart);
    if (
      found.length !== expected.length ||
      expected.some((part) => !hashes.has(part) || hashes.get(part) !== manifest.parts[part]?.sha256)
    ) {
      throw new BackupFileError(`${file} is damaged: the database part does not match its checksum.`);
    }
    const listSum = fileList.digest('hex');
    const listPart = manifest.parts[PARTS.fileList];
    if (
      !listPart ||
      hashes.get(PARTS.fileList) !== listPart.sha256 ||
      listSum !== listPart.sha256 ||
      fileCount !== manifest.files.count
    ) {
      throw new BackupFileError(`${file} is damaged: the stored files do not match their checksums.`);
    }
    return { manifest };
  } finally {
    await fh.close();
  }
}

/**
 * The second pass of a restore: writes the database part's entries into `databaseTo` (`db.dump`, or
 * `<table>.csv.gz` each) and the stored files under `filesTo`, checking them again on the way (the
 * file could have changed since it was verified).
 */
export async function extractBackup(
  file: string,
  verified: VerifiedBackup,
  target: { databaseTo: string; filesTo: string },
): Promise<{ files: number; bytes: number; database: Map<string, string> }> {
  const { fh, size } = await openBackup(file);
  const fileList = createHash('sha256');
  let files = 0;
  let bytes = 0;
  const database = new Map<string, string>();
  try {
    for await (const entry of tarEntries(fh, size)) {
      const key = FILE_ENTRY.exec(entry.name)?.[1];
      if (key) {
        const destination = path.join(target.filesTo, ...key.split('/'));
        await mkdir(path.dirname(destination), { recursive: true });
        fileList.update(fileListLine(await copyOut(fh, entry, destination, 0o640), key));
        files++;
        bytes += entry.size;
      } else if (isDatabasePart(entry.name)) {
        const name = entry.name === PARTS.dump ? PARTS.dump : TABLE_ENTRY.exec(entry.name)![1]!;
        const destination = path.join(target.databaseTo, name === PARTS.dump ? name : `${name}.csv.gz`);
        const sum = await copyOut(fh, entry, destination, 0o600);
        if (sum !== verified.manifest.parts[entry.name]?.sha256) {
          throw new BackupFileError(`${file} changed while it was being restored (the database part).`);
        }
        database.set(name, destination);
      }
    }
    if (fileList.digest('hex') !== verified.manifest.parts[PARTS.fileList]?.sha256) {
      throw new BackupFileError(`${file} changed while it was being restored (the stored files).`);
    }
    return { files, bytes, database };
  } finally {
    await fh.close();
  }
}

async function copyOut(fh: FileHandle, entry: TarEntry, destination: string, mode: number): Promise<string> {
  const out = await open(destination, 'wx', mode);
  const hash = createHash('sha256');
  try {
    let position = 0;
    await readEntry(fh, entry, async (chunk) => {
      hash.update(chunk);
      let done = 0;
      while (done < chunk.length) {
        const { bytesWritten } = await out.write(chunk, done, chunk.length - done, position + done);
        done += bytesWritten;
      }
      position += chunk.length;
    });
    await out.sync();
  } finally {
    await out.close();
  }
  return hash.digest('hex');
}
