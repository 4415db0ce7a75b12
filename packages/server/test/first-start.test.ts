import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, killAll, listening, signIn, startServer, waitFor } from './server-process.ts';

const dataDir = freshDataDir();
afterAll(() => {
  killAll([dataDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the first start', () => {
  it('prints one framed block: the address, the administrator and its password, where the data is; logs stay JSON', async () => {
    const run = startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: '' });
    const port = await listening(run);
    await waitFor(run, (out) => out.includes('└'));
    await waitFor(run, (out) => out.includes('message worker started'));

    const output = run.output();
    const block = output.slice(output.indexOf('┌'), output.indexOf('┘') + 1).split('\n');
    const row = (label: string) =>
      block
        .find((l) => l.startsWith(`  │ ${label} `))
        ?.slice(4, -1)
        .trim();
    expect(block[0]).toMatch(/^┌─+┐$/);
    expect(row('open')).toBe(`open       http://127.0.0.1:${port}`);
    expect(row('user name')).toBe('user name  admin');
    expect(row('data')).toBe(`data       ${dataDir}`);
    expect(row('database')).toBe(`database   embedded PostgreSQL in ${dataDir}/pg`);
    // Every row is as wide as the frame.
    expect(new Set(block.slice(1, -1).map((l) => [...l].length)).size).toBe(1);
    const password = /password {3}(\S+)/.exec(row('password') ?? '')?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await signIn(port, 'admin', password!)).not.toBeNull();

    // Printed once, outside the log: no log line carries the password.
    expect(output.split(password!)).toHaveLength(2);
    expect(output.match(/┌/g)).toHaveLength(1);
    // Not a terminal: everything else on stdout is a JSON line, as before.
    const outside = output.replace(/\n? *┌[\s\S]*┘\n*/, '\n');
    for (const line of outside.split('\n').filter(Boolean)) {
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    }

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);
});
