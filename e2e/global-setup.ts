import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/**
 * Starts the real server (`packages/server/src/main.ts`) as `npm start` would, on its embedded
 * PostgreSQL in a fresh data directory, serving the built web app. DATABASE_URL is removed so the
 * end-to-end run always exercises the embedded default, even in CI.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/src/main.ts')], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      // Every e2e file drives this one server from 127.0.0.1: the per-address limits would add up
      // across files. The limits themselves are tested in the server suite.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('adminUsername', ADMIN.username);
  project.provide('adminPassword', ADMIN.password);

  return async () => {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
