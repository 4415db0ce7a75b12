import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './errors.ts';
import { type Ids, SYSTEM_DIR } from './pg-binaries.ts';

/** Where the embedded cluster of a data directory lives: the cluster itself and its socket directory. */
export interface ClusterHome {
  pgDir: string;
  runDir: string;
  /** The cluster is outside DATA_DIR, in a directory DATA_DIR/pg-location names (ADR 0020). */
  relocated: boolean;
}

/** DATA_DIR's file naming the directory of its cluster, when that is not DATA_DIR/pg. */
export const LOCATION_FILE = 'pg-location';
/** In that directory: the data directory it belongs to, so a copied DATA_DIR cannot share it. */
const OWNER_FILE = 'data-dir';

/** Unix socket paths are limited to ~107 bytes; long data directories get a short socket dir in /tmp. */
function socketDir(dataDir: string, port: number): string {
  const preferred = path.join(dataDir, 'pg-run');
  if (Buffer.byteLength(path.join(preferred, `.s.PGSQL.${port}`)) < 100) return preferred;
  const hash = createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `ayar-pg-${hash}`);
}

/** The user `ids` can traverse every directory down to `dir` (a 0700 home on the way stops it). */
function canReach(dir: string, ids: Ids): boolean {
  const run = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], {
    ...ids,
    stdio: 'ignore',
    timeout: 10_000,
  });
  return !run.error && run.status === 0;
}

/**
 * Where the cluster of `dataDir` is, and where it will be created. Normally DATA_DIR/pg. As root
 * PostgreSQL runs as the `postgres` user; when that user cannot reach DATA_DIR (a clone under /root),
 * the cluster goes to SYSTEM_DIR/<hash of DATA_DIR>, owned by that user, and DATA_DIR/pg-location
 * records it so every later start finds it, whatever path DATA_DIR is given by. `undo` gets what this
 * call created, for a first start that fails before the cluster exists.
 */
export function clusterHome(
  dataDir: string,
  ids: Ids | null,
  port: number,
  undo: (() => void)[],
  log: { info(msg: string): void; warn(msg: string): void },
): ClusterHome {
  const record = path.join(dataDir, LOCATION_FILE);
  const real = fs.realpathSync(dataDir);
  if (fs.existsSync(record)) {
    const dir = fs.readFileSync(record, 'utf8').trim();
    const owner = readOrNull(path.join(dir, OWNER_FILE));
    if (owner !== null && owner !== real) {
      throw new StartupError(
        `${record} names the database of another data directory (${owner}); this one looks like a copy of it.`,
        `start the server with DATA_DIR=${owner}, or remove ${record} to give this data directory a new, empty database.`,
      );
    }
    return { pgDir: path.join(dir, 'pg'), runDir: path.join(dir, 'pg-run'), relocated: true };
  }
  const inPlace = { pgDir: path.join(dataDir, 'pg'), runDir: socketDir(dataDir, port), relocated: false };
  if (!ids || fs.existsSync(path.join(inPlace.pgDir, 'PG_VERSION')) || canReach(dataDir, ids)) return inPlace;

  const dir = path.join(SYSTEM_DIR, createHash('sha256').update(real).digest('hex').slice(0, 16));
  fs.mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
  if (fs.existsSync(dir)) {
    // Its record is gone (DATA_DIR was emptied or recreated): keep the old cluster aside, never reuse it.
    const aside = `${dir}.orphaned-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, aside);
    log.warn(
      `${dir} held the database of an earlier ${dataDir} whose record is gone; it is kept as ${aside}`,
    );
  }
  fs.mkdirSync(dir, { mode: 0o700 });
  undo.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.chownSync(dir, ids.uid, ids.gid);
  fs.writeFileSync(path.join(dir, OWNER_FILE), real, { mode: 0o644 });
  fs.writeFileSync(record, `${dir}\n`, { mode: 0o644 });
  undo.push(() => fs.rmSync(record, { force: true }));
  log.info(
    `the postgres user cannot reach ${dataDir}, so the embedded database goes to ${dir} (recorded in ${record})`,
  );
  return { pgDir: path.join(dir, 'pg'), runDir: path.join(dir, 'pg-run'), relocated: true };
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}
