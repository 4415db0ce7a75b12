import type { LoadResult } from './load-worker.ts';
import { printTable } from './table.ts';

/** One measured run of a server: its load result and the CPU its serving thread spent a request. */
export type LookupRun = LoadResult & { cpuUs: number | null };

export interface LookupSummary {
  name: string;
  rps: number;
  p50: number;
  /** The worst round's. */
  p99: number;
  non2xx: number;
  cpu: string;
}

/** Each server's rounds as one row: mean requests/s, the worst round's p50 and p99, CPU by round. */
export function summariseLookup(results: Map<string, LookupRun[]>): LookupSummary[] {
  return [...results].map(([name, rs]) => ({
    name,
    rps: rs.reduce((s, r) => s + r.requestsPerSecond, 0) / rs.length,
    p50: Math.max(...rs.map((r) => r.p50)),
    p99: Math.max(...rs.map((r) => r.p99)),
    non2xx: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
    cpu: rs.every((r) => r.cpuUs !== null) ? rs.map((r) => r.cpuUs!.toFixed(0)).join(', ') : 'n/a',
  }));
}

export function printLookupTable(title: string, summary: LookupSummary[]): void {
  printTable(
    [title, 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx/errors', 'CPU µs a request, by round'],
    summary.map((s) => [
      s.name,
      String(Math.round(s.rps)),
      String(s.p50),
      String(s.p99),
      String(s.non2xx),
      s.cpu,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r'],
  );
}
