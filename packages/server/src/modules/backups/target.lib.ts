import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { isRunning } from '../../startup/locks.ts';
import { LOCATION_FILE } from '../../startup/pg-home.ts';

/** The database a backup reads or a restore fills. */
export interface DatabaseTarget {
  url: string;
  source: 'embedded' | 'external';
  /** Stops an embedded PostgreSQL this process started; leaves anything else alone. */
  close(): Promise<void>;
}

export interface TargetConfig {
  dataDir: string;
  DATABASE_URL?: string | undefined;
}

export interface TargetLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** The embedded cluster of a data directory: DATA_DIR/pg, or where DATA_DIR/pg-location says. */
function embeddedPgDir(dataDir: string): string {
  const record = path.join(dataDir, LOCATION_FILE);
  return fs.existsSync(record)
    ? path.join(fs.readFileSync(record, 'utf8').trim(), 'pg')
    : path.join(dataDir, 'pg');
}

/**
 * The URL of the embedded PostgreSQL that runs on `dataDir` (a running server's), or null. Its
 * postmaster.pid names the socket directory and port; the user, database and password are the ones
 * startEmbeddedPostgres gives every cluster.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(embeddedPgDir(dataDir), 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  if (!pid || !port || !socketDir || !isRunning(pid)) return null;
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgresql://ayar:${encodeURIComponent(password)}@localhost:${port}/ayar?host=${encodeURIComponent(socketDir)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database to back up: DATABASE_URL's; else the embedded one, through the socket of the server
 * that runs it (the service is not stopped), or, when no server runs, started here for the backup.
 */
export async function databaseToBackUp(config: TargetConfig, log: TargetLog): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, source: 'external', close: async () => {} };
  if (!fs.existsSync(path.join(config.dataDir, 'pg-password'))) {
    throw new Error(
      `${config.dataDir} holds no Ayar database (set DATA_DIR, or DATABASE_URL for an external one).`,
    );
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const running = runningEmbeddedUrl(config.dataDir);
    if (running) return { url: running, source: 'embedded', close: async () => {} };
    try {
      return await startTemporarily(config.dataDir, log);
    } catch (err) {
      // A server starting at this moment holds the data directory but has no PostgreSQL yet: wait for it.
      if (Date.now() > deadline || !fs.existsSync(path.join(config.dataDir, 'ayar.lock'))) throw err;
      await sleep(500);
    }
  }
}

/**
 * The database to restore into: DATABASE_URL's, or the embedded one of DATA_DIR, started here (and
 * created when DATA_DIR is new). A server running on DATA_DIR makes this fail: stop it first.
 */
export async function databaseToRestore(config: TargetConfig, log: TargetLog): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, source: 'external', close: async () => {} };
  return startTemporarily(config.dataDir, log);
}

async function startTemporarily(dataDir: string, log: TargetLog): Promise<DatabaseTarget> {
  let stopping = false;
  const embedded = await startEmbeddedPostgres(
    dataDir,
    {
      info: (m) => log.info(m),
      warn: (m) => log.warn(m),
      debug: () => {},
      // Its exit is reported as an error even when we stop it; only an unexpected one is news.
      error: (m) => {
        if (!stopping) log.warn(m);
      },
    },
    { binDir: process.env.POSTGRES_BIN_DIR || undefined },
  );
  return {
    url: embedded.url,
    source: 'embedded',
    close: async () => {
      stopping = true;
      await embedded.stop();
    },
  };
}
