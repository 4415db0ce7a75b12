import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { FORMAT, PARTS, fileEntryName, fileListLine, type Manifest } from './archive.lib.ts';
import { copyTablesOut, sequenceValues, tableEntryName, type SequenceValue } from './copy-format.lib.ts';
import {
  PgToolMissingError,
  findTools,
  pickPgDump,
  runTool,
  toolConnection,
  type PgTool,
} from './pg-tools.lib.ts';
import { STORAGE_KEY, localFileStore, type FileStore } from '../files/files.storage.ts';
import { TarWriter } from './tar.lib.ts';
import { verifyBackupFile } from './archive.lib.ts';
import type { BackupProgress } from '../../db/schema.ts';

/** The backups' own bookkeeping: a restored network has made no backups yet (migration 0012). */
export const DATA_NOT_KEPT = ['backup_runs', 'backup_schedule'];
const PAGE = 1000;

/**
 * How the database part is made (ADR 0021): `pg_dump` needs PostgreSQL's client of the server's
 * version on this machine; `copy` needs nothing outside npm; `auto` takes pg_dump when one fits.
 */
export type BackupMethod = 'auto' | 'pg_dump' | 'copy';

export interface BackupOptions {
  databaseUrl: string;
  method?: BackupMethod;
  source: 'embedded' | 'external';
  /**
   * Where the stored files are read from: the configured store (a bucket's files are read from it into
   * the archive, ADR 0030); else the directory `filesDir` (DATA_DIR/files).
   */
  fileStore?: FileStore;
  filesDir?: string;
  /** Where the backup file goes. */
  dir: string;
  appVersion: string;
  /** Stops pg_dump and the copy (the server shutting down); the partial file is removed. */
  signal?: AbortSignal;
  /** Awaited inside the backup's snapshot with its id: tests read the database as the backup sees it. */
  onSnapshot?: (snapshot: string) => Promise<void>;
  /** How far it is (the backups screen, ADR 0053); called often, the caller throttles. */
  onProgress?: (progress: BackupProgress) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The whole file's SHA-256 as written (and then read back and checked). */
  sha256?: string;
  manifest: Manifest;
  seconds: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function stamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

/** A new `<name>.partial` (created exclusively, so two backups never share one) and its final name. */
async function reserve(dir: string, at: Date): Promise<{ partial: string; final: string; fh: TarWriter }> {
  for (let n = 1; ; n++) {
    const final = path.join(dir, `ayar-${stamp(at)}${n > 1 ? `-${n}` : ''}.tar`);
    const exists = await stat(final).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    try {
      return { partial: `${final}.partial`, final, fh: await TarWriter.create(`${final}.partial`) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Copies every stored file the snapshot's `files` rows name into the archive, page by page in the
 * snapshot, from the directory or the bucket, and writes the list of their checksums to `listFile`. A
 * file gone from the store (the sweep removed an unused one after the snapshot) is named in `missing`,
 * not fatal: its row is unused and older than a day, and the restored server's sweep removes it in
 * turn (ADR 0017). Any other failure to read one (a bucket that does not answer) fails the backup.
 */
async function copyFiles(
  client: pg.Client,
  writer: TarWriter,
  store: FileStore,
  listFile: string,
  options: BackupOptions,
): Promise<{ count: number; bytes: number; missing: string[] }> {
  const { signal, onProgress } = options;
  const list = await open(listFile, 'wx', 0o600);
  const result = { count: 0, bytes: 0, missing: [] as string[] };
  try {
    const { rows: total } = await client.query<{ n: string }>(
      'select count(storage_key) + count(thumbnail_key) as n from files',
    );
    const progress = { step: 'files' as const, done: 0, total: Number(total[0]!.n) };
    onProgress?.(progress);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await client.query<{ id: string; storage_key: string; thumbnail_key: string | null }>(
        'select id, storage_key, thumbnail_key from files where id > $1 order by id limit $2',
        [after, PAGE],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      let lines = '';
      for (const row of rows) {
        for (const key of [row.storage_key, row.thumbnail_key]) {
          if (!key) continue;
          signal?.throwIfAborted();
          if (!STORAGE_KEY.test(key)) throw new Error(`a files row holds an invalid storage key: ${key}`);
          const opened = await store.open(key);
          onProgress?.({ ...progress, done: ++progress.done });
          if (!opened) {
            result.missing.push(key);
            continue;
          }
          const copied = await writer.addStream(
            fileEntryName(key),
            opened.size,
            opened.stream,
            opened.modified,
          );
          lines += fileListLine(copied.sha256, key);
          result.count++;
          result.bytes += copied.bytes;
        }
      }
      await list.write(lines);
    }
    await list.sync();
  } finally {
    await list.close();
  }
  return result;
}

/**
 * pg_dump for the server's major among `tools`, or null for the copy method: asked for, or `auto`
 * on a machine without a fitting pg_dump (the embedded default's, on a fresh machine).
 */
export function choosePgDump(method: BackupMethod, tools: PgTool[], serverMajor: number): PgTool | null {
  if (method === 'copy') return null;
  try {
    return pickPgDump(tools, serverMajor);
  } catch (err) {
    if (method === 'auto' && err instanceof PgToolMissingError) return null;
    throw err;
  }
}

type Parts = Manifest['parts'];

/**
 * The database part by COPY, in the snapshot's own transaction: one `db/<table>.csv.gz` per table
 * whose rows are kept, and the sequences' positions.
 */
async function copyDatabase(
  client: pg.Client,
  writer: TarWriter,
  tables: string[],
  workDir: string,
  signal: AbortSignal | undefined,
): Promise<{ parts: Parts; sequences: Record<string, SequenceValue> }> {
  await mkdir(workDir, { mode: 0o700 });
  const written = await copyTablesOut(client, tables, workDir, signal);
  const sequences = await sequenceValues(client);
  const parts: Parts = {};
  for (const [table, file] of written) {
    parts[tableEntryName(table)] = (await writer.addFile(tableEntryName(table), file))!;
  }
  return { parts, sequences };
}

/** pg_dump of exactly the snapshot, running beside the file copy; nothing to do for the copy method. */
function startPgDump(
  pgDump: PgTool | null,
  snapshot: string,
  tables: string[],
  dumpFile: string,
  options: BackupOptions,
): Promise<void> {
  if (!pgDump) return Promise.resolve();
  const connection = toolConnection(options.databaseUrl);
  return runTool(
    pgDump,
    [
      '--format=custom',
      `--snapshot=${snapshot}`,
      ...DATA_NOT_KEPT.filter((t) => tables.includes(t)).map((t) => `--exclude-table-data=public.${t}`),
      `--file=${dumpFile}`,
      `--dbname=${connection.dbname}`,
    ],
    connection.env,
    options.signal,
  );
}

/** The manifest, its checksum and the end of the archive: only now is the file complete. */
async function sealArchive(writer: TarWriter, manifest: Manifest): Promise<void> {
  const manifestSha = await writer.addBuffer(
    PARTS.manifest,
    Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  );
  await writer.addBuffer(PARTS.manifestSum, Buffer.from(`${manifestSha}  ${PARTS.manifest}\n`));
  await writer.finish();
}

function storeOf(options: { fileStore?: FileStore | undefined; filesDir?: string | undefined }): FileStore {
  if (options.fileStore) return options.fileStore;
  if (options.filesDir) return localFileStore(options.filesDir);
  throw new Error('a backup needs the store of the files (fileStore or filesDir)');
}

/** The stored files the snapshot names (none before the files table exists), and their list. */
function copyStoredFiles(
  client: pg.Client,
  writer: TarWriter,
  tables: string[],
  listFile: string,
  options: BackupOptions,
): Promise<{ count: number; bytes: number; missing: string[] }> {
  if (tables.includes('files')) return copyFiles(client, writer, storeOf(options), listFile, options);
  return open(listFile, 'wx', 0o600)
    .then((fh) => fh.close())
    .then(() => ({ count: 0, bytes: 0, missing: [] }));
}

/**
 * Seals the archive, reads it back and checks it as a restore would, and only then gives it its name
 * (ADR 0053: what is copied off-site has been checked). Answers its size and whole-file SHA-256.
 */
async function completeArchive(
  writer: TarWriter,
  manifest: Manifest,
  names: { partial: string; final: string },
  options: BackupOptions,
): Promise<{ file: string; bytes: number; sha256: string }> {
  await sealArchive(writer, manifest);
  await verifyBackupFile(names.partial, (done, total) =>
    options.onProgress?.({ step: 'check', done, total }),
  );
  await rename(names.partial, names.final);
  await syncDir(options.dir);
  return { file: names.final, bytes: (await stat(names.final)).size, sha256: writer.digest() };
}

/** What the backup's snapshot holds: its id, the server's version, the tables, their rows, the migrations. */
async function readSnapshot(client: pg.Client) {
  const snapshot = (
    await client.query<{ snapshot: string; num: string; version: string; at: Date }>(
      `select pg_export_snapshot() as snapshot, current_setting('server_version_num') as num,
              current_setting('server_version') as version, now() as at`,
    )
  ).rows[0]!;
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables.filter((t) => !DATA_NOT_KEPT.includes(t))) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${client.escapeIdentifier(table)}`,
    );
    counts[table] = Number(rows[0]!.n);
  }
  const migrations = tables.includes('kysely_migration')
    ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
        (r) => r.name,
      )
    : [];
  return { snapshot, tables, counts, migrations };
}

/**
 * One consistent backup of the database and its stored files, into `dir` (ADR 0021). The database is
 * read in one snapshot (exported to pg_dump, or copied table by table in it), and the same snapshot
 * lists the files to copy, so the files match the rows. It only reads: its ACCESS SHARE locks block
 * no insert or update, only a schema change (a migration) waits for it.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'ayar-backup' });
  await client.connect();
  const {
    partial,
    final,
    fh: writer,
  } = await reserve(options.dir, new Date()).catch(async (err: unknown) => {
    await client.end().catch(() => undefined);
    throw err;
  });
  const dumpFile = `${partial}.dump`;
  const listFile = `${partial}.list`;
  const tablesDir = `${partial}.db`;
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { snapshot, tables, counts, migrations } = await readSnapshot(client);
    const method = options.method ?? 'auto';
    const pgDump = choosePgDump(
      method,
      method === 'copy' ? [] : await findTools('pg_dump'),
      Math.floor(Number(snapshot.num) / 10_000),
    );

    await options.onSnapshot?.(snapshot.snapshot);
    const kept = Object.keys(counts);
    options.onProgress?.({ step: 'database', done: 0, total: pgDump ? null : kept.length });
    const copied = pgDump ? null : await copyDatabase(client, writer, kept, tablesDir, options.signal);
    const dumping = startPgDump(pgDump, snapshot.snapshot, tables, dumpFile, options);
    // Awaited below, after the files: a failure meanwhile must not be an unhandled rejection.
    dumping.catch(() => undefined);
    const files = await copyStoredFiles(client, writer, tables, listFile, options);
    if (pgDump) options.onProgress?.({ step: 'database', done: 0, total: null });
    await dumping;
    await client.query('commit');

    const databaseParts: Parts = copied
      ? copied.parts
      : { [PARTS.dump]: (await writer.addFile(PARTS.dump, dumpFile))! };
    const list = (await writer.addFile(PARTS.fileList, listFile))!;
    const manifest: Manifest = {
      format: FORMAT,
      // Format 1 readers know pg_dump's archive only; they refuse a COPY backup by its version.
      formatVersion: copied ? 2 : 1,
      createdAt: snapshot.at.toISOString(),
      appVersion: options.appVersion,
      database: {
        source: options.source,
        serverVersion: snapshot.version.split(' ')[0]!,
        method: pgDump ? 'pg_dump' : 'copy',
        ...(pgDump ? { pgDumpVersion: pgDump.version } : { sequences: copied!.sequences }),
        migrations,
        counts,
        dataNotKept: DATA_NOT_KEPT.filter((t) => tables.includes(t)),
      },
      files,
      parts: { ...databaseParts, [PARTS.fileList]: list },
    };
    return {
      ...(await completeArchive(writer, manifest, { partial, final }, options)),
      manifest,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (err) {
    await writer.abandon();
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(dumpFile, { force: true });
    await rm(listFile, { force: true });
    await rm(tablesDir, { recursive: true, force: true });
    await client.end().catch(() => undefined);
  }
}
