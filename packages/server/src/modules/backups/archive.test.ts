import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.ts';
import { createUser } from '../../../test/helpers.ts';
import { PARTS } from './archive.lib.ts';
import { createBackup } from './create-backup.service.ts';
import { findTools } from './pg-tools.lib.ts';
import { restoreBackup, RestoreRefusedError } from './restore.service.ts';
import { scratchDatabases } from './roundtrip.test-kit.ts';
import { BackupFileError, tarEntries, type TarEntry } from './tar.lib.ts';

/**
 * A damaged, cut or foreign backup file is refused with a message saying so, before anything is
 * created or changed; a non-empty target needs --force, and a backup of a newer version is refused.
 */

const CLI = fileURLToPath(new URL('./backups.cli.ts', import.meta.url));
const quiet = { info() {}, warn() {} };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-bk-archive-'));
let scratch: Awaited<ReturnType<typeof scratchDatabases>>;
let db: Database;
let backupFile: string;
let entries: TarEntry[];
/** The same database backed up without pg_dump (COPY per table). */
let copyFile: string;
let copyEntries: TarEntry[];
const filesDir = path.join(dir, 'source', 'files');
const KEY = `photo/ab/${'ab'.repeat(16)}`;

const major = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(`select current_setting('server_version_num') as n`);
  await client.end();
  return Math.floor(Number(rows[0]!.n) / 10_000);
};

beforeAll(async () => {
  scratch = await scratchDatabases();
  db = createDatabase(scratch.source, 2);
  const owner = await createUser(db);
  fs.mkdirSync(path.join(filesDir, 'photo', 'ab'), { recursive: true });
  fs.writeFileSync(path.join(filesDir, KEY), randomBytes(5000));
  await db
    .insertInto('files')
    .values({ kind: 'photo', storageKey: KEY, mime: 'image/jpeg', sizeBytes: 5000, ownerId: owner.id })
    .execute();
  const server = await major(scratch.source);
  if (!(await findTools('pg_dump')).some((t) => t.major >= server)) {
    throw new Error(
      `no pg_dump ${server} or newer here: run scripts/install-pg-dump-18.sh as root (docs/backups.md)`,
    );
  }
  const backup = await createBackup({
    databaseUrl: scratch.source,
    source: 'external',
    filesDir,
    dir: path.join(dir, 'backups'),
    appVersion: 'test',
  });
  backupFile = backup.file;
  entries = await listEntries(backupFile);
  copyFile = (
    await createBackup({
      databaseUrl: scratch.source,
      method: 'copy',
      source: 'external',
      filesDir,
      dir: path.join(dir, 'backups'),
      appVersion: 'test',
    })
  ).file;
  copyEntries = await listEntries(copyFile);
});

async function listEntries(file: string): Promise<TarEntry[]> {
  const fh = await open(file, 'r');
  const list: TarEntry[] = [];
  for await (const entry of tarEntries(fh, (await fh.stat()).size)) list.push(entry);
  await fh.close();
  return list;
}

afterAll(async () => {
  await db?.destroy();
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the backup (or of `from`) with `change` applied to its bytes. */
function variant(name: string, change: (bytes: Buffer) => Buffer, from = backupFile): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, change(Buffer.from(fs.readFileSync(from))));
  return file;
}
const flipAt = (offset: number) => (bytes: Buffer) => {
  bytes[offset] = bytes[offset]! ^ 0xff;
  return bytes;
};
const entry = (name: string) => entries.find((e) => e.name === name)!;

