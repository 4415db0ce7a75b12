import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-proc-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...base, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the port once the server logs that it listens; rejects if it exits first. */
function listening(run: Run): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(run.output());
      if (match) {
        run.child.stdout!.off('data', check);
        resolve(Number(match[1]));
      }
    };
    run.child.stdout!.on('data', check);
    void run.exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${run.output()}`)),
    );
  });
}

async function adminCanLogIn(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1.0/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'first-start-password' }),
  });
  return res.status === 200;
}

function postmasterPid(): number | null {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process on its embedded database', () => {
  it('refuses a bad configuration with a list of what is wrong', async () => {
    const run = start({ PORT: 'http', LOG_LEVEL: 'loud' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('- PORT:');
    expect(run.output()).toContain('- LOG_LEVEL:');
  });

  it('starts, refuses a second server on the same data directory, survives kill -9, and stops cleanly', async () => {
    const first = start({ ADMIN_PASSWORD: 'first-start-password' });
    const port = await listening(first);
    expect(await adminCanLogIn(port)).toBe(true);

    const second = start({});
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Ayar server \(pid \d+\) is already using the data directory/);

    // A crash: the server dies without cleaning up; its PostgreSQL is left running as an orphan.
    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmasterPid();
    expect(orphan && alive(orphan)).toBe(true);

    const third = start({});
    const port3 = await listening(third);
    expect(await adminCanLogIn(port3)).toBe(true); // same data, the admin was not recreated
    expect(third.output()).not.toContain('the administrator was created');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const pid = postmasterPid();
    expect(pid === null || !alive(pid)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'ayar.lock'))).toBe(false);
  }, 120_000);

  it('with WORKERS=2 serves from two processes that share the failed sign-ins in Redis, and stops them all', async () => {
    const run = start({ WORKERS: '2', REDIS_URL: inject('redisUrl') });
    const port = await listening(run);
    await waitFor(run, (out) => out.includes('all HTTP workers listening'));
    const workers = pidsOf(run.output(), /Server listening at/);
    expect(workers.size).toBe(2);
    expect(workers.has(run.child.pid!)).toBe(false);

    // A new connection each time, so the primary hands the requests to the workers in turn.
    const userName = `nobody-${randomBytes(4).toString('hex')}`;
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await loginOnNewConnection(port, userName, 'wrong password'));
    // Ten failures lock the account: a worker counting alone would have seen about five and said 401.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // The workers' log lines reach us after their answers: wait for all eleven.
    const LOGIN_LINE = /"url":"\/api\/v1\.0\/Account\/login"/;
    await waitFor(run, (out) => out.split('\n').filter((l) => LOGIN_LINE.test(l)).length >= 11);
    expect(pidsOf(run.output(), LOGIN_LINE)).toEqual(workers);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    const pg = postmasterPid();
    expect(pg === null || !alive(pg)).toBe(true);
  }, 120_000);
});

/** The pids of the log lines that match. */
function pidsOf(output: string, line: RegExp): Set<number> {
  const pids = new Set<number>();
  for (const l of output.split('\n')) {
    const pid = /"pid":(\d+)/.exec(l);
    if (pid && line.test(l)) pids.add(Number(pid[1]));
  }
  return pids;
}

function waitFor(run: Run, done: (output: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done(run.output())) return;
      run.child.stdout!.off('data', check);
      resolve();
    };
    run.child.stdout!.on('data', check);
    check();
    void run.exited.then((code) => reject(new Error(`server exited (${code}):\n${run.output()}`)));
  });
}

function loginOnNewConnection(port: number, userName: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1.0/Account/login',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ userName, password }));
  });
}
