import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir, killAll, listening, startServer, type Run } from '../../test/server-process.ts';
import { whoHoldsDataDirLock } from './locks.ts';

// ADR 0054: `npm start` asks who holds the data directory before it rebuilds the web files a running
// server serves, and `npm run migrate` will not start an embedded PostgreSQL a server already runs.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CHECK = fileURLToPath(new URL('./check-not-running.cli.ts', import.meta.url));
const MIGRATE = fileURLToPath(new URL('../db/migrate.cli.ts', import.meta.url));
const INDEX_HTML = path.join(REPO, 'packages/web/dist/index.html');

/** A working directory whose ./data the server takes when DATA_DIR is unset (the default). */
const cwd = freshDataDir('ayar-start-');
const dataDir = path.join(cwd, 'data');
let server: Run;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command as its own process in `cwd`, with DATA_DIR and DATABASE_URL unset unless `env` sets them. */
function run(command: string, args: string[], env: Record<string, string> = {}, dir = cwd): Promise<Ran> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...base } = process.env;
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const node = (file: string, args: string[] = [], env: Record<string, string> = {}, dir = cwd) =>
  run(process.execPath, [file, ...args], env, dir);

const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : null);

beforeAll(async () => {
  // DATA_DIR empty is unset: the server's default, ./data of its working directory.
  server = startServer({ DATA_DIR: '' }, { cwd });
  await listening(server);
});

afterAll(() => {
  killAll([dataDir]);
  fs.rmSync(cwd, { recursive: true, force: true });
});

describe('while a server runs on the data directory', () => {
  it('the check refuses, naming the pid, from ./data as from DATA_DIR', async () => {
    const pid = server.child.pid!;
    expect(whoHoldsDataDirLock(dataDir)).toBe(pid);
    for (const ran of [await node(CHECK), await node(CHECK, [], { DATA_DIR: dataDir }, REPO)]) {
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain(`another Ayar process (pid ${pid}: `);
      expect(ran.stderr).toMatch(/is already using the data directory \/\S+\/data\.\n/);
      expect(ran.stderr).toContain('Nothing was rebuilt');
      expect(ran.stderr).toContain(`What to do: stop it first (kill ${pid}`);
    }
    // Another directory is free.
    expect((await node(CHECK, [], { DATA_DIR: path.join(cwd, 'other') })).code).toBe(0);
  });

  it('`npm start` stops at the check: nothing is built, the web files are untouched', async () => {
    const before = mtime(INDEX_HTML);
    const ran = await run('npm', ['start'], { DATA_DIR: dataDir }, REPO);
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toContain(`another Ayar process (pid ${server.child.pid}`);
    // npm announces each script it runs ("> ayar@1.10.0 build"): the build never started.
    expect(ran.stdout + ran.stderr).not.toMatch(/^> \S+ (build|serve)$/m);
    expect(mtime(INDEX_HTML)).toBe(before);
  });

  it('`npm run migrate` refuses to start the embedded PostgreSQL the server runs', async () => {
    const ran = await node(MIGRATE, ['status']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`Migrate refused: an Ayar server (pid ${server.child.pid}) is running`);
    expect(ran.stderr).toContain('What to do: stop it first');
  });
});

describe('once the server has stopped', () => {
  beforeAll(async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('the check lets `npm start` go on', async () => {
    expect(whoHoldsDataDirLock(dataDir)).toBeNull();
    const ran = await node(CHECK);
    expect([ran.code, ran.stdout, ran.stderr]).toEqual([0, '', '']);
  });

  it('`npm run migrate` starts the embedded PostgreSQL itself, under the lock, and lets it go', async () => {
    const ran = await node(MIGRATE, ['status']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('Migrations of embedded PostgreSQL in ');
    expect(ran.stdout).toContain('The database is current.');
    expect(fs.existsSync(path.join(dataDir, 'ayar.lock'))).toBe(false);
  });

  it('`npm run migrate` refuses a data directory that holds no database, and makes none', async () => {
    const empty = path.join(cwd, 'empty');
    const ran = await node(MIGRATE, ['up'], { DATA_DIR: empty });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`Migrate refused: ${empty} holds no Ayar database.`);
    expect(fs.existsSync(empty)).toBe(false);
  });
});

describe('whoHoldsDataDirLock', () => {
  const dir = freshDataDir('ayar-lock-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lock = (text: string) => fs.writeFileSync(path.join(dir, 'ayar.lock'), text);
  const startTime = () => {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  };

  it('names a live holder, and no one for a missing, stale, reused or garbled lock', async () => {
    expect(whoHoldsDataDirLock(dir)).toBeNull();
    lock(`${process.pid}\n${startTime()}`);
    expect(whoHoldsDataDirLock(dir)).toBe(process.pid);
    lock(`${process.pid}\n`);
    expect(whoHoldsDataDirLock(dir)).toBe(process.pid);
    // The same pid, another process since (its start time differs): stale.
    lock(`${process.pid}\n1`);
    expect(whoHoldsDataDirLock(dir)).toBeNull();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    lock(`${gone.pid}\n`);
    expect(whoHoldsDataDirLock(dir)).toBeNull();
    for (const text of ['', 'abc\n', '-1\n', '0\n']) {
      lock(text);
      expect(whoHoldsDataDirLock(dir), JSON.stringify(text)).toBeNull();
    }
  });
});
