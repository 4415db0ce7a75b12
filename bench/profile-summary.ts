/**
 * Summarises a V8 CPU profile (`.cpuprofile`, from `node --cpu-prof` or `bench/lookup.ts --profile DIR`):
 *   node bench/profile-summary.ts FILE [--top 25]
 * Prints the functions with the most self time, and the self time per package (node_modules/<name>,
 * our packages/<name>, node: internals, GC, idle), so "where does the time go" has a number.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { intFlag } from './lib/cli.ts';
import { printTable } from './lib/table.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.log('node bench/profile-summary.ts FILE.cpuprofile [--top 25]');
  process.exit(positionals.length === 0 ? 0 : 1);
}
const top = intFlag('top', values.top, 25);
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Which package a frame's code belongs to. */
function packageOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (functionName === '(garbage collector)') return '(gc)';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const ours = /packages\/([^/]+)\//.exec(url);
  if (ours) return `@ayar/${ours[1]}`;
  if (url.startsWith('node:') || url === '') return '(node internals)';
  return url;
}

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const busy =
  total - (selfUs.get(profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id ?? -1) ?? 0);

const sum = (keyOf: (n: ProfileNode) => string) => {
  const out = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const key = keyOf(byId.get(id)!);
    out.set(key, (out.get(key) ?? 0) + us);
  }
  return [...out].sort((a, b) => b[1] - a[1]);
};
const pct = (us: number) => `${((us / busy) * 100).toFixed(1)} %`;
const ms = (us: number) => (us / 1000).toFixed(0);

console.log(`${positionals[0]}: ${ms(total)} ms sampled, ${ms(busy)} ms not idle (percentages of that)\n`);
printTable(
  ['package', 'self ms', 'share'],
  sum((n) => packageOf(n.callFrame))
    .filter(([k]) => k !== '(idle)')
    .slice(0, top)
    .map(([k, us]) => [k, ms(us), pct(us)]),
  ['l', 'r', 'r'],
);
console.log();
printTable(
  ['function', 'where', 'self ms', 'share'],
  sum(
    (n) =>
      `${n.callFrame.functionName || '(anonymous)'}\t${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/packages\//, '')}:${n.callFrame.lineNumber + 1}`,
  )
    .filter(([k]) => !k.startsWith('(idle)'))
    .slice(0, top)
    .map(([k, us]) => {
      const [fn, where] = k.split('\t');
      return [fn!.slice(0, 40), where!.slice(-60), ms(us), pct(us)];
    }),
  ['l', 'l', 'r', 'r'],
);
