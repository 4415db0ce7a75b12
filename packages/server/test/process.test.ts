import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  alive,
  api,
  freshDataDir,
  healthy,
  killAll,
  listening,
  neverReapingParent,
  postmasterPid as postmasterPidOf,
  processTree,
  signIn,
  startServer,
  waitFor,
  type Run,
} from './server-process.ts';

const dataDir = freshDataDir();
const crashDir = freshDataDir();

const start = (env: Record<string, string>): Run => startServer({ DATA_DIR: dataDir, ...env });

async function adminCanLogIn(port: number): Promise<boolean> {
  return (await signIn(port, 'admin', 'first-start-password')) !== null;
}

const postmasterPid = () => postmasterPidOf(dataDir);

afterAll(() => {
  killAll([dataDir, crashDir]);
  for (const dir of [dataDir, crashDir]) fs.rmSync(dir, { recursive: true, force: true });
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
    expect(second.output()).toMatch(/another Ayar server \(pid \d+\) is already using the data directory/);

    // A crash: the server dies without cleaning up; its PostgreSQL is left running as an orphan.
    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmasterPid();
    expect(orphan && alive(orphan)).toBe(true);

    const third = start({});
    const port3 = await listening(third);
    expect(await adminCanLogIn(port3)).toBe(true); // same data, the admin was not recreated
    expect(third.output()).not.toContain('the first start created the administrator');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const pid = postmasterPid();
    expect(pid === null || !alive(pid)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'ayar.lock'))).toBe(false);
  }, 120_000);

  it('starts again at once after the whole tree is killed (kill -9), healthy, with every acknowledged write', async () => {
    const env = { DATA_DIR: crashDir, ADMIN_PASSWORD: 'first-start-password' };
    const parent = neverReapingParent();
    const first = startServer(env, parent ? { parent } : {});
    const port = await listening(first);
    const token = await signIn(port, 'admin', 'first-start-password');
    const workshop = {
      fName: 'آزمایشگاه پیش از خرابی',
      fullName: 'مدیر آزمایشگاه',
      userName: 'before-crash',
      password: 'lab-password-1',
      confirmPassword: 'lab-password-1',
    };
    const added = await api(port, 'POST', '/api/v1.0/Manage/AddUser', workshop, token!);
    expect(added.status).toBe(200);

    // The server, its PostgreSQL and every backend die at the same instant; nothing shuts down cleanly.
    // Their pids stay taken by zombies (the parent above never reaps them).
    const tree = processTree(first.child.pid!).slice(parent ? 1 : 0);
    expect(tree.length).toBeGreaterThan(2);
    for (const pid of tree) process.kill(pid, 'SIGKILL');

    const second = startServer(env);
    const port2 = await listening(second);
    expect(await healthy(port2)).toBe(true);
    expect(await signIn(port2, workshop.userName, workshop.password)).not.toBeNull();

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    first.child.kill('SIGKILL');
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
