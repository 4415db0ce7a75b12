import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './database.ts';
import { BENCH_PASSWORD } from './seed-data.ts';
import { freePort } from '../../packages/server/test/free-port.ts';

/** Polls `probe` until it answers something other than null (a throw counts as null). */
export async function waitFor<T>(what: string, probe: () => Promise<T | null>, seconds: number): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`${what} did not come up within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, then resolves once the process has exited. */
export const stopChild = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export interface ServerProcess {
  url: string;
  /** The process's id: with WORKERS=1 it is the one serving requests. */
  pid: number | undefined;
  /** What the server printed: shown when something goes wrong. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server (`node packages/server/src/main.ts`, Node 24 from node_modules) on 127.0.0.1 and a
 * free port, with `env` over the bench's own environment; resolves once /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const server = { url, pid: child.pid, output: () => output, stop: () => stopChild(child) };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([
      exited,
      waitFor('the server', async () => ((await fetch(`${url}/api/health`)).ok ? true : null), 90),
    ]);
  } catch (err) {
    await server.stop();
    throw new Error(`the server did not start; its output:\n${output.slice(-2000)}`, { cause: err });
  }
  return server;
}

/** A seeded user's session token (password `BENCH_PASSWORD`) from the server at `url`. */
export async function signIn(url: string, userName: string): Promise<string> {
  const res = await fetch(`${url}/api/v1.0/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } | null };
  if (!body.data) throw new Error(`signing in as ${userName} failed: ${res.status}`);
  return body.data.token;
}
