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
      const [pidText, startTime] = fs.readFileSync(lockPath, 'utf8').split('\n');
      const pid = Number(pidText);
      const samePid = !startTime || procStat(pid)?.startTime === startTime;
      if (pid && pid !== process.pid && isRunning(pid) && samePid) {
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
