import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PROCESS_POOL_SIZE } from './database.ts';
import { diskFull, directoryProblem, StartupError } from '../startup/errors.ts';
import { acquireDataDirLock, clearStalePostgresLocks, clusterProcessesGone } from '../startup/locks.ts';
import { PostgresSupervisor, type EmbeddedState, type SuperviseOptions } from './embedded-supervisor.ts';
import { findBinaries, type Ids, type PgBinaries, SYSTEM_DIR } from '../startup/pg-binaries.ts';
import { clusterHome } from '../startup/pg-home.ts';

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
  error(msg: string): void;
}

export interface EmbeddedDatabase {
  url: string;
  /** The cluster's directory (DATA_DIR/pg, or where DATA_DIR/pg-location says). */
  pgDir: string;
  stop(): Promise<void>;
  /** Whether PostgreSQL runs, is being started again after it stopped (ADR 0051), or was stopped. */
  readonly state: EmbeddedState;
  /** How often it was started again since the server started. */
  readonly restarts: number;
}

export interface EmbeddedOptions {
  /**
   * On SIGINT/SIGTERM/SIGHUP, stop PostgreSQL (tests and bench: an interrupted run leaves none behind).
   * The server passes false: its own shutdown stops PostgreSQL after the HTTP workers and the jobs.
   */
  stopOnSignals?: boolean;
  /** PostgreSQL's bin directory instead of the one from npm (POSTGRES_BIN_DIR). */
  binDir?: string;
  /** PostgreSQL's `max_connections`; unset: its default (100). */
  maxConnections?: number;
  /**
   * The server's: start PostgreSQL again when it stops unasked (ADR 0051). Unset (tests, bench), a
   * stop is only logged.
   */
  supervise?: SuperviseOptions;
}

/**
 * Connections the embedded PostgreSQL allows for a server of `workers` HTTP processes: each process,
 * and the first one besides them when there are several, keeps its pool open (PROCESS_POOL_SIZE, ADR
 * 0039), plus room for the jobs' lease, a backup and a person's psql; never below PostgreSQL's 100.
 */
export function embeddedMaxConnections(workers: number): number {
  const processes = workers > 1 ? workers + 1 : 1;
  return Math.max(100, processes * PROCESS_POOL_SIZE + 20);
}

const PORT = 5432; // only names the socket file; the embedded server never listens on TCP.
const DB_NAME = 'ayar';
const DB_USER = 'ayar';
/** A new cluster takes ~40 MB; below this the first start would fail half-way. */
const MIN_FREE_BYTES = 100 * 1024 * 1024;

/** As root: the `postgres` user PostgreSQL runs as (it refuses root), created when missing. */
function postgresIds(): Ids | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { stdio: 'pipe' }).toString());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
      return { uid: id('-u'), gid: id('-g') };
    } catch (err) {
      throw new StartupError(
        'PostgreSQL cannot run as root, and the postgres user it would run as could not be created.',
        'create it (useradd --system --user-group postgres), or start the server as an ordinary user.',
        { cause: err },
      );
    }
  }
}

/** What PostgreSQL's programs see of our environment: the locale, not our secrets. */
function pgEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(PATH|LANG|LANGUAGE|LC_\w+|TZ)$/.test(key)) env[key] = value;
  }
  return { ...env, LC_MESSAGES: 'C' };
}

/** A message for what PostgreSQL printed before failing, when it is one a person can act on. */
function explainPgOutput(output: string, pgDir: string): StartupError | null {
  if (/No space left on device|Disk quota exceeded/i.test(output)) {
    return diskFull(path.dirname(pgDir), pgDir.startsWith(SYSTEM_DIR) ? null : 'DATA_DIR');
  }
  if (/invalid locale/i.test(output)) {
    const set = ['LC_ALL', 'LC_CTYPE', 'LC_COLLATE', 'LANG'].filter((k) => process.env[k]);
    return new StartupError(
      `PostgreSQL cannot use the locale of the environment (${set.map((k) => `${k}=${process.env[k]}`).join(', ') || 'none set'}): it is not installed on this system.`,
      'install it (Debian: dpkg-reconfigure locales), or start with LANG=C.UTF-8 and LC_ALL unset.',
    );
  }
  if (/Permission denied/i.test(output)) {
    return new StartupError(
      `PostgreSQL may not use its directory ${pgDir} (permission denied).`,
      `give it to the user PostgreSQL runs as (${process.getuid?.() === 0 ? 'postgres' : 'this user'}), or set DATA_DIR to another directory.`,
    );
  }
  return null;
}

