import type { CodeBlock } from '@ayar/contract';

// Runs of consecutive packet numbers (both ends included), the unit reservations are kept and
// answered in. Worked on as intervals, never number by number: a workshop's pool of released numbers
// may be as large as its ranges.

/** How many numbers the runs hold. */
export const countOf = (runs: readonly CodeBlock[]) => runs.reduce((n, r) => n + r.to - r.from + 1, 0);

/** The runs sorted, with touching or overlapping ones joined. */
export function merge(runs: readonly CodeBlock[]): CodeBlock[] {
  const sorted = [...runs].sort((a, b) => a.from - b.from);
  const out: CodeBlock[] = [];
  for (const run of sorted) {
    const last = out.at(-1);
    if (last && run.from <= last.to + 1) last.to = Math.max(last.to, run.to);
    else out.push({ ...run });
  }
  return out;
}

/** The numbers of `blocks` that are not in `used`, as merged runs. */
export function unusedRuns(blocks: readonly CodeBlock[], used: readonly number[]): CodeBlock[] {
  const points = [...new Set(used)].sort((a, b) => a - b);
  const out: CodeBlock[] = [];
  let p = 0;
  for (const block of merge(blocks)) {
    let from = block.from;
    while (p < points.length && points[p]! < from) p++;
    while (p < points.length && points[p]! <= block.to) {
      if (points[p]! > from) out.push({ from, to: points[p]! - 1 });
      from = points[p]! + 1;
      p++;
    }
    if (from <= block.to) out.push({ from, to: block.to });
  }
  return out;
}

/** The lowest `n` numbers of sorted, disjoint runs, and what is left of them. */
export function takeLowest(runs: readonly CodeBlock[], n: number): { taken: CodeBlock[]; rest: CodeBlock[] } {
  const taken: CodeBlock[] = [];
  const rest: CodeBlock[] = [];
  let left = n;
  for (const run of runs) {
    const size = run.to - run.from + 1;
    if (left <= 0) rest.push(run);
    else if (size <= left) {
      taken.push(run);
      left -= size;
    } else {
      taken.push({ from: run.from, to: run.from + left - 1 });
      rest.push({ from: run.from + left, to: run.to });
      left = 0;
    }
  }
  return { taken, rest };
}

/** Whether `n` lies in one of the runs. */
export const within = (runs: readonly CodeBlock[], n: number) => runs.some((r) => r.from <= n && n <= r.to);
