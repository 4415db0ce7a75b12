import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findBinaries, type Ids } from '../startup/pg-binaries.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * Test support (ADR 0032): a primary and a real streaming replica of it, both run by the embedded
 * PostgreSQL's binaries. npm ships only initdb, pg_ctl and postgres, not pg_basebackup, so the base
 * backup is the documented low-level one: pg_backup_start, a file copy, pg_backup_stop's label file.
 * WAL is not copied: the replica streams it through a physical slot made before the backup, which
 * keeps every segment from the backup's start until the replica has it.
 */

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Fast shutdown of the replica; its data directory stays, so startReplica resumes streaming. */
  stopReplica(): Promise<void>;
  /** Starts the stopped replica again; resolves once it accepts connections and streams. */
  startReplica(): Promise<void>;
  /** Stops both servers and removes their directories. */
  stop(): Promise<void>;
}

const SLOT = 'ayar_test_replica';
const REPLICA_PORT = 5433; // names the socket file; like the embedded primary, no TCP.
const READY_WITHIN_MS = 30_000;
const quiet = { info() {}, warn() {}, debug() {}, error: (m: string) => console.error(m) };

/** Like the embedded primary, the replica sees only the locale, time zone and PATH of our environment. */
function pgEnv(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => /^(PATH|LANG|LANGUAGE|LC_\w+|TZ)$/.test(key));
  return { ...Object.fromEntries(kept), LC_MESSAGES: 'C' };
}

