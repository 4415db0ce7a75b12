import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './errors.ts';

/** What a process was, from /proc: its state letter and start time (clock ticks after boot). */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": the state is field 3, the start time field 22; comm may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return null;
  }
}

/**
 * The process runs. A zombie does not: right after a `kill -9` the killed processes wait as zombies
 * until their parent (often init) collects them, and they still answer `kill(pid, 0)`.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  // Without /proc (another system), kill(pid, 0) is all there is to go on.
  if (!stat) return !fs.existsSync('/proc/self/stat');
  return stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * The pid a lock file names when that process still runs and is the one that wrote it (the same start
 * time: not another process that got the pid since a reboot); null for no lock or a stale one.
 */
function liveHolder(lockPath: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  const [pidText, startTime] = text.split('\n');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return null;
  return !startTime || procStat(pid)?.startTime === startTime ? pid : null;
}

/**
 * Who holds `dataDir`'s lock now (a server, or a command that started its embedded PostgreSQL), by
 * pid; null when nobody does. Only reads: `npm start` asks before it rebuilds the web files that a
 * running server serves (ADR 0054).
 */
export function whoHoldsDataDirLock(dataDir: string): number | null {
  return liveHolder(path.join(dataDir, 'ayar.lock'));
}

/**
 * One Ayar server per data directory: an exclusive lock file holding our pid and its start time. A
 * lock whose process is gone, a zombie, or another process that got the same pid since (a reboot, a
 * container restart) is taken over; a live owner refuses with a clear message.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'ayar.lock');
  const own = `${process.pid}\n${procStat(process.pid)?.startTime ?? ''}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, own, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === own) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = liveHolder(lockPath);
      if (pid !== null && pid !== process.pid) {
        throw new StartupError(
          `another Ayar server (pid ${pid}) is already using the data directory ${dataDir}.`,
          'stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new StartupError(
    `could not lock the data directory ${dataDir}.`,
    'try again; another start was racing this one.',
  );
}

/** The working directory of a process, which a postmaster sets to its data directory; null if unknown. */
function cwdOf(pid: number): string | null {
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/** `pid` is a running postmaster of the cluster in `pgDir`; null when that cannot be told (no /proc access). */
function isPostmasterOf(pid: number, pgDir: string): boolean | null {
  if (!isRunning(pid)) return false;
  const cwd = cwdOf(pid);
  if (cwd === null) return null;
  return cwd === fs.realpathSync(pgDir);
}

/** The pid on the first line of a PostgreSQL lock file, or null when there is none. */
function lockPid(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isRunning(pid);
}

interface Log {
  warn(msg: string): void;
}

/**
 * After a crash, the lock files PostgreSQL keeps while it runs may outlive it: `postmaster.pid` in the
 * cluster and `.s.PGSQL.<port>.lock` next to its socket. PostgreSQL refuses to start while either names
 * a pid that answers `kill(pid, 0)`, which a zombie still does for a while after `kill -9`, and which a
 * process that reused the pid does forever. A postmaster of ours that still runs (its server died, it
 * did not) is stopped (fast shutdown). A lock is removed only when its pid is surely not a postmaster
 * of this cluster; when that cannot be told, PostgreSQL's own check decides.
 */
export async function clearStalePostgresLocks(pgDir: string, socketLock: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  for (const file of [pidFile, socketLock]) {
    const pid = lockPid(file);
    if (pid === null) continue;
    const ours = fs.existsSync(pgDir) ? isPostmasterOf(pid, pgDir) : false;
    if (ours) {
      log.warn(`stopping the embedded PostgreSQL (pid ${pid}) left running by a previous crash`);
      process.kill(pid, 'SIGINT');
      if (!(await exited(pid, 30_000))) {
        process.kill(pid, 'SIGKILL');
        await exited(pid, 10_000);
      }
    }
    if (ours === null) continue;
    fs.rmSync(file, { force: true });
    // The socket of a dead postmaster: PostgreSQL would remove it too, but only after taking the lock.
    if (file === socketLock) fs.rmSync(socketLock.replace(/\.lock$/, ''), { force: true });
  }
}

/** The pids of processes whose working directory is `pgDir`: a postmaster and its backends all have it. */
function processesIn(pgDir: string): number[] {
  let real: string;
  try {
    real = fs.realpathSync(pgDir);
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    if (cwdOf(pid) === real && isRunning(pid)) pids.push(pid);
  }
  return pids;
}

/**
 * Before a postmaster that died is started again (ADR 0051): its backends notice their parent is gone
 * and exit on their own within moments, but while one still holds the old shared memory the new
 * postmaster must not start beside it, and `clearStalePostgresLocks` would remove the `postmaster.pid`
 * that lets PostgreSQL see it. After `timeoutMs` the stragglers are killed, as PostgreSQL's own crash
 * recovery does with its backends; WAL replay at the next start makes every committed write whole.
 */
export async function clusterProcessesGone(pgDir: string, timeoutMs: number, log: Log): Promise<void> {
  if (!fs.existsSync('/proc/self/cwd')) return;
  const deadline = Date.now() + timeoutMs;
  let left = processesIn(pgDir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = processesIn(pgDir);
  }
  if (left.length === 0) return;
  log.warn(
    `killing ${left.length} PostgreSQL process(es) left by the postmaster that stopped: ${left.join(', ')}`,
  );
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const pid of left) await exited(pid, 5_000);
}