/** Runs a PostgreSQL program to its end; rejects with what it printed. */
function runToEnd(program: string, args: string[], ids: Ids | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...(ids ?? {}), env: pgEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(output.trim()))));
  });
}

/**
 * Creates the cluster in a directory beside `pgDir` and renames it into place when initdb has finished,
 * so `pgDir` exists only whole: a start killed half-way leaves a `.new` directory the next one replaces.
 */
async function initialise(bin: PgBinaries, pgDir: string, runDir: string, password: string, ids: Ids | null) {
  const building = `${pgDir}.new`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { mode: 0o700 });
  if (ids) fs.chownSync(building, ids.uid, ids.gid);
  // In the private socket directory: only the user PostgreSQL runs as may read it, and only meanwhile.
  const pwFile = path.join(runDir, 'initdb-password');
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
  try {
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${building}`,
        '--auth=scram-sha-256',
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--lc-messages=C',
        '--encoding=UTF8',
      ],
      ids,
    );
    fs.renameSync(building, pgDir);
  } catch (err) {
    fs.rmSync(building, { recursive: true, force: true });
    const output = err instanceof Error ? err.message : String(err);
    throw (
      explainPgOutput(output, pgDir) ??
      new Error(`Creating the embedded PostgreSQL cluster failed:\n${output}`, { cause: err })
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/** Starts the postmaster; resolves once it accepts connections, rejects with its output if it exits. */
function runPostgres(
  bin: PgBinaries,
  pgDir: string,
  runDir: string,
  ids: Ids | null,
  log: Logger,
  onExit: (why: string) => void,
  maxConnections: number | undefined,
) {
  const args = [
    '-D',
    pgDir,
    '-p',
    String(PORT),
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories=${runDir}`,
    ...(maxConnections ? ['-c', `max_connections=${maxConnections}`] : []),
  ];
  // Its own process group: Ctrl+C in a terminal reaches the server, whose shutdown stops PostgreSQL
  // last, instead of stopping PostgreSQL under the HTTP workers and the jobs still using it.
  const child = spawn(bin.postgres, [...args, '-c', 'lc_messages=C'], {
    ...(ids ?? {}),
    env: pgEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const recent: string[] = [];
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    let started = false;
    let partial = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        log.debug(`postgres: ${line}`);
        if (!started && line.includes('database system is ready to accept connections')) {
          started = true;
          resolve(child);
        }
      }
    });
    child.once('error', reject);
    // 'close': after the last of its output has been read, which says why it stopped.
    child.once('close', (code, signal) => {
      if (partial) recent.push(partial);
      if (started) {
        onExit(`${signal ?? `code ${code}`}\n${recent.join('\n')}`);
        return;
      }
      const output = recent.join('\n');
      reject(
        explainPgOutput(output, pgDir) ?? new Error(`The embedded PostgreSQL did not start:\n${output}`),
      );
    });
  });
  return ready;
}

function readOrCreateSecret(file: string, undo: (() => void)[]): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  undo.push(() => fs.rmSync(file, { force: true }));
  return secret;
}

/**
 * Stops PostgreSQL when the process is interrupted or exits without having stopped it. Sending the
 * signal is enough: PostgreSQL then shuts down cleanly on its own, even after we are gone.
 */
