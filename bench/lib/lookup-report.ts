import autocannon from 'autocannon';
import type { LoadResult } from './load-worker.ts';
import { printTable } from './table.ts';

/** One measured run of a server: its load result and the CPU its serving thread spent a request. */
export type LookupRun = LoadResult & { cpuUs: number | null };

export interface LookupSummary {
  name: string;
  rps: number;
  /** Of every request of every round. */
  p50: number;
  /** Of every request of every round: what the target judges. */
  p99: number;
  /** The worst round's p99. */
  worstRoundP99: number;
  non2xx: number;
  cpu: string;
}

/** The p50 and p99 of every request of several runs (their histograms added; whole milliseconds). */
export function pooledLatency(runs: readonly LoadResult[]): { p50: number; p99: number } {
  const { latency } = autocannon.aggregateResult(
    runs.flatMap((r) => r.raw),
    { url: 'http://pooled' },
  );
  return { p50: latency.p50, p99: latency.p99 };
}

/**
 * Each server's rounds as one row: mean requests/s, the p50 and p99 of all its requests, the worst
 * round's p99 and the CPU by round.
 */
export function summariseLookup(results: Map<string, LookupRun[]>): LookupSummary[] {
  return [...results].map(([name, rs]) => ({
    name,
    rps: rs.reduce((s, r) => s + r.requestsPerSecond, 0) / rs.length,
    ...pooledLatency(rs),
    worstRoundP99: Math.max(...rs.map((r) => r.p99)),
    non2xx: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
    cpu: rs.every((r) => r.cpuUs !== null) ? rs.map((r) => r.cpuUs!.toFixed(0)).join(', ') : 'n/a',
  }));
}

export function printLookupTable(title: string, summary: LookupSummary[]): void {
  printTable(
    [
      title,
      'requests/s',
      'p50 ms',
      'p99 ms',
      'worst round p99',
      'non-2xx/errors',
      'CPU µs a request, by round',
    ],
    summary.map((s) => [
      s.name,
      String(Math.round(s.rps)),
      String(s.p50),
      String(s.p99),
      String(s.worstRoundP99),
      String(s.non2xx),
      s.cpu,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}
