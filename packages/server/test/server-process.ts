import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starting the real server process (src/main.ts) the way `npm run serve` does, for the process tests. */

export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

/**
 * A data directory of its own under the system's temporary directory. 0755 so that, as root, the
 * `postgres` user can reach it like a data directory in a clone anyone can read.
 */
export function freshDataDir(prefix = 'ayar-proc-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Starts the server (DATABASE_URL is not passed on: the embedded PostgreSQL unless `env` names one),
 * as a child of `parent` when given (a command the server's command line is appended to).
 */
export function startServer(
  env: Record<string, string>,
  options: { cwd?: string; main?: string; parent?: string[] } = {},
): Run {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const [command, ...args] = [...(options.parent ?? []), process.execPath, options.main ?? MAIN];
  const child = spawn(command!, args, {
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * A parent for the server that adopts the orphans below it and never collects them (prctl
 * PR_SET_CHILD_SUBREAPER), like a container's PID 1 that is not an init: what a kill leaves behind
 * stays a zombie for as long as the test runs, instead of for however long init takes to reap it.
 * Null without python3.
 */
export function neverReapingParent(): string[] | null {
  const script = [
    'import ctypes, os, signal, sys',
    'ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)',
    'if os.fork() == 0: os.execv(sys.argv[1], sys.argv[1:])',
    'while True: signal.pause()',
  ].join('\n');
  return spawnSync('python3', ['-c', 'print(1)']).status === 0 ? ['python3', '-c', script] : null;
}

/** Kills what a test left running (its afterAll), including the PostgreSQL of each data directory. */
export function killAll(dataDirs: string[]): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) {
    const pid = postmasterPid(dir);
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  }
}

/** Resolves once `done(output)` holds; rejects if the server exits first. */
export function waitFor(run: Run, done: (output: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done(run.output())) return;
      run.child.stdout!.off('data', check);
      run.child.stderr!.off('data', check);
      resolve();
    };
    run.child.stdout!.on('data', check);
    run.child.stderr!.on('data', check);
    check();
    void run.exited.then((code) => reject(new Error(`server exited (${code}):\n${run.output()}`)));
  });
}

/** Resolves with the port once the server logs that it listens; rejects if it exits first. */
export async function listening(run: Run): Promise<number> {
  const pattern = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
  await waitFor(run, (out) => pattern.test(out));
  return Number(pattern.exec(run.output())![1]);
}

/** The postmaster's pid from `DATA_DIR/pg/postmaster.pid` (or where DATA_DIR says the cluster is). */
export function postmasterPid(dataDir: string): number | null {
  const file = path.join(clusterDir(dataDir), 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : null;
}

/** DATA_DIR/pg, or the system directory DATA_DIR/pg-location names (root in a private directory). */
export function clusterDir(dataDir: string): string {
  const record = path.join(dataDir, 'pg-location');
  return fs.existsSync(record)
    ? path.join(fs.readFileSync(record, 'utf8').trim(), 'pg')
    : path.join(dataDir, 'pg');
}

/** Running, and not a zombie waiting for its parent (a zombie holds its pid but nothing else). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The pids of `root` and everything below it, from /proc. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** A JSON request to the API on `port`; answers the status and the parsed body. */
export async function api(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: { data?: unknown; message?: string } }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
}

/** Signs in; answers the token, or null when the sign-in is refused. */
export async function signIn(port: number, userName: string, password: string): Promise<string | null> {
  const res = await api(port, 'POST', '/api/v1.0/Account/login', { userName, password });
  return res.status === 200 ? (res.body.data as { token: string }).token : null;
}

/** Polls `/api/health` until it says ok, for at most `timeoutMs`. */
export async function healthy(port: number, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await api(port, 'GET', '/api/health').catch(() => null);
    if (res?.status === 200 && (res.body.data as { status?: string }).status === 'ok') return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