function stopWithProcess(child: ChildProcess, onSignals: boolean): () => void {
  const running = () => child.exitCode === null && child.signalCode === null;
  const onExit = () => {
    if (running()) child.kill('SIGINT');
  };
  const signals = onSignals ? (['SIGINT', 'SIGTERM', 'SIGHUP'] as const) : [];
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    // Alone, our listener would swallow the signal: end the way the signal would have ended us.
    if (process.listenerCount(signal) === 1) {
      const end = () => {
        remove();
        process.kill(process.pid, signal);
      };
      if (running()) child.once('exit', end);
      else end();
    }
  };
  process.on('exit', onExit);
  for (const s of signals) process.on(s, onSignal);
  const remove = () => {
    process.off('exit', onExit);
    for (const s of signals) process.off(s, onSignal);
  };
  return remove;
}

/**
 * Starts the embedded PostgreSQL that owns DATA_DIR's cluster, creating it on first use. It listens on
 * a private Unix socket only. As root it runs as the `postgres` user (PostgreSQL refuses root), with
 * the cluster and the binaries where that user can reach them (ADR 0020). A first start that fails
 * removes what it created, so the next one starts afresh rather than on a half-made cluster.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw directoryProblem(err, dataDir);
  }
  const releaseLock = acquireDataDirLock(dataDir);
  const undo: (() => void)[] = [];
  try {
    const ids = postgresIds();
    const bin = await findBinaries(options.binDir, ids);
    const { pgDir, runDir } = clusterHome(dataDir, ids, PORT, undo, log);
    const password = readOrCreateSecret(path.join(dataDir, 'pg-password'), undo);
    if (!fs.existsSync(runDir)) {
      fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
      undo.push(() => fs.rmSync(runDir, { recursive: true, force: true }));
    }
    if (ids) fs.chownSync(runDir, ids.uid, ids.gid);

    await clearStalePostgresLocks(pgDir, path.join(runDir, `.s.PGSQL.${PORT}.lock`), log);

    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      if (fs.existsSync(pgDir)) {
        if (fs.readdirSync(pgDir).length > 0) {
          throw new StartupError(
            `${pgDir} holds files but no PostgreSQL cluster.`,
            `move it away (mv ${pgDir} ${pgDir}.old) and start again: the server then creates a new, empty database.`,
          );
        }
        // An empty one is what an earlier version left when its initdb failed.
        fs.rmdirSync(pgDir);
      }
      const parent = path.dirname(pgDir);
      const { bavail, bsize } = fs.statfsSync(parent);
      if (bavail * bsize < MIN_FREE_BYTES)
        throw diskFull(parent, parent === dataDir ? 'DATA_DIR' : null, undefined, bavail * bsize);
      log.info(`creating the embedded PostgreSQL cluster in ${pgDir}`);
      await initialise(bin, pgDir, runDir, password, ids);
    }
    // From here the cluster is whole; a failure below leaves it for the next start.
    undo.length = 0;

    const socketLock = path.join(runDir, `.s.PGSQL.${PORT}.lock`);
    const supervisor = new PostgresSupervisor({
      log,
      run: (onExit) => runPostgres(bin, pgDir, runDir, ids, log, onExit, options.maxConnections),
      prepare: async () => {
        await clusterProcessesGone(pgDir, 10_000, log);
        await clearStalePostgresLocks(pgDir, socketLock, log);
      },
      hook: (child) => stopWithProcess(child, options.stopOnSignals ?? true),
      supervise: options.supervise,
    });
    await supervisor.start();
    const url = `postgresql://${DB_USER}:${encodeURIComponent(password)}@localhost:${PORT}/${DB_NAME}?host=${encodeURIComponent(runDir)}`;
    const stop = async () => {
      await supervisor.stop();
      releaseLock();
    };
    try {
      await ensureDatabase(url.replace(`/${DB_NAME}?`, '/postgres?'), DB_NAME);
    } catch (err) {
      await stop();
      throw err;
    }
    return {
      url,
      pgDir,
      stop,
      get state() {
        return supervisor.state;
      },
      get restarts() {
        return supervisor.restarts;
      },
    };
  } catch (err) {
    for (const step of undo.reverse()) step();
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