/** Restores into a target that must never be opened: the file is refused first. */
async function refusal(file: string): Promise<string> {
  let opened = false;
  const target = path.join(dir, `never-${randomBytes(4).toString('hex')}`);
  const error = await restoreBackup({
    file,
    force: true,
    openTarget: async () => {
      opened = true;
      throw new Error('the target was opened');
    },
    filesDir: path.join(target, 'files'),
    workDir: target,
    log: quiet,
  }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(BackupFileError);
  expect(opened).toBe(false);
  expect(fs.existsSync(target)).toBe(false);
  return (error as Error).message;
}

describe('a backup file that cannot be trusted', () => {
  it('cut short anywhere (half, the last kilobyte, a header) → refused as incomplete', async () => {
    const size = fs.statSync(backupFile).size;
    expect(await refusal(variant('half.tar', (b) => b.subarray(0, Math.floor(size / 2))))).toMatch(
      /incomplete/,
    );
    expect(await refusal(variant('tail.tar', (b) => b.subarray(0, size - 1024)))).toMatch(/incomplete/);
    expect(
      await refusal(variant('header.tar', (b) => b.subarray(0, entry(PARTS.dump).offset - 100))),
    ).toMatch(/incomplete/);
  });

  it('one byte changed in the database part, a stored file, the manifest or a header → refused as damaged', async () => {
    const dump = entry(PARTS.dump);
    expect(await refusal(variant('dump.tar', flipAt(dump.offset + Math.floor(dump.size / 2))))).toMatch(
      /damaged: the database part does not match its checksum/,
    );
    expect(await refusal(variant('file.tar', flipAt(entry(`files/${KEY}`).offset + 10)))).toMatch(
      /damaged: the stored files do not match their checksums/,
    );
    expect(await refusal(variant('manifest.tar', flipAt(entry(PARTS.manifest).offset + 20)))).toMatch(
      /damaged: the manifest does not match its checksum/,
    );
    expect(await refusal(variant('hdr.tar', flipAt(dump.offset - 512 + 130)))).toMatch(/damaged at byte/);
  });

  it('made without pg_dump: a changed byte in a table, or a table left out → refused', async () => {
    const tables = copyEntries.filter((e) => /^db\/.+\.csv\.gz$/.test(e.name));
    expect(tables.map((e) => e.name)).toContain('db/files.csv.gz');
    const files = tables.find((e) => e.name === 'db/files.csv.gz')!;
    expect(
      await refusal(variant('copy-byte.tar', flipAt(files.offset + Math.floor(files.size / 2)), copyFile)),
    ).toMatch(/damaged: the database part does not match its checksum/);
    // The entry cut out whole (header and padded data): still a well-formed tar, one table short.
    const end = files.offset + Math.ceil(files.size / 512) * 512;
    const without = (b: Buffer) => Buffer.concat([b.subarray(0, files.offset - 512), b.subarray(end)]);
    expect(await refusal(variant('copy-missing.tar', without, copyFile))).toMatch(
      /damaged: the database part does not match its checksum/,
    );
  });

  it('an empty file, or one that is not a backup → refused', async () => {
    expect(await refusal(variant('empty.tar', () => Buffer.alloc(0)))).toMatch(/is empty/);
    expect(await refusal(variant('noise.tar', () => randomBytes(20_000)))).toMatch(/damaged|incomplete/);
  });

  it('npm run restore says so, exits 1 and creates nothing', () => {
    const file = variant('cut.tar', (b) => b.subarray(0, b.length - 3000));
    const dataDir = path.join(dir, 'cli-data');
    const { DATABASE_URL: _url, ...env } = process.env;
    const run = spawnSync(process.execPath, [CLI, 'restore', file], {
      env: { ...env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Restore refused: ');
    expect(run.stderr).toContain('incomplete');
    expect(run.stderr).toContain('Nothing was changed.');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('an unknown option or a missing value is a usage error: exit 2 with the usage, nothing done', () => {
    const dataDir = path.join(dir, 'cli-usage');
    const { DATABASE_URL: _url, ...env } = process.env;
    for (const args of [
      ['backup', '--bogus'],
      ['backup', '--dir'],
    ]) {
      const run = spawnSync(process.execPath, [CLI, ...args], {
        env: { ...env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run backup');
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('the target of a restore', () => {
  it('is filled when empty; then refused without --force; replaced with it; a newer version is refused', async () => {
    const dataDir = path.join(dir, 'target');
    const options = {
      file: backupFile,
      force: false,
      openTarget: async () => ({ url: scratch.target, source: 'external' as const, close: async () => {} }),
      filesDir: path.join(dataDir, 'files'),
      workDir: dataDir,
      log: quiet,
    };
    fs.mkdirSync(dataDir);
    const first = await restoreBackup(options);
    expect(first.replaced).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'files', KEY))).toEqual(
      fs.readFileSync(path.join(filesDir, KEY)),
    );

    const target = createDatabase(scratch.target, 1);
    try {
      await createUser(target, { username: 'added-after-restore' });
      await expect(restoreBackup(options)).rejects.toThrow(RestoreRefusedError);
      await expect(restoreBackup(options)).rejects.toThrow(/not empty .*--force/);

      const replaced = await restoreBackup({ ...options, force: true });
      expect(replaced.replaced).toBe(true);
    } finally {
      await target.destroy();
    }
    const after = createDatabase(scratch.target, 1);
    try {
      const names = await after.selectFrom('users').select('username').execute();
      expect(names.map((u) => u.username)).not.toContain('added-after-restore');
    } finally {
      await after.destroy();
    }

    // A backup made by a version with a migration this one does not know.
    await sql`insert into kysely_migration (name, timestamp) values ('9999_future', '2030-01-01')`.execute(
      db,
    );
    const newer = await createBackup({
      databaseUrl: scratch.source,
      source: 'external',
      filesDir,
      dir: path.join(dir, 'backups'),
      appVersion: '99.0.0',
    });
    await expect(restoreBackup({ ...options, file: newer.file, force: true })).rejects.toThrow(
      /made by a newer Ayar \(99\.0\.0; migrations 9999_future\)/,
    );
  });
});
