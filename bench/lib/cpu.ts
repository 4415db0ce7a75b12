import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_S = 100;

/**
 * CPU milliseconds a process's main thread has used (user + system), from /proc; null where there is
 * no /proc. CPU time, unlike requests/s or a profile's wall-clock samples, does not count the time a
 * thread waits for a core that PostgreSQL or the load generator holds (ADR 0035). The main thread
 * only: it is where a Node server does its work, and the bench's own process has the load
 * generator in another thread.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces), 1-based from the state: utime is 12th, stime 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}
