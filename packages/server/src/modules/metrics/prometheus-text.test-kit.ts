/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), for the metrics' tests
 * (ADR 0052): every line must be a HELP, a TYPE, a comment, blank, or a well-formed sample of the family
 * its TYPE declared; a malformed line, a repeated TYPE or series, a sample outside its family or a
 * histogram whose buckets do not add up throws: a test must reject what a parser for reading may let by.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string, line: string): number {
  // Go's ParseFloat, which the format names, takes NaN and Inf in any case (prom-client writes `Nan`).
  if (/^[-+]?(inf|infinity)$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` → labels and where the braces end. */
function parseLabels(text: string, line: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = 1;
  while (text[i] !== '}') {
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (eq < 0 || !LABEL.test(name) || text[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] !== '\\') value += text[j];
      else {
        const escaped = text[++j];
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`bad escape in: ${line}`);
      }
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    if (name in labels) throw new Error(`repeated label ${name} in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`bad label separator in: ${line}`);
  }
  return { labels, end: i + 1 };
}

function parseSample(line: string): Sample {
  const nameEnd = line.search(/[{ ]/);
  if (nameEnd < 0) throw new Error(`no value in: ${line}`);
  const name = line.slice(0, nameEnd);
  if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
  let rest = line.slice(nameEnd);
  let labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    const parsed = parseLabels(rest, line);
    labels = parsed.labels;
    rest = rest.slice(parsed.end);
  }
  const parts = rest.split(' ');
  // One space, the value, and an optional integer timestamp.
  if (parts[0] !== '' || parts.length < 2 || parts.length > 3) throw new Error(`bad sample in: ${line}`);
  if (parts[2] !== undefined && !/^-?\d+$/.test(parts[2])) throw new Error(`bad timestamp in: ${line}`);
  return { name, labels, value: parseValue(parts[1]!, line) };
}

/** The family a sample belongs to, by its TYPE and the suffixes that type allows. */
function familyOf(families: Map<string, Family>, sample: string): Family | undefined {
  for (const family of families.values()) {
    if (SUFFIXES[family.type].some((suffix) => family.name + suffix === sample)) return family;
  }
  return undefined;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const s of family.samples) {
    const { le: _le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const samples of series.values()) {
    const buckets = samples.filter((s) => s.name.endsWith('_bucket'));
    const count = samples.find((s) => s.name.endsWith('_count'));
    if (buckets.some((b) => b.labels.le === undefined))
      throw new Error(`${family.name}: a bucket without le`);
    const last = buckets.at(-1);
    if (!last || last.labels.le !== '+Inf') throw new Error(`${family.name}: no +Inf bucket`);
    for (let i = 1; i < buckets.length; i++) {
      if (buckets[i]!.value < buckets[i - 1]!.value)
        throw new Error(`${family.name}: buckets not cumulative`);
    }
    if (!count || count.value !== last.value) throw new Error(`${family.name}: +Inf bucket is not _count`);
    if (!samples.some((s) => s.name.endsWith('_sum'))) throw new Error(`${family.name}: no _sum`);
  }
}

/** Parses a whole scrape; throws on the first thing that is not the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the text does not end with a newline');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] };
      if (kind === 'TYPE') {
        if (seen.has(`type ${name}`)) throw new Error(`repeated TYPE for ${name}`);
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (family.samples.length) throw new Error(`TYPE after samples for ${name}`);
        seen.add(`type ${name}`);
        family.type = rest as Family['type'];
      } else {
        if (seen.has(`help ${name}`)) throw new Error(`repeated HELP for ${name}`);
        seen.add(`help ${name}`);
        family.help = rest;
      }
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = parseSample(line);
    const family = familyOf(families, sample.name);
    if (!family) throw new Error(`a sample with no TYPE before it: ${line}`);
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) throw new Error(`repeated series: ${line}`);
    seen.add(key);
    family.samples.push(sample);
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** Every sample name a scrape exports (a histogram's `_bucket`, `_sum` and `_count`, not its family's). */
export function sampleNames(families: Map<string, Family>): Set<string> {
  const names = new Set<string>();
  for (const family of families.values())
    for (const suffix of SUFFIXES[family.type]) names.add(family.name + suffix);
  return names;
}

/** The value of one series, or undefined when the scrape does not have it. */
export function valueOf(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    const match = family.samples.find(
      (s) =>
        s.name === name &&
        Object.keys(s.labels).length === Object.keys(labels).length &&
        Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    if (match) return match.value;
  }
  return undefined;
}