/** A value inside a conninfo string, and that string inside postgresql.conf: each has its own quoting. */
const conninfoValue = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const confString = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Copies a live data directory; files PostgreSQL removes meanwhile are skipped (WAL replay restores them). */
function copyCluster(from: string, to: string, skip: (relative: string) => boolean, relative = ''): void {
  fs.mkdirSync(path.join(to, relative), { mode: 0o700 });
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(from, relative), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (skip(child)) continue;
    if (entry.isDirectory()) copyCluster(from, to, skip, child);
    else {
      try {
        fs.copyFileSync(path.join(from, child), path.join(to, child));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

/** What the docs say a base backup leaves out: the running server's files, WAL, slots and scratch state. */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label.old']);
const EMPTIED_DIRS = [
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
];
const skipInBackup = (relative: string) =>
  SKIPPED_FILES.has(relative) || EMPTIED_DIRS.some((dir) => relative.startsWith(`${dir}${path.sep}`));

function chownTree(dir: string, ids: Ids): void {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(child, ids);
    else fs.chownSync(child, ids.uid, ids.gid);
  }
}

/** Runs the backup on one session (a non-exclusive backup ends with the session that began it). */
async function baseBackup(primaryUrl: string, pgDir: string, target: string): Promise<void> {
  const session = client(primaryUrl);
  await session.connect();
  try {
    // Reserved now, so the WAL from here on is kept until the replica has streamed it.
    await session.query('select pg_create_physical_replication_slot($1, true)', [SLOT]);
    await session.query(`select pg_backup_start('ayar replica harness', true)`);
    copyCluster(pgDir, target, skipInBackup);
    const { rows } = await session.query<{ labelfile: string; spcmapfile: string }>(
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    fs.writeFileSync(path.join(target, 'backup_label'), rows[0]!.labelfile, { mode: 0o600 });
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(target, 'tablespace_map'), rows[0]!.spcmapfile);
  } finally {
    await session.end();
  }
}

/** Makes the copy a standby of the primary behind `primaryUrl` (its Unix socket). */
function configureStandby(target: string, primaryUrl: string): void {
  const url = new URL(primaryUrl);
  const conninfo = [
    ['host', url.searchParams.get('host')!],
    ['port', url.port],
    ['user', decodeURIComponent(url.username)],
    ['password', decodeURIComponent(url.password)],
    ['dbname', url.pathname.slice(1)],
    ['application_name', SLOT],
  ]
    .map(([key, value]) => `${key}=${conninfoValue(value!)}`)
    .join(' ');
  fs.writeFileSync(path.join(target, 'standby.signal'), '');
  fs.appendFileSync(
    path.join(target, 'postgresql.auto.conf'),
    `primary_conninfo = ${confString(conninfo)}\nprimary_slot_name = ${confString(SLOT)}\n`,
  );
}

/** A client whose server may stop under it: its error then fails its query, not the process. */
function client(url: string): pg.Client {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  return c;
}

/**
 * Resolves when the replica accepts connections and its WAL receiver streams from the primary;
 * rejects if the server exits or the deadline passes.
 */
async function untilStreaming(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the test replica exited while starting:\n${output()}`);
    }
    const c = client(url);
    try {
      await c.connect();
      const { rows } = await c.query<{ status: string }>('select status from pg_stat_wal_receiver');
      if (rows[0]?.status === 'streaming') return;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`the test replica did not start:\n${output()}`, { cause: err });
    } finally {
      await c.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`the test replica does not stream:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface ReplicaServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function replicaServer(
  postgres: string,
  pgDir: string,
  runDir: string,
  url: string,
  ids: Ids | null,
): ReplicaServer {
  let child: ChildProcess | null = null;
  const kill = () => child?.kill('SIGINT');
  return {
    async start() {
      if (child) return;
      // Should the primary turn a restarted replica's receiver away (the walsender of the run before
      // still holding the slot), it tries again after wal_retrieve_retry_interval: 5 s by default.
      const args = [
        '-D',
        pgDir,
        '-p',
        String(REPLICA_PORT),
        '-c',
        'listen_addresses=',
        '-c',
        'wal_retrieve_retry_interval=100ms',
      ];
      const started = spawn(
        postgres,
        [...args, '-c', `unix_socket_directories=${runDir}`, '-c', 'lc_messages=C'],
        {
          ...(ids ?? {}),
          env: pgEnv(),
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      child = started;
      let output = '';
      started.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
      process.on('exit', kill); // an interrupted run leaves no server behind
      try {
        await untilStreaming(url, started, () => output);
      } catch (err) {
        await this.stop();
        throw err;
      }
    },
    async stop() {
      const running = child;
      child = null;
      process.off('exit', kill);
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

/** Waits until a row written on the primary now can be read on the replica: streaming works. */
async function untilReplayed(primaryUrl: string, replicaUrl: string): Promise<void> {
  const primary = client(primaryUrl);
  const replica = client(replicaUrl);
  await primary.connect();
  await replica.connect();
  try {
    await primary.query('create table replica_harness_check (mark text)');
    await primary.query(`insert into replica_harness_check values ('streaming')`);
    const deadline = Date.now() + READY_WITHIN_MS;
    for (;;) {
      const seen = await replica
        .query(`select 1 from replica_harness_check where mark = 'streaming'`)
        .then((r) => r.rowCount === 1)
        .catch(() => false); // the table itself is not replayed yet
      if (seen) return;
      if (Date.now() > deadline) throw new Error('the test replica did not replay the primary within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await primary.end();
    await replica.end();
  }
}

/** Starts a primary (the embedded PostgreSQL in a temporary directory) and a streaming replica of it. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-replica-'));
  // As root PostgreSQL runs as `postgres`, which must reach both clusters.
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  };
  try {
    const primary = await startEmbeddedPostgres(path.join(dir, 'primary'), quiet);
    cleanups.push(() => primary.stop());
    // The replica runs as whoever runs the primary (`postgres` when we are root).
    const owner = fs.statSync(primary.pgDir);
    const ids = process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : null;
    const { postgres } = await findBinaries(undefined, ids);

    const replicaDir = path.join(dir, 'replica');
    const pgDir = path.join(replicaDir, 'pg');
    const runDir = path.join(replicaDir, 'pg-run');
    fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
    await baseBackup(primary.url, primary.pgDir, pgDir);
    configureStandby(pgDir, primary.url);
    if (ids) chownTree(replicaDir, ids);

    const replicaUrl = new URL(primary.url);
    replicaUrl.port = String(REPLICA_PORT);
    replicaUrl.searchParams.set('host', runDir);
    const server = replicaServer(postgres, pgDir, runDir, replicaUrl.toString(), ids);
    cleanups.push(() => server.stop());
    await server.start();
    await untilReplayed(primary.url, replicaUrl.toString());
    return {
      primaryUrl: primary.url,
      replicaUrl: replicaUrl.toString(),
      stopReplica: () => server.stop(),
      startReplica: () => server.start(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
